import type { BulkJob } from '@portal/contract/verification';
import { ACCOUNT_CHECK_MESSAGES } from '@portal/contract/verification';
import { ERROR_CODES } from '@portal/contract/errors';
import { scopeOf, type Actor } from '../../access/actor.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { accountCheckJob, bankCodesOf } from './account-check.jobs.ts';
import type { AccountCheckRepo } from './account-check.repo.ts';
import type { VerificationRepo } from './verification.repo.ts';
import { toBulkJob } from './verification.service.ts';

/**
 * The account check's start and list (issue #36 item 3), as bulk verification's: one active job
 * per tenant, the start audited, the jobs in the bulk jobs' shape.
 */
export class AccountCheckService {
  constructor(
    private readonly jobs: VerificationRepo,
    private readonly accounts: AccountCheckRepo,
    private readonly audit: AuditRepo,
    private readonly queue: JobQueue,
  ) {}

  async start(actor: Actor): Promise<BulkJob> {
    const scope = scopeOf(actor);
    const banks = Object.keys(bankCodesOf(await this.accounts.bankNames(scope)));
    if (!(await this.accounts.anyCheckable(scope, banks)))
      throw new AppError(409, ACCOUNT_CHECK_MESSAGES.noAccounts, ERROR_CODES.NOTHING_TO_VERIFY);
    const job = await this.jobs.createJob(
      scope,
      { userId: actor.userId, email: actor.email },
      'ACCOUNT_CHECK',
    );
    if (!job) throw conflict(ACCOUNT_CHECK_MESSAGES.jobActive);
    await this.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      action: 'ACCOUNT_CHECK_STARTED',
      entityType: 'bulk_job',
      entityId: job.id,
    });
    await this.queue.send(accountCheckJob, {
      tenantId: scope.tenantId,
      jobId: job.id,
      actorId: actor.userId,
    });
    return toBulkJob(job);
  }

  async list(actor: Actor): Promise<BulkJob[]> {
    return (await this.jobs.listJobs(scopeOf(actor), 'ACCOUNT_CHECK')).map(toBulkJob);
  }
}
