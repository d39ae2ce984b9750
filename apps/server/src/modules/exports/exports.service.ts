import { Readable } from 'node:stream';
import { EXPORT_MESSAGES, exportFileName, LISTED_CONFLICTS, type ExportJob } from '@portal/contract/exports';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { scopeOf, type Actor } from '../../access/actor.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { exportJob } from './export.jobs.ts';
import { secondApproverOn } from '../approvals/four-eyes.ts';
import { EXPORT_BOM, type ExportRow, type ExportsRepo } from './exports.repo.ts';
import { salaryGradeRefusal } from './salary-grade-refusal.ts';
import { bindContext } from '../../platform/tenant-context.ts';
import { tenantTimeZone } from '../../platform/tenant-time-zone.ts';

const toExportJob = (r: ExportRow): ExportJob => ({
  id: r.id,
  status: r.status as ExportJob['status'],
  statusMessage: r.statusMessage,
  recordCount: r.recordCount,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  exportedByEmail: r.exportedByEmail,
  exportTimestamp: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  approvedByEmail: r.approvedByEmail,
  approvedAt: r.approvedAt?.toISOString() ?? null,
});

export class ExportsService {
  constructor(
    private readonly repo: ExportsRepo,
    private readonly audit: AuditRepo,
    private readonly jobs: JobQueue,
  ) {}

  async start(actor: Actor): Promise<ExportJob> {
    const scope = scopeOf(actor);
    // No payroll file names a grade that the salary grade id contradicts (the job checks again in
    // its snapshot, for decisions taken in between).
    const found = await this.repo.salaryGradeConflicts(scope, LISTED_CONFLICTS);
    if (found.total > 0)
      throw conflict(salaryGradeRefusal(found), { records: found.first, total: found.total });
    // The four-eyes rule in force now is the export's, whenever its job runs (issue #30).
    const row = await this.repo.create(
      scope,
      { userId: actor.userId, email: actor.email },
      await secondApproverOn(this.repo.orm, scope.tenantId),
    );
    await this.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'PAYROLL_EXPORT_REQUESTED',
      entityType: 'export',
      entityId: row.id,
      address: actor.address ?? null,
    });
    await this.jobs.send(exportJob, { tenantId: scope.tenantId, exportId: row.id, actorId: actor.userId });
    return toExportJob(row);
  }

  async list(actor: Actor): Promise<ExportJob[]> {
    const scope = scopeOf(actor);
    const [rows, pending] = await Promise.all([this.repo.list(scope), this.repo.pendingApprovals(scope)]);
    return rows.map((r) => ({ ...toExportJob(r), approvalId: pending.get(r.id) ?? null }));
  }

  /** The stored file, streamed chunk by chunk; 404 for another tenant's export or one not COMPLETED. */
  async download(actor: Actor, id: string): Promise<{ job: ExportJob; fileName: string; stream: Readable }> {
    const scope = scopeOf(actor);
    const row = await this.repo.get(scope, id);
    if (!row) throw notFound('Export not found');
    // Four-eyes (issue #22): generated, but not out until a different tenant admin approves it.
    if (row.status === 'AWAITING_APPROVAL') throw conflict(APPROVAL_MESSAGES.exportAwaiting);
    if (row.status !== 'COMPLETED') throw notFound(EXPORT_MESSAGES.notReady);
    await this.audit.append({
      tenantId: scope.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'EXPORT_DOWNLOADED',
      entityType: 'export',
      entityId: row.id,
      after: { recordCount: row.recordCount, sha256: row.sha256 },
      address: actor.address ?? null,
    });
    const fileName = exportFileName(
      await this.repo.stateCode(scope),
      row.createdAt,
      row.id,
      await tenantTimeZone(this.repo.orm, scope.tenantId),
    );
    const repo = this.repo;
    let seq = -1;
    let marked = false;
    // The next chunk is read while this one is sent, as the client takes them: in the reader's
    // tenant's context (row-level security), bound now.
    const readAfter = bindContext((after: number) => {
      const next = repo.chunkAfter(id, after);
      next.catch(() => undefined); // awaited in turn; never an unhandled rejection meanwhile
      return next;
    });
    let next = readAfter(seq);
    const stream = new Readable({
      async read() {
        try {
          if (!marked) {
            marked = true; // the byte order mark goes first (it is not stored with the lines)
            return void this.push(EXPORT_BOM);
          }
          const chunk = await next;
          if (!chunk) return void this.push(null);
          seq = chunk.seq;
          next = readAfter(seq);
          this.push(Buffer.from(chunk.data, 'utf8'));
        } catch (err) {
          this.destroy(err as Error);
        }
      },
    });
    return { job: toExportJob(row), fileName, stream };
  }
}
