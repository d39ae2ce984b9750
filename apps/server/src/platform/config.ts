import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.ts';

/** Every setting comes from the environment (documented in the README's table). */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_OWNER_URL: z.string().optional(),
  PORTAL_SECRET: z.string().optional(),
  /** While PORTAL_SECRET is rotated: the secret it replaces, to open what was sealed under it. */
  PORTAL_SECRET_PREVIOUS: z.string().optional(),
  /** The cross-tenant index's key material (issue #36 item 4); else derived from PORTAL_SECRET. */
  CROSS_TENANT_KEY: z.string().optional(),
  PORTAL_ADMIN_EMAIL: z.string().optional(),
  PORTAL_ADMIN_PASSWORD: z.string().optional(),
  PORTAL_DOMAIN: z.string().default('localhost'),
  DEMO: z.enum(['true', 'false']).optional(),
  DEMO_SEED_RECORDS: z.enum(['true', 'false']).default('true'),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  // Sign-in throttling (DECISIONS 7): a request rate per address, a block per (account, address),
  // a wait per account that grows with its failures from every address.
  LOGIN_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_PAIR_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_PAIR_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  LOGIN_WAIT_AFTER_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WAIT_STEP_MS: z.coerce.number().int().min(0).default(30_000),
  LOGIN_WAIT_MAX_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(15 * 60 * 1000),
  LOGIN_ACCOUNT_WINDOW_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600 * 1000),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  /** Processes serving the API on the one port (issue #23); default: the cores on PostgreSQL, 1 on PGlite. */
  API_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  JOB_POLL_SECONDS: z.coerce.number().positive().default(2),
  /** Prometheus metrics of every portal process of the machine (issue #37); 0 turns them off. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Where each process answers its own metrics (a unix socket per process) for the gatherer. */
  METRICS_SOCKET_DIR: z.string().optional(),
  /** Mean event-loop delay over which /readyz answers 503 (@fastify/under-pressure; 0: never). */
  READY_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** How often a worker looks for work no request asked for (orphans, integrity, reminders). */
  WATCHDOG_SECONDS: z.coerce.number().positive().default(10),
  /**
   * How old an exercise's progress may be when answered (issue #33, DECISIONS 185): computed at
   * most once per this many seconds per exercise and API process; 0 computes it at every call.
   */
  PROGRESS_MAX_AGE_SECONDS: z.coerce.number().min(0).default(5),
  /**
   * End-to-end tests only (DECISIONS 186): a file holding how many milliseconds the portal's clock
   * runs ahead of the machine's; refused with NODE_ENV=production.
   */
  PORTAL_CLOCK_FILE: z.string().optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive().default(200),
  MAX_SPREADSHEET_UNCOMPRESSED_MB: z.coerce.number().positive().default(2048),
  UPLOAD_WORKER_MEMORY_MB: z.coerce.number().int().positive().default(1024),
  UPLOAD_PARSE_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Verification Portal <no-reply@portal.local>'),
  PORTAL_PUBLIC_URL: z.string().optional(),
  VERIFY_CHUNK_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
  VERIFY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  VERIFY_LEASE_SECONDS: z.coerce.number().int().min(5).default(30),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  PROVIDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  PROVIDER_BACKOFF_MS: z.coerce.number().int().min(0).default(250),
  ALLOW_PRIVATE_PROVIDER_URLS: z.enum(['true', 'false']).optional(),
  CLAIM_RATE_PER_IP: z.coerce.number().int().positive().default(30),
  CLAIM_RATE_PER_TENANT: z.coerce.number().int().positive().default(600),
  IDENTITY_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  ACCOUNT_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(4011),
  DEMO_IDENTITY_SIMULATOR: z.enum(['true', 'false']).optional(),
  DEMO_ACCOUNT_SIMULATOR: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z.string().optional(),
});

export type ProcessRole = 'api' | 'worker' | 'all';

/** Sign-in throttling (DECISIONS 7). */
export interface LoginThrottle {
  /** Sign-in requests per minute from one address (429 with Retry-After above). */
  ratePerIp: number;
  /** Failures of one account from one address that block that pair for the window. */
  pairMaxFailures: number;
  pairWindowMs: number;
  /** From this many failures of an account (any address), the addresses that failed on it wait. */
  waitAfterFailures: number;
  /** The wait grows by this much with each further failure, up to waitMaxMs. */
  waitStepMs: number;
  waitMaxMs: number;
  /** An account's failures count for this long, or until it signs in. */
  accountWindowMs: number;
}

export interface Config {
  production: boolean;
  demo: boolean;
  /** Demo mode's first start also seeds the sample master list, its verification and assignments. */
  demoSeedRecords: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: the owner of the tables, for migrations, pg-boss's schema and VACUUM (DECISIONS
   * 111); the portal's own queries go through databaseUrl, a role that owns nothing. Defaults to
   * databaseUrl.
   */
  databaseOwnerUrl: string | undefined;
  portalSecret: string | undefined;
  /** PORTAL_SECRET_PREVIOUS: sealed secrets still under it are re-sealed at start. */
  portalSecretPrevious: string | undefined;
  /** CROSS_TENANT_KEY: the cross-tenant index's key material, instead of PORTAL_SECRET's. */
  crossTenantKey: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  portalDomain: string;
  jwtTtlSeconds: number;
  login: LoginThrottle;
  logLevel: string;
  webDist: string;
  role: ProcessRole;
  /** How many processes serve the API (node:cluster, sharing the port); 1 means this process. */
  apiProcesses: number;
  shutdownTimeoutMs: number;
  jobPollSeconds: number;
  watchdogSeconds: number;
  progressMaxAgeSeconds: number;
  /** PORTAL_CLOCK_FILE: the end-to-end tests' clock (platform/test-clock.ts); never in production. */
  clockFile: string | null;
  upload: {
    maxBytes: number;
    maxUncompressedBytes: number;
    workerMaxMemoryMb: number;
    workerTimeoutMs: number;
    /**
     * Rows an upload writes per statement after the first 1,000: 3,000 on PostgreSQL (fewer
     * statements: decision 41); 1,000 on the embedded database, where another tenant's read waits
     * for the statement running (DECISIONS 124).
     */
    batchRows: number;
    /**
     * The same for the HR lists (issue #35): 10,000 on PostgreSQL, where each batch is written
     * into the list while the worker reads the next, and 3,000-row batches spent much of that
     * overlap on their own statements (DECISIONS 287); 1,000 on the embedded database, as above.
     */
    hrListBatchRows: number;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Public address of a tenant's portal; '{subdomain}' is replaced. */
  publicUrlTemplate: string;
  verify: { chunkSize: number; concurrency: number; leaseSeconds: number };
  provider: {
    timeoutMs: number;
    maxAttempts: number;
    backoffBaseMs: number;
    /** Provider URLs may name loopback, private and other non-public addresses (decision 60). */
    allowPrivateAddresses: boolean;
  };
  /** Public claim calls per minute, per client IP and per tenant. */
  claimRate: { perIp: number; perTenant: number };
  /** Demo mode starts the identity-source simulator, unless DEMO_IDENTITY_SIMULATOR=false. */
  demoIdentitySimulator: boolean;
  /** Its port (IDENTITY_SIM_PORT; 0: any free port). */
  simulatorPort: number;
  /** Demo mode starts the account name simulator (issue #36) too, unless DEMO_ACCOUNT_SIMULATOR=false. */
  demoAccountSimulator: boolean;
  /** Its port (ACCOUNT_SIM_PORT; 0: any free port). */
  accountSimulatorPort: number;
  /** Peers whose X-Forwarded-For is believed (Fastify's trustProxy; decision 58). */
  trustProxy: TrustProxy;
  /** Prometheus exposition (issue #37): port 0 turns it off; sockets gathered from socketDir. */
  metrics: { port: number; host: string; socketDir: string };
  /** /readyz fails past this mean event-loop delay (0: never). */
  readyMaxEventLoopDelayMs: number;
}

export const DEMO_ADMIN = { email: 'admin@portal.local', password: 'ChangeMe123!' } as const;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export class ConfigError extends Error {}

/**
 * Every core serves the API on PostgreSQL; the embedded database has one owner process, so one. A
 * job-only process (--role=worker) serves no API.
 */
function apiProcesses(asked: number | undefined, postgres: boolean, role: ProcessRole): number {
  if (role === 'worker') return 1;
  if (!postgres) {
    if (asked !== undefined && asked > 1)
      throw new ConfigError(
        'API_PROCESSES above 1 needs PostgreSQL (DATABASE_URL): PGlite has one owner process.',
      );
    return 1;
  }
  return asked ?? os.availableParallelism();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.DEMO ? e.DEMO === 'true' : !e.DATABASE_URL && !production;
  const demoIdentitySimulator = demo && e.DEMO_IDENTITY_SIMULATOR !== 'false';
  if (production && e.PORTAL_CLOCK_FILE) {
    throw new ConfigError(
      'PORTAL_CLOCK_FILE moves the clock for end-to-end tests; it is refused in production.',
    );
  }
  if (production && !e.PORTAL_SECRET) {
    throw new ConfigError('PORTAL_SECRET is required when NODE_ENV=production.');
  }
  if (e.PORTAL_SECRET_PREVIOUS && !e.PORTAL_SECRET) {
    throw new ConfigError('PORTAL_SECRET_PREVIOUS is set without the PORTAL_SECRET that replaces it.');
  }
  if (e.PORTAL_SECRET_PREVIOUS && e.PORTAL_SECRET_PREVIOUS === e.PORTAL_SECRET) {
    throw new ConfigError(
      'PORTAL_SECRET_PREVIOUS is the same as PORTAL_SECRET: set the new secret as PORTAL_SECRET.',
    );
  }
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  const roleArg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (roleArg !== 'api' && roleArg !== 'worker' && roleArg !== 'all') {
    throw new ConfigError(`--role must be api, worker or all (got "${roleArg}").`);
  }
  return {
    production,
    demo,
    // The sample list is verified against the demo's identity simulator: without it, not seeded.
    demoSeedRecords: demoIdentitySimulator && e.DEMO_SEED_RECORDS === 'true',
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    databaseOwnerUrl: (e.DATABASE_URL && e.DATABASE_OWNER_URL) || e.DATABASE_URL || undefined,
    portalSecret: e.PORTAL_SECRET || undefined,
    portalSecretPrevious: e.PORTAL_SECRET_PREVIOUS || undefined,
    crossTenantKey: e.CROSS_TENANT_KEY || undefined,
    adminEmail: (e.PORTAL_ADMIN_EMAIL ?? DEMO_ADMIN.email).trim().toLowerCase(),
    adminPassword: e.PORTAL_ADMIN_PASSWORD ?? (demo ? DEMO_ADMIN.password : undefined),
    portalDomain: e.PORTAL_DOMAIN,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    login: {
      ratePerIp: e.LOGIN_RATE_PER_IP,
      pairMaxFailures: e.LOGIN_PAIR_MAX_FAILURES,
      pairWindowMs: e.LOGIN_PAIR_WINDOW_MS,
      waitAfterFailures: e.LOGIN_WAIT_AFTER_FAILURES,
      waitStepMs: e.LOGIN_WAIT_STEP_MS,
      waitMaxMs: e.LOGIN_WAIT_MAX_MS,
      accountWindowMs: e.LOGIN_ACCOUNT_WINDOW_MS,
    },
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    role: roleArg,
    apiProcesses: apiProcesses(e.API_PROCESSES, Boolean(e.DATABASE_URL), roleArg),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    watchdogSeconds: e.WATCHDOG_SECONDS,
    progressMaxAgeSeconds: e.PROGRESS_MAX_AGE_SECONDS,
    clockFile: e.PORTAL_CLOCK_FILE ? path.resolve(e.PORTAL_CLOCK_FILE) : null,
    upload: {
      maxBytes: Math.round(e.MAX_UPLOAD_MB * 1024 * 1024),
      maxUncompressedBytes: Math.round(e.MAX_SPREADSHEET_UNCOMPRESSED_MB * 1024 * 1024),
      workerMaxMemoryMb: e.UPLOAD_WORKER_MEMORY_MB,
      workerTimeoutMs: e.UPLOAD_PARSE_TIMEOUT_MS,
      batchRows: e.DATABASE_URL ? 3_000 : 1_000,
      hrListBatchRows: e.DATABASE_URL ? 10_000 : 1_000,
    },
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    publicUrlTemplate: e.PORTAL_PUBLIC_URL ?? `http://{subdomain}.${e.PORTAL_DOMAIN}:${e.PORT}`,
    verify: {
      chunkSize: e.VERIFY_CHUNK_SIZE,
      concurrency: e.VERIFY_CONCURRENCY,
      leaseSeconds: e.VERIFY_LEASE_SECONDS,
    },
    provider: {
      timeoutMs: e.PROVIDER_TIMEOUT_MS,
      maxAttempts: e.PROVIDER_MAX_ATTEMPTS,
      backoffBaseMs: e.PROVIDER_BACKOFF_MS,
      // Demo mode's simulator listens on 127.0.0.1.
      allowPrivateAddresses: e.ALLOW_PRIVATE_PROVIDER_URLS ? e.ALLOW_PRIVATE_PROVIDER_URLS === 'true' : demo,
    },
    demoIdentitySimulator,
    simulatorPort: e.IDENTITY_SIM_PORT,
    demoAccountSimulator: demo && e.DEMO_ACCOUNT_SIMULATOR !== 'false',
    accountSimulatorPort: e.ACCOUNT_SIM_PORT,
    claimRate: { perIp: e.CLAIM_RATE_PER_IP, perTenant: e.CLAIM_RATE_PER_TENANT },
    trustProxy,
    metrics: {
      port: e.METRICS_PORT,
      host: e.METRICS_HOST,
      // One directory per metrics port: the processes that one scrape gathers.
      socketDir: path.resolve(
        e.METRICS_SOCKET_DIR ?? path.join(os.tmpdir(), `verification-portal-metrics-${e.METRICS_PORT}`),
      ),
    },
    readyMaxEventLoopDelayMs: e.READY_MAX_EVENT_LOOP_DELAY_MS,
  };
}
