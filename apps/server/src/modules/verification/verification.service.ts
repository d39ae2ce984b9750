import type { BulkJob, ComparisonRow, DashboardStats } from '@portal/contract/verification';
import { VERIFICATION_MESSAGES } from '@portal/contract/verification';
import type { Role } from '@portal/contract/roles';
import type { OptimaPerson } from '@portal/optima/protocol';
import type { AppealFigures } from '@portal/contract/appeals';
import { recordScopeOf, scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { ERROR_CODES } from '@portal/contract/errors';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { TenantMatchSettings } from '../identity/provider-settings.ts';
import { STATUS_FIGURES } from '../records/record-state.ts';
import type { RecordsRepo } from '../records/records.repo.ts';
import { bulkVerifyJob } from './bulk-verify.jobs.ts';
import { comparisonRows } from './compare.ts';
import type { BulkJobRow, VerificationRepo } from './verification.repo.ts';
import type { StatsRepo } from './stats.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toBulkJob(row: BulkJobRow): BulkJob {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    status: row.status as BulkJob['status'],
    statusMessage: row.statusMessage,
    totalRecords: row.totalRecords,
    processedRecords: row.processedRecords,
    successfullyVerifiedRecords: row.successfullyVerifiedRecords,
    mismatchedRecords: row.mismatchedRecords,
    notFoundRecords: row.notFoundRecords,
    failedRecords: row.failedRecords,
    progressPercent:
      row.status === 'COMPLETED'
        ? 100
        : row.totalRecords > 0
          ? Math.floor((row.processedRecords / row.totalRecords) * 100)
          : 0,
    createdByEmail: row.createdByEmail,
  };
}

/** What the tenant's appeals came to (a port: the appeals module's figures, passed by app.ts). */
export interface TenantAppealFigures {
  figures(scope: TenantScope): Promise<AppealFigures>;
}

export class VerificationService {
  constructor(
    private readonly repo: VerificationRepo,
    private readonly records: RecordsRepo,
    private readonly stats: StatsRepo,
    private readonly audit: AuditRepo,
    private readonly jobs: JobQueue,
    private readonly matchSettings: Pick<TenantMatchSettings, 'forTenant'>,
    private readonly appeals: TenantAppealFigures,
  ) {}

  async start(actor: Actor): Promise<BulkJob> {
    const scope = scopeOf(actor);
    // Nothing waits for a check: say so, and create no empty job (issue #17). A record that an
    // upload changes in between is taken up by the next start.
    const backlog = await this.repo.verificationBacklog(scope);
    if (backlog.waiting === 0) {
      const message =
        backlog.records === 0 ? VERIFICATION_MESSAGES.noRecords : VERIFICATION_MESSAGES.allVerified;
      throw new AppError(409, message, ERROR_CODES.NOTHING_TO_VERIFY);
    }
    const job = await this.repo.createJob(scope, { userId: actor.userId, email: actor.email });
    if (!job) throw conflict(VERIFICATION_MESSAGES.jobActive);
    await this.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
      action: 'BULK_VERIFICATION_STARTED',
      entityType: 'bulk_job',
      entityId: job.id,
    });
    await this.jobs.send(bulkVerifyJob, { tenantId: scope.tenantId, jobId: job.id, actorId: actor.userId });
    return toBulkJob(job);
  }

  async list(actor: Actor): Promise<BulkJob[]> {
    return (await this.repo.listJobs(scopeOf(actor))).map(toBulkJob);
  }

  async comparison(actor: Actor, recordId: string): Promise<ComparisonRow[]> {
    const record = await this.records.findById(recordScopeOf(actor), recordId);
    if (!record) throw notFound('Record not found');
    if (!record.sotData) return [];
    const dob = record.dateOfBirth as unknown;
    return comparisonRows(
      {
        fullName: record.fullName,
        dateOfBirth: dob instanceof Date ? dob.toISOString().slice(0, 10) : ((dob as string | null) ?? null),
        ministry: record.ministry ?? null,
        department: record.department ?? null,
        gradeLevel: record.gradeLevel ?? null,
      },
      record.sotData as Partial<OptimaPerson>,
      await this.matchSettings.forTenant(scopeOf(actor).tenantId),
    );
  }

  /** The overview's figures: records, verified, one per state (record-state) and users by role. */
  async dashboardStats(actor: Actor): Promise<DashboardStats> {
    const scope = scopeOf(actor);
    const [c, appeals] = await Promise.all([this.stats.counts(scope), this.appeals.figures(scope)]);
    const of = (figure: keyof typeof STATUS_FIGURES) => c.byStatus[STATUS_FIGURES[figure]] ?? 0;
    const users = (role: Role) => c.usersByRole[role] ?? 0;
    return {
      totalUniqueRecords: c.records,
      totalVerified: c.verified,
      totalValidated: of('totalValidated'),
      totalPendingApproval: of('totalPendingApproval'),
      totalMismatched: of('totalMismatched'),
      totalNotFound: of('totalNotFound'),
      totalReviewers: users('REVIEWER'),
      totalSelfServiceUsers: users('SELF_SERVICE_USER'),
      totalAgentAccounts: users('AGENT'),
      totalUploaded: of('totalUploaded'),
      totalAwaitingRevalidation: of('totalAwaitingRevalidation'),
      totalRejected: of('totalRejected'),
      totalPendingSecondApproval: of('totalPendingSecondApproval'),
      totalSuspended: of('totalSuspended'),
      totalMatchedClosely: c.matchedClosely,
      appeals,
    };
  }
}
