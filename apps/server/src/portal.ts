import crypto from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { fileClock } from './platform/test-clock.ts';
import { privateLogOptions } from './platform/log-privacy.ts';
import { buildApp, type PortalApp } from './app.ts';
import { bootstrap } from './bootstrap.ts';
import type { Config } from './platform/config.ts';
import { serveBackupRequests } from './platform/backup-pglite.ts';
import { openDatabase, type Database } from './platform/db.ts';
import { JobQueue } from './platform/jobs.ts';
import { createMailer } from './platform/mail.ts';
import { migrate, pendingMigrations } from './platform/migrate.ts';
import { labelProcessRole, setMetricSources } from './platform/metrics.ts';
import { asPlatform } from './platform/tenant-context.ts';
import { deriveKeys, resolvePortalSecret, secretBox, type Keys } from './platform/secrets.ts';
import { AuditRepo } from './modules/audit/audit.repo.ts';
import { ProviderSettings } from './modules/identity/provider-settings.ts';
import { deliverMailHandler, deliverMailJob } from './modules/notifications/mail.jobs.ts';
import { deliverSmsHandler, deliverSmsJob } from './modules/notifications/sms.jobs.ts';
import { SmsOutboxRepo } from './modules/notifications/sms-outbox.repo.ts';
import { SmsGateways } from './modules/tenants/sms-gateway.ts';
import { SmsGatewayRepo } from './modules/tenants/sms-gateway.repo.ts';
import { CampaignsRepo } from './modules/campaigns/campaigns.repo.ts';
import { CampaignReminders, remindHandler, remindJob } from './modules/campaigns/reminders.ts';
import { RemindersRepo } from './modules/campaigns/reminders.repo.ts';
import { OutboxRepo } from './modules/notifications/outbox.repo.ts';
import { pingHandler, pingJob } from './modules/system/ping.jobs.ts';
import { maintainRecordsHandler, maintainRecordsJob } from './modules/records/maintain.jobs.ts';
import { MaintenanceRepo } from './modules/records/maintenance.repo.ts';
import { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import { resealSecrets } from './modules/tenants/reseal-secrets.ts';
import { SealedSecretsRepo } from './modules/tenants/sealed-secrets.repo.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { bulkVerifyHandler, bulkVerifyJob } from './modules/verification/bulk-verify.jobs.ts';
import { accountCheckHandler, accountCheckJob } from './modules/verification/account-check.jobs.ts';
import { AccountCheckRepo } from './modules/verification/account-check.repo.ts';
import { AccountProviderSettings } from './modules/identity/account-provider-settings.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { exportHandler, exportJob } from './modules/exports/export.jobs.ts';
import { FourEyes } from './modules/approvals/four-eyes.ts';
import { ReasonCodesService } from './modules/approvals/reason-codes.ts';
import { ExportsRepo } from './modules/exports/exports.repo.ts';
import { EXPORT_MESSAGES } from '@portal/contract/exports';
import { startDemoAccountSimulator, startDemoSimulator, type DemoSimulator } from './demo-simulator.ts';
import { startDemoSmsGateway, type DemoSmsGateway } from './demo-sms-gateway.ts';
import { seedDemoRecords } from './demo-seed.ts';
import { IntegrityEvaluator } from './modules/integrity/evaluate.ts';
import {
  askDueEvaluations,
  evaluateIntegrityHandler,
  evaluateIntegrityJob,
  integrityRequester,
} from './modules/integrity/integrity.jobs.ts';
import { CrossTenantIndexRepo } from './modules/integrity/cross-tenant-index.repo.ts';
import { crossTenantKey } from './modules/integrity/cross-tenant-key.ts';
import { IntegrityRepo } from './modules/integrity/integrity.repo.ts';
import { integrityDecisions } from './modules/integrity/integrity-decisions.ts';
import { RulesRepo } from './modules/integrity/rules.repo.ts';
import { SettingsRepo } from './modules/settings/settings.repo.ts';
import { SettingsService } from './modules/settings/settings.service.ts';

export interface Portal extends PortalApp {
  db: Database;
  jobs: JobQueue;
  config: Config;
  keys: Keys;
  /** The identity-source simulator started in demo mode. */
  simulator: DemoSimulator | undefined;
  /** The account name simulator started in demo mode (issue #36; DEMO_ACCOUNT_SIMULATOR). */
  accountSimulator: DemoSimulator | undefined;
  /** Stop taking work, finish in-flight requests and jobs, close the database. */
  close(): Promise<void>;
}

/** config → db → migrations → jobs → bootstrap → http (not listening yet). */
export interface PortalOptions {
  /** Where log lines go (standard output by default); tests read them. */
  logStream?: pino.DestinationStream;
  /** The clock of the rules that read today's date (app.ts `now`); tests move it. */
  now?: () => Date;
}

export async function startPortal(config: Config, options: PortalOptions = {}): Promise<Portal> {
  const logOptions = privateLogOptions(config.logLevel);
  // Standard output written synchronously: log lines and the start banner (console.log) come out
  // in the order written, so the banner is the last thing a start prints (README; issue #31 item
  // 16). Requests are logged at debug level only, so the log is small.
  const log = pino(logOptions, options.logStream ?? pino.destination({ dest: 1, sync: true }));
  // The rules' clock: a test's, the end-to-end tests' file clock (never in production), or the machine's.
  const now = options.now ?? (config.clockFile ? fileClock(config.clockFile) : () => new Date());
  if (config.clockFile)
    log.warn({ file: config.clockFile }, 'the clock is moved by PORTAL_CLOCK_FILE (tests only)');
  const keys = deriveKeys(
    resolvePortalSecret(config.portalSecret, config.dataDir),
    config.portalSecretPrevious,
    config.crossTenantKey,
  );
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // The tables' owner (DECISIONS 111): migrations, pg-boss's schema and VACUUM; the portal's own
  // role owns nothing. One connection at most, closed when idle.
  let owner: Database = db;
  let jobs: JobQueue | undefined;
  let simulator: DemoSimulator | undefined;
  let accountSimulator: DemoSimulator | undefined;
  let demoSms: DemoSmsGateway | undefined;
  let watchdog: NodeJS.Timeout | undefined;
  try {
    if (config.databaseOwnerUrl && config.databaseOwnerUrl !== config.databaseUrl) {
      owner = await openDatabase({
        databaseUrl: config.databaseOwnerUrl,
        dataDir: config.dataDir,
        poolSize: 1,
      });
    }
    // Startup reads and writes across tenants on purpose (row-level security, DECISIONS 110).
    const ran = await asPlatform(() => migrate(owner.orm));
    if (ran.length) log.info({ migrations: ran }, 'applied migrations');
    const tenants = new TenantsRepo(db.orm);
    const users = new UsersRepo(db.orm);
    const box = secretBox(keys.atRest, keys.atRestPrevious);
    if (keys.atRestPrevious) {
      // A rotation of PORTAL_SECRET (docs/operations-deploy.md): what the previous secret sealed
      // is sealed again under the new one, so that the previous one can be dropped.
      const { resealed, unopened } = await asPlatform(() =>
        resealSecrets(new SealedSecretsRepo(db.orm), box),
      );
      log.warn(
        { resealed, unopened },
        'PORTAL_SECRET_PREVIOUS is set: sealed secrets are now under PORTAL_SECRET; remove PORTAL_SECRET_PREVIOUS',
      );
    }
    const { createdDemoTenantId } = await asPlatform(() => bootstrap(config, { users, tenants }, log));
    if (config.demo) simulator = await asPlatform(() => startDemoSimulator(config, tenants, box, log));
    if (config.demo)
      accountSimulator = await asPlatform(() => startDemoAccountSimulator(config, tenants, box, log));
    // A worker's (an API process sends no SMS).
    if (config.demo && config.role !== 'api')
      demoSms = await asPlatform(() => startDemoSmsGateway(tenants, new SmsGatewayRepo(db.orm), box, log));

    jobs = new JobQueue({
      executor: db.executor,
      ownerExecutor: owner.executor,
      log,
      pollingIntervalSeconds: config.jobPollSeconds,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
    });
    const mailer = createMailer(config.smtpUrl, config.mailFrom);
    const outbox = new OutboxRepo(db.orm);
    const verification = new VerificationRepo(db.orm);
    jobs.register(pingJob, pingHandler(new AuditRepo(db.orm)));
    // VACUUM needs the table's owner.
    jobs.register(maintainRecordsJob, maintainRecordsHandler(new MaintenanceRepo(owner.orm)));
    jobs.register(deliverMailJob, deliverMailHandler(outbox, mailer));
    // Issue #33: SMS over each tenant's SMPP gateway, and the exercises' reminders.
    const smsGateways = new SmsGateways(new SmsGatewayRepo(db.orm), new AuditRepo(db.orm), box);
    jobs.register(
      deliverSmsJob,
      deliverSmsHandler(new SmsOutboxRepo(db.orm), (tenantId) => smsGateways.forTenant(tenantId)),
    );
    const campaignsRepo = new CampaignsRepo(db.orm);
    const reminders = new CampaignReminders({
      repo: campaignsRepo,
      runs: new RemindersRepo(db.orm, campaignsRepo),
      now,
      publicUrlTemplate: config.publicUrlTemplate,
      smsOn: async (tenantId) => (await smsGateways.view(tenantId)) !== null,
      deliver: async ({ mail, sms }) => {
        if (mail && mailer.configured) await jobs!.send(deliverMailJob, { reason: 'reminders' });
        if (sms) await jobs!.send(deliverSmsJob, { reason: 'reminders' });
      },
    });
    jobs.register(remindJob, remindHandler(reminders));
    const workerId = `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
    jobs.register(
      bulkVerifyJob,
      bulkVerifyHandler(verification, new ProviderSettings(tenants, box), {
        ...config.verify,
        workerId,
        client: config.provider,
        afterLargeChange: async (reason) => void (await jobs!.send(maintainRecordsJob, { reason })),
        afterJob: async (tenantId, reason) => integrityRequest(tenantId, reason),
      }),
    );
    // The account check (issue #36 item 3) on bulk verification's machinery and settings.
    jobs.register(
      accountCheckJob,
      accountCheckHandler(
        verification,
        new AccountCheckRepo(db.orm),
        new AccountProviderSettings(tenants, box),
        new ProviderSettings(tenants, box),
        {
          ...config.verify,
          workerId,
          client: config.provider,
          afterJob: async (tenantId, reason) => integrityRequest(tenantId, reason),
        },
      ),
    );
    // Payroll integrity (issue #21): the rules' evaluation, asked for after changes and by the watchdog.
    const integrityRepo = new IntegrityRepo(db.orm);
    const integrityRequest = integrityRequester(integrityRepo, jobs);
    // Issue #36 item 4: the platform's index of every tenant's identifiers under its own key.
    const crossTenantIndex = new CrossTenantIndexRepo(db.orm, crossTenantKey(keys.crossTenant));
    jobs.register(
      evaluateIntegrityJob,
      evaluateIntegrityHandler(
        new IntegrityEvaluator(
          integrityRepo,
          new RulesRepo(db.orm),
          new SettingsService(new SettingsRepo(db.orm), new AuditRepo(db.orm)),
          {
            sync: (scope) => crossTenantIndex.sync(scope),
            // Another tenant's evaluation, asked for across tenants on purpose.
            requestOthers: (tenantIds, reason) =>
              asPlatform(async () => {
                for (const tenantId of tenantIds)
                  await integrityRequest(tenantId, reason, { background: true });
              }),
          },
        ),
      ),
    );
    const exportsRepo = new ExportsRepo(db.orm);
    const exportAudit = new AuditRepo(db.orm);
    // Four-eyes (issue #22): with a second approver, a generated export awaits approval.
    const fourEyes = new FourEyes(
      db.orm,
      exportAudit,
      new ReasonCodesService(db.orm, exportAudit),
      integrityDecisions(integrityRepo),
    );
    jobs.register(
      exportJob,
      exportHandler(db.orm, exportsRepo, exportAudit, fourEyes, db.copyOut, integrityRequest),
    );
    const working = config.role !== 'api';
    await jobs.start({ work: working });
    const started = jobs;
    // The cross-tenant index was built under another key (a PORTAL_SECRET rotation, a new
    // CROSS_TENANT_KEY) or never: every tenant's evaluation is asked for, and the first one's sync
    // builds the whole index again (DECISIONS 284).
    const rebuild = await crossTenantIndex.ensureKey();
    if (rebuild.length) {
      log.warn({ tenants: rebuild.length }, 'the cross-tenant index is built again under its current key');
      await asPlatform(async () => {
        for (const tenantId of rebuild)
          await integrityRequest(tenantId, 'cross-tenant index key changed', { background: true });
      });
    }
    if (working) {
      if (mailer.configured && (await asPlatform(() => outbox.pendingCount())) > 0) {
        await started.send(deliverMailJob, { reason: 'resume' }); // deliver what an earlier process left
      }
      await started.send(deliverSmsJob, { reason: 'resume' }); // the same for SMS (a claim when none wait)
      // Resumes bulk verifications and account checks whose worker died (its lease ran out) — after a crash or SIGKILL.
      const resumeOrphans = async () => {
        const failed = await exportsRepo.failInterrupted(EXPORT_MESSAGES.interrupted);
        if (failed) log.warn({ failed }, 'marked interrupted payroll exports as failed');
        for (const job of await verification.orphanedJobs()) {
          log.warn({ jobId: job.id, kind: job.kind }, 'resuming a bulk job whose worker stopped');
          await started.send(
            job.kind === 'ACCOUNT_CHECK' ? accountCheckJob : bulkVerifyJob,
            { tenantId: job.tenantId, jobId: job.id, actorId: null },
            { singletonKey: job.id },
          );
        }
      };
      // Evaluates the integrity rules of a tenant whose evaluation is due (integrity.jobs.ts).
      const dueIntegrity = () => askDueEvaluations(integrityRepo, started);
      // The exercises' reminders due now (issue #33): a job per run, once per run whatever the
      // number of workers asking (the run's unique key; pg-boss's singleton key spares the queue).
      const dueReminders = async () => {
        for (const run of await reminders.due())
          await started.send(remindJob, run, {
            singletonKey: `${run.campaignId}:${run.kind}:${run.day}`,
          });
      };
      // The watchdogs look at every tenant on purpose.
      const resumeAll = () =>
        asPlatform(async () => {
          await resumeOrphans();
          await dueIntegrity();
          await dueReminders();
        });
      await resumeAll();
      watchdog = setInterval(
        () => void resumeAll().catch((err: unknown) => log.warn({ err }, 'watchdog failed')),
        config.watchdogSeconds * 1000,
      );
      watchdog.unref();
    }

    // Read as the owner (the portal's role may not read portal_migrations, DECISIONS 111), at
    // most once per 30 s: a readiness probe every few seconds opens no owner connection each time.
    const migrationsPending = cachedCheck(30_000, async () => {
      const pending = await asPlatform(() => pendingMigrations(owner.orm));
      if (pending.length) throw new Error(`migrations pending: ${pending.join(', ')}`);
    });
    const built = await buildApp({ config, db, jobs, keys, log, mailer, now, migrationsPending });
    labelProcessRole(config.role);
    setMetricSources({
      pool: () => db.poolFigures(),
      queueDepths: () => asPlatform(() => started.queueDepths()),
      ready: async () => (await built.readiness()).status === 'ready',
    });
    // Only on the start that created the demo tenant: a restart never seeds again.
    if (createdDemoTenantId && config.demoSeedRecords) {
      await asPlatform(() =>
        seedDemoRecords({ config, db, jobs: started, log, working }, createdDemoTenantId),
      );
    }
    // The embedded database's backups are taken by the process that owns it (backup-pglite.ts).
    const stopBackups = db.dumpTo ? serveBackupRequests(config.dataDir, db, log) : undefined;
    let closing: Promise<void> | undefined;
    return {
      ...built,
      db,
      jobs: started,
      config,
      keys,
      simulator,
      accountSimulator,
      close() {
        closing ??= (async () => {
          clearInterval(watchdog);
          setMetricSources(undefined);
          await stopBackups?.();
          await built.app.close();
          await started.stop();
          mailer.close();
          await simulator?.close();
          await accountSimulator?.close();
          await demoSms?.close();
          if (owner !== db) await owner.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    clearInterval(watchdog);
    await jobs?.stop().catch(() => undefined);
    await simulator?.close().catch(() => undefined);
    await accountSimulator?.close().catch(() => undefined);
    await demoSms?.close().catch(() => undefined);
    if (owner !== db) await owner.close().catch(() => undefined);
    await db.close();
    throw err;
  }
}

/** A check run at most once per `ms`: its last outcome (a pass or the same failure) meanwhile. */
function cachedCheck(ms: number, fn: () => Promise<void>): () => Promise<void> {
  let last: { at: number; outcome: Promise<void> } | undefined;
  return () => {
    if (!last || Date.now() - last.at >= ms) {
      const outcome = fn();
      outcome.catch(() => undefined);
      last = { at: Date.now(), outcome };
    }
    return last.outcome;
  };
}
