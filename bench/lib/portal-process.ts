// Starts the portal as its own process for a benchmark and reads its memory from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';

export const root = path.resolve(import.meta.dirname, '../..');

/** The same database as `portal_app`, the role every benchmark cluster creates (pg-cluster.mjs). */
export function appRoleUrl(url: string): string {
  const app = new URL(url);
  app.username = 'portal_app';
  return app.toString();
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface PortalProcess {
  child: ChildProcess;
  base: string;
  /** Resident and peak resident memory of the process, in MiB. */
  memory(): { rssMb: number; peakMb: number };
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Node options before the entry point (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** The compiled server (`npm run build`) instead of its TypeScript through tsx; BENCH_SERVER=compiled. */
  compiled?: boolean;
  /** A data directory of the caller's (kept when the portal stops), e.g. to measure a restart. */
  dataDir?: string;
  /** A port the caller chose (freePort()), e.g. to time the first answer itself. */
  port?: number;
}

/** BENCH_SERVER=compiled runs every benchmark's portal from apps/server/dist (`npm run build` first). */
export const COMPILED_BY_DEFAULT = process.env.BENCH_SERVER === 'compiled';

/** Node's arguments that start the server: compiled, or its TypeScript through tsx. */
export function serverEntry(compiled = COMPILED_BY_DEFAULT): string[] {
  if (!compiled) return ['--import', 'tsx', 'apps/server/src/main.ts'];
  if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')))
    throw new Error('BENCH_SERVER=compiled: run `npm run build` (or `npm run build:server`) first');
  return ['apps/server/dist/main.js'];
}

/** Whether a command line is a portal's server process (compiled or not). */
export const isPortalCommand = (cmdline: string) =>
  /apps\/server\/(src\/main\.ts|dist\/main\.js)/.test(cmdline);

/** How long a portal may take to answer /readyz: BENCH_START_TIMEOUT_S (120 s), polled every 250 ms. */
const START_POLLS = Number(process.env.BENCH_START_TIMEOUT_S ?? 120) * 4;

export async function startPortal(
  env: Record<string, string>,
  opts: StartOptions = {},
): Promise<PortalProcess> {
  const port = opts.port ?? (await freePort());
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...serverEntry(opts.compiled)], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      WEB_DIST: dataDir,
      // One process (its memory is read from /proc by its pid) unless the benchmark asks for more.
      API_PROCESSES: '1',
      ...env,
      // As in production (DECISIONS 111): the portal connects as the role that owns nothing, so
      // row-level security is in every figure; the benchmark's superuser URL runs the migrations.
      ...(env.DATABASE_URL && !env.DATABASE_OWNER_URL
        ? { DATABASE_URL: appRoleUrl(env.DATABASE_URL), DATABASE_OWNER_URL: env.DATABASE_URL }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not yet
    }
    if (i > START_POLLS || child.exitCode !== null) {
      child.kill('SIGKILL');
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error('portal did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    base,
    memory() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
      return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const CSRF = 'bench-csrf';
export const csrfHeaders = { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF };

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

const uploadAgent = new Agent({ headersTimeout: 0, bodyTimeout: 0 });

/**
 * Uploads a file from disk, streamed (fs.openAsBlob), and returns the summary and the time: the
 * master list by default, or another list's upload route (`route`) with its other fields.
 */
export async function upload<T = { newRecordsCreated: number }>(
  base: string,
  token: string,
  file: string,
  route = '/api/v1/records/upload',
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  const started = performance.now();
  const res = await fetch(`${base}${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...csrfHeaders },
    body: form,
    // A 1,000,000-row upload on a busy machine answers after fetch's 300 s headers timeout.
    dispatcher: uploadAgent,
  } as RequestInit);
  const body = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (!res.ok) throw new Error(`upload failed: ${res.status} ${body.slice(0, 500)}`);
  return { seconds, summary: JSON.parse(body) as T };
}

/** A new tenant and its admin, created through the global admin's API; returns the admin's token. */
export async function newTenantAdmin(base: string): Promise<string> {
  const globalAdmin = await login(base, 'admin@portal.local', 'ChangeMe123!');
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${globalAdmin}`, 'content-type': 'application/json', ...csrfHeaders },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${route} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const tag = Math.random().toString(36).slice(2, 8);
  const tenant = await post('/api/v1/global-admin/tenants', {
    name: 'Second State Civil Service',
    subdomain: `second-${tag}`,
    stateCode: 'SE',
    subscriptionStatus: 'ACTIVE',
    providerName: 'OPTIMA',
    apiBaseUrl: 'http://127.0.0.1:9/unused',
    clientId: 'bench',
  });
  const email = `admin.${tag}@second.example.gov.ng`;
  await post('/api/v1/auth/register', {
    fullName: 'Second Admin',
    email,
    password: 'Str0ng-Passw0rd',
    role: 'TENANT_ADMIN',
    tenantId: tenant.id,
  });
  return login(base, email, 'Str0ng-Passw0rd');
}
