import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/db/schema/index.ts';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { loadConfig } from '../../src/platform/config.ts';
import { startPortal, type Portal } from '../../src/portal.ts';
import { DEMO_PASSWORD } from '../../src/bootstrap.ts';
import { tempDir } from './temp-dirs.ts';

export { DEMO_PASSWORD };
export const DEMO_ADMIN = { email: 'admin@portal.local', password: 'ChangeMe123!' };

export interface TestPortal extends Portal {
  dataDir: string;
  databaseUrl: string | undefined;
  api: ApiClient;
  /** Signs in and returns the token. */
  login(email: string, password?: string): Promise<string>;
}

export interface TestPortalOptions {
  env?: Record<string, string>;
  role?: 'api' | 'worker' | 'all';
  /** Where the portal's log lines go (a test that reads them). */
  logStream?: { write(line: string): void };
  /** Reopen the same storage (data directory or database) as an earlier portal. */
  reuse?: { dataDir: string; databaseUrl: string | undefined };
  /** The portal's clock of today's date (verification exercises); the system's by default. */
  now?: () => Date;
}

/**
 * A fresh PostgreSQL database on the throwaway test cluster, when TEST_DATABASE_URL is set: a copy
 * of the run's migrated one (test/postgres-template.ts), or `empty` (a restore's target).
 */
export async function freshPostgresDatabase({ empty = false } = {}): Promise<string | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `portal_test_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}${empty ? '' : ` template ${inject('postgresTemplate')}`}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The URL of the same database as the role the portal connects as (`portal_app`, created with the
 * test cluster: it owns nothing and is no superuser, so row-level security holds it, DECISIONS
 * 111); `url` itself is the superuser's, which owns the tables and runs the migrations.
 */
export function appRoleUrl(url: string): string {
  const app = new URL(url);
  app.username = 'portal_app';
  return app.toString();
}

/** DATABASE_URL (the portal's role) and DATABASE_OWNER_URL (the owner) for a test database. */
export function postgresEnv(databaseUrl: string): Record<string, string> {
  return { DATABASE_URL: appRoleUrl(databaseUrl), DATABASE_OWNER_URL: databaseUrl };
}

export async function createTestPortal(opts: TestPortalOptions = {}): Promise<TestPortal> {
  const dataDir = opts.reuse?.dataDir ?? tempDir('portal-test-');
  const databaseUrl = opts.reuse ? opts.reuse.databaseUrl : await freshPostgresDatabase();
  // A new embedded database starts as a copy of the run's migrated one (test/pglite-template.ts).
  if (!opts.reuse && !databaseUrl)
    fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    DEMO: 'true',
    // The demo tenant and its users, without the sample master list and its verification (a few
    // seconds each start); demo-seed.test.ts turns it on.
    DEMO_SEED_RECORDS: 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    JOB_POLL_SECONDS: '0.5',
    // An exercise's progress read right after a change shows it (campaign-progress-cache.test.ts
    // holds the cache of a running portal).
    PROGRESS_MAX_AGE_SECONDS: '0',
    // Every call of a test comes from one address, faster than people sign in; the sign-in
    // request-rate limit has its own tests (login-ip-throttle.test.ts).
    LOGIN_RATE_PER_IP: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // The tests' simulators listen on 127.0.0.1 (provider-address-guard.test.ts turns it off).
    ALLOW_PRIVATE_PROVIDER_URLS: 'true',
    // The demo simulators (child processes, about 2 s of a start each) only where a test asks for
    // them; a test reaches the providers it needs through simulators of its own
    // (simulator-process.ts). On any free port: test files run side by side.
    DEMO_IDENTITY_SIMULATOR: 'false',
    IDENTITY_SIM_PORT: '0',
    DEMO_ACCOUNT_SIMULATOR: 'false',
    ACCOUNT_SIM_PORT: '0',
    ...(databaseUrl ? postgresEnv(databaseUrl) : {}),
    ...opts.env,
  };
  const portal = await startPortal(loadConfig(env, [`--role=${opts.role ?? 'all'}`]), {
    logStream: opts.logStream,
    now: opts.now,
  });
  const api = new ApiClient(portal);
  // On PostgreSQL a test reads and writes the database directly as the superuser (the owner),
  // whom row-level security does not hold: the portal's own queries run as portal_app.
  let inspector = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 4 }) : undefined;
  const db = inspector ? { ...portal.db, orm: drizzle(inspector, { schema }) } : portal.db;
  return {
    ...portal,
    db,
    async close() {
      await portal.close();
      const pool = inspector;
      inspector = undefined; // closed once, however often close() is called
      await pool?.end();
    },
    dataDir,
    databaseUrl,
    api,
    async login(email, password = DEMO_PASSWORD) {
      const res = await api.post('/api/v1/auth/authenticate', { body: { email, password }, csrf: false });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { token: string }).token;
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Send the CSRF cookie and header (default true). 'wrong' sends a header that does not match. */
  csrf?: boolean | 'wrong';
  headers?: Record<string, string>;
}

const CSRF_VALUE = 'test-csrf-token-value';

export class ApiClient {
  constructor(private readonly portal: Portal) {}

  async call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const csrf = opts.csrf ?? true;
    if (csrf) {
      headers.cookie = `${CSRF_COOKIE}=${CSRF_VALUE}`;
      headers[CSRF_HEADER] = csrf === 'wrong' ? 'not-the-cookie' : CSRF_VALUE;
    }
    return this.portal.app.inject({
      method,
      url,
      headers,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
  }

  get(url: string, opts?: CallOptions) {
    return this.call('GET', url, opts);
  }
  post(url: string, opts?: CallOptions) {
    return this.call('POST', url, opts);
  }
  put(url: string, opts?: CallOptions) {
    return this.call('PUT', url, opts);
  }
  delete(url: string, opts?: CallOptions) {
    return this.call('DELETE', url, opts);
  }
}

export async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}
