import path from 'node:path';
import { z } from 'zod';

/** Every setting comes from the environment (documented in the README's table). */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PORTAL_SECRET: z.string().optional(),
  PORTAL_ADMIN_EMAIL: z.string().optional(),
  PORTAL_ADMIN_PASSWORD: z.string().optional(),
  PORTAL_DOMAIN: z.string().default('localhost'),
  DEMO: z.enum(['true', 'false']).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().positive().default(25_000),
  JOB_POLL_SECONDS: z.coerce.number().positive().default(2),
});

export type ProcessRole = 'api' | 'worker' | 'all';

export interface Config {
  production: boolean;
  demo: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  portalSecret: string | undefined;
  adminEmail: string;
  adminPassword: string | undefined;
  portalDomain: string;
  jwtTtlSeconds: number;
  logLevel: string;
  webDist: string;
  role: ProcessRole;
  shutdownTimeoutMs: number;
  jobPollSeconds: number;
}

export const DEMO_ADMIN = { email: 'admin@portal.local', password: 'ChangeMe123!' } as const;

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const demo = e.DEMO ? e.DEMO === 'true' : !e.DATABASE_URL && !production;
  if (production && !e.PORTAL_SECRET) {
    throw new ConfigError('PORTAL_SECRET is required when NODE_ENV=production.');
  }
  const roleArg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (roleArg !== 'api' && roleArg !== 'worker' && roleArg !== 'all') {
    throw new ConfigError(`--role must be api, worker or all (got "${roleArg}").`);
  }
  return {
    production,
    demo,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    portalSecret: e.PORTAL_SECRET || undefined,
    adminEmail: (e.PORTAL_ADMIN_EMAIL ?? DEMO_ADMIN.email).trim().toLowerCase(),
    adminPassword: e.PORTAL_ADMIN_PASSWORD ?? (demo ? DEMO_ADMIN.password : undefined),
    portalDomain: e.PORTAL_DOMAIN,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : path.join(repoRoot, 'apps/web/dist'),
    role: roleArg,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
  };
}
