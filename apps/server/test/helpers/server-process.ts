import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** How the server is started: its TypeScript through tsx, unless a test names another command. */
const TYPESCRIPT_ENTRY = ['--import', 'tsx', 'src/main.ts'];

/**
 * Starts the real server entry point (node + tsx, or `entry`: Node's arguments up to and with the
 * entry file, in apps/server) as its own process; `args` e.g. ['--role=worker'].
 */
export async function spawnServer(
  env: Record<string, string>,
  args: string[] = [],
  entry: string[] = TYPESCRIPT_ENTRY,
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_SEED_RECORDS: 'false', // as in test-portal.ts
      ALLOW_PRIVATE_PROVIDER_URLS: 'true', // as in test-portal.ts: the simulators listen on 127.0.0.1
      DEMO_IDENTITY_SIMULATOR: 'false', // as in test-portal.ts
      IDENTITY_SIM_PORT: '0', // as in test-portal.ts
      DEMO_ACCOUNT_SIMULATOR: 'false', // as in test-portal.ts
      ACCOUNT_SIM_PORT: '0',
      // One process per server unless a test asks for more: a test's SIGKILL then kills what serves.
      API_PROCESSES: '1',
      // No metrics port unless a test asks for one: parallel tests would contend for 9464.
      METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, port, output: () => out, exited };
}

export async function waitHealthy(port: number, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server on port ${port} did not become healthy`);
}

/** The CSRF cookie and its echo, for calls to a server process over HTTP. */
export const PROCESS_CSRF = { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't' };

/** One JSON call to a server process: status and parsed body (null when there is none). */
export async function callProcess<T = unknown>(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...PROCESS_CSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** Signs in on a server process and returns the token. */
export async function loginProcess(base: string, email: string, password: string): Promise<string> {
  return (
    await callProcess<{ token: string }>(base, 'POST', '/api/v1/auth/authenticate', undefined, {
      email,
      password,
    })
  ).body.token;
}
