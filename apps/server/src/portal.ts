import pino from 'pino';
import { buildApp, type PortalApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { JobQueue } from './platform/jobs.ts';
import { migrate } from './platform/migrate.ts';
import { deriveKeys, resolvePortalSecret, type Keys } from './platform/secrets.ts';
import { AuditRepo } from './modules/audit/audit.repo.ts';
import { pingHandler, pingJob } from './modules/system/ping.jobs.ts';
import { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import { UsersRepo } from './modules/users/users.repo.ts';

export interface Portal extends PortalApp {
  db: Database;
  jobs: JobQueue;
  config: Config;
  keys: Keys;
  /** Stop taking work, finish in-flight requests and jobs, close the database. */
  close(): Promise<void>;
}

/** config → db → migrations → jobs → bootstrap → http (not listening yet). */
export async function startPortal(config: Config): Promise<Portal> {
  const log = pino({
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
  });
  const keys = deriveKeys(resolvePortalSecret(config.portalSecret, config.dataDir));
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let jobs: JobQueue | undefined;
  try {
    const ran = await migrate(db.orm);
    if (ran.length) log.info({ migrations: ran }, 'applied migrations');
    jobs = new JobQueue({
      executor: db.executor,
      log,
      pollingIntervalSeconds: config.jobPollSeconds,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
    });
    const audit = new AuditRepo(db.orm);
    jobs.register(pingJob, pingHandler(audit));
    await jobs.start({ work: config.role !== 'api' });
    await bootstrap(config, { users: new UsersRepo(db.orm), tenants: new TenantsRepo(db.orm) }, log);
    const built = await buildApp({ config, db, jobs, keys, log });
    const started = jobs;
    let closing: Promise<void> | undefined;
    return {
      ...built,
      db,
      jobs: started,
      config,
      keys,
      close() {
        closing ??= (async () => {
          await built.app.close();
          await started.stop();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    await jobs?.stop().catch(() => undefined);
    await db.close();
    throw err;
  }
}
