import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { tenantScope, type Actor } from './access/actor.ts';
import { DEMO_EMPLOYEE_RECORD, DEMO_REVIEWER_MINISTRIES, DEMO_USERS } from './bootstrap.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import type { JobQueue } from './platform/jobs.ts';
import { AuditRepo } from './modules/audit/audit.repo.ts';
import { ClaimsRepo } from './modules/claims/claims.repo.ts';
import { PeopleRepo } from './modules/people/people.repo.ts';
import { PeopleService } from './modules/people/people.service.ts';
import { IngestRepo } from './modules/records/ingest.repo.ts';
import { maintainRecordsJob } from './modules/records/maintain.jobs.ts';
import { RecordsRepo } from './modules/records/records.repo.ts';
import { UploadService } from './modules/records/upload.service.ts';
import { secondApproverOn } from './modules/approvals/four-eyes.ts';
import { UserAdminService } from './modules/users/user-admin.service.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { StatsRepo } from './modules/verification/stats.repo.ts';
import { VerificationRepo } from './modules/verification/verification.repo.ts';
import { VerificationService } from './modules/verification/verification.service.ts';
import { AppealFiguresRepo } from './modules/appeals/appeal-figures.repo.ts';
import { comparisonOf } from './modules/verification/compare.ts';
import { TenantMatchSettings } from './modules/identity/provider-settings.ts';
import { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import { integrityRequester } from './modules/integrity/integrity.jobs.ts';
import { IntegrityRepo } from './modules/integrity/integrity.repo.ts';

/** The sample master list whose people the demo simulator's population matches (examples/README.md). */
export const DEMO_MASTER_LIST = fileURLToPath(new URL('../../../examples/master-list.csv', import.meta.url));

/** How long a first start waits for the demo's bulk verification before it serves anyway. */
const VERIFY_WAIT_MS = 60_000;
/** And for the integrity rules' evaluation that follows it (under a second for the sample). */
const INTEGRITY_WAIT_MS = 20_000;

export interface DemoSeedDeps {
  config: Config;
  db: Database;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Whether this process runs jobs (the bulk verification is only waited for then). */
  working: boolean;
}

/**
 * First start in demo mode only (the caller decides): every role's screen has something to show.
 * The seed acts as the demo tenant admin through the same services as the API: the sample master
 * list goes through the real upload path, a bulk verification runs as the real job against the demo
 * simulator over HTTP, the demo reviewer gets two ministries with pending records, and the demo
 * employee's account is linked to their record of the list. A failure is logged, not fatal.
 */
export async function seedDemoRecords(deps: DemoSeedDeps, tenantId: string): Promise<void> {
  const { config, db, jobs, log } = deps;
  const started = Date.now();
  try {
    const users = new UsersRepo(db.orm);
    const audit = new AuditRepo(db.orm);
    const admin = await users.findByEmail(DEMO_USERS[0]!.email);
    if (!admin) throw new Error('the demo tenant admin is missing');
    const actor: Actor = { userId: admin.id, email: admin.email, role: 'TENANT_ADMIN', tenantId };
    const scope = tenantScope(tenantId);
    const matchSettings = new TenantMatchSettings(new TenantsRepo(db.orm));

    const uploads = new UploadService(
      new IngestRepo(db, comparisonOf),
      config.upload,
      matchSettings,
      audit,
      secondApproverOn,
      async (reason) => {
        await jobs.send(maintainRecordsJob, { reason });
      },
    );
    const summary = await uploads.upload(actor, {
      path: DEMO_MASTER_LIST,
      fileName: 'master-list.csv',
      sizeBytes: fs.statSync(DEMO_MASTER_LIST).size,
    });

    // The integrity rules (issue #21) run after the upload and again after the bulk verification
    // (its job asks): the sample's payroll anomalies are flagged on the first screen.
    const integrity = new IntegrityRepo(db.orm);
    await integrityRequester(integrity, jobs)(tenantId, 'demo seed');

    const verification = new VerificationRepo(db.orm);
    const job = await new VerificationService(
      verification,
      new RecordsRepo(db.orm),
      new StatsRepo(db.orm),
      audit,
      jobs,
      matchSettings,
      new AppealFiguresRepo(db.orm),
    ).start(actor);

    const reviewer = await users.findByEmail(DEMO_USERS.find((u) => u.role === 'REVIEWER')!.email);
    const ministryIds = await new RecordsRepo(db.orm).idsByName(scope, 'ministry', [
      ...DEMO_REVIEWER_MINISTRIES,
    ]);
    if (reviewer && ministryIds.length) {
      const people = new PeopleService(new PeopleRepo(db.orm), new UserAdminService(users, audit), audit);
      await people.updateAssignments(actor, reviewer.id, { ministryIds, departmentIds: [] });
    }

    const employee = await users.findByEmail(DEMO_USERS.find((u) => u.role === 'SELF_SERVICE_USER')!.email);
    const record = await new ClaimsRepo(db.orm).findByIdentity(
      scope,
      DEMO_EMPLOYEE_RECORD.nin,
      DEMO_EMPLOYEE_RECORD.ssid,
    );
    if (employee && record) await users.linkRecord(employee.id, record.id);

    let status = 'PENDING (no worker in this process)';
    let finishedAt: Date | null = null;
    if (deps.working) {
      const end = Date.now() + VERIFY_WAIT_MS;
      for (;;) {
        const row = await verification.getJob(scope, job.id);
        status = row?.status ?? 'MISSING';
        finishedAt = row?.finishedAt ?? null;
        if (status === 'COMPLETED' || status === 'FAILED' || Date.now() > end) break;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    let flagged = 'not evaluated (no worker in this process)';
    if (deps.working) {
      const end = Date.now() + INTEGRITY_WAIT_MS;
      for (;;) {
        const state = await integrity.state(scope, await integrity.today(scope));
        // The run that follows the verification: the job asks for it just after it finishes, so a
        // run that ended before then (the upload's) is not the last.
        const afterJob = !finishedAt || (state?.evaluatedAt != null && state.evaluatedAt >= finishedAt);
        if (state && !state.stale && !state.running && afterJob) {
          flagged = `${state.summary?.total.flaggedRecords ?? 0} records flagged`;
          break;
        }
        if (Date.now() > end) {
          flagged = 'still evaluating';
          break;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    log.info(
      {
        records: summary.newRecordsCreated,
        bulkVerification: status,
        integrity: flagged,
        ms: Date.now() - started,
      },
      'seeded the demo master list, its bulk verification and integrity flags, the reviewer assignments and the employee record',
    );
  } catch (err) {
    log.error({ err }, 'seeding the demo records failed; delete the data directory to seed again');
  }
}
