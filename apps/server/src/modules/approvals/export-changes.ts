import { APPROVAL_MESSAGES as M, type ExportApprovalDetails } from '@portal/contract/decisions';
import { AUDIT_ACTION_LABELS, auditActionLabel } from '@portal/contract/audit';
import {
  EXPORT_CHANGES_MESSAGES,
  exportChangesFileName,
  STALE_PEOPLE_SHOWN,
  type ExportChangePerson,
  type ExportChangesPage,
  type ExportStaleDetails,
} from '@portal/contract/export-changes';
import { koboToNaira } from '@portal/contract/payroll';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { tenantTimeZone } from '../../platform/tenant-time-zone.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { ReasonCodesService } from './reason-codes.ts';
import { findApproval, lastApprovedExport } from './four-eyes.repo.ts';
import {
  exportChangeCounts,
  exportChangesCsv,
  exportChangesPage,
  payrollMovedSince,
  removedByReason,
  writeExportChanges,
  type ChangedPersonRow,
} from './export-changes.repo.ts';

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** A changed person as the approver reads them; `reasons`: the tenant's reason labels. */
export function toChangedPerson(row: ChangedPersonRow, reasons: Map<string, string>): ExportChangePerson {
  const reasonLabel = row.reason_code ? (reasons.get(row.reason_code) ?? row.reason_code) : null;
  return {
    change: row.change,
    recordId: row.record_id,
    psn: row.psn,
    fullName: row.full_name,
    ministry: row.ministry,
    monthlyGrossPay: row.monthly_gross_kobo == null ? null : koboToNaira(Number(row.monthly_gross_kobo)),
    status: row.status,
    cause: {
      kind: row.cause_kind,
      action: row.cause_kind === 'DECISION' ? row.action : null,
      label:
        row.cause_kind === 'DELETED'
          ? EXPORT_CHANGES_MESSAGES.deleted
          : row.cause_kind === 'NONE'
            ? EXPORT_CHANGES_MESSAGES.none
            : auditActionLabel(row.action ?? ''),
      status: row.cause_kind === 'DECISION' ? row.status_after : null,
      reasonCode: row.cause_kind === 'DECISION' ? row.reason_code : null,
      reasonLabel: row.cause_kind === 'DECISION' ? reasonLabel : null,
      decidedBy: row.cause_kind === 'DECISION' ? row.decided_by : null,
      approvedBy: row.cause_kind === 'DECISION' ? row.approved_by : null,
      at: row.cause_kind === 'DECISION' ? iso(row.at) : null,
    },
  };
}

/**
 * In the export job's transaction (its snapshot), once the file is written: the people it adds and
 * removes against the last approved export are kept (export_changes), and the figures the approver
 * sees are theirs (count, change since the last approved export by reason, checksum).
 */
export async function holdExportDetails(
  tx: Orm,
  tenantId: string,
  exportId: string,
  file: { recordCount: number; sizeBytes: number; sha256: string },
  labels: Map<string, string>,
): Promise<ExportApprovalDetails> {
  const previous = await lastApprovedExport(tx, tenantId, exportId);
  const { added, removed } = await writeExportChanges(tx, tenantId, exportId, previous?.id ?? null);
  const byReason = removed > 0 ? await removedByReason(tx, tenantId, exportId) : [];
  return {
    ...file,
    previousExportId: previous?.id ?? null,
    previousRecordCount: previous?.record_count ?? null,
    added,
    removed,
    removedByReason: byReason.map((r) => ({
      reason: r.reason,
      label: labels.get(r.reason) ?? (r.reason === 'DELETED' ? M.deletedFromMasterList : r.reason),
      count: r.n,
    })),
  };
}

/**
 * In the approval's transaction: the export's members are the payroll now, or the approval is
 * refused (409) with who joined and left the payroll since it was generated (issue #30 item 5: a
 * ghost confirmed after the file was written is not paid by approving it).
 */
export async function assertExportCurrent(
  tx: Orm,
  tenantId: string,
  exportId: string,
  reasons: Map<string, string>,
): Promise<void> {
  const rows = await payrollMovedSince(tx, tenantId, exportId, STALE_PEOPLE_SHOWN);
  if (rows.length === 0) return;
  const total = (c: 'ADDED' | 'REMOVED') => Number(rows.find((r) => r.change === c)?.total ?? 0);
  const details: ExportStaleDetails = {
    joined: total('ADDED'),
    left: total('REMOVED'),
    people: rows.map((r) => toChangedPerson(r, reasons)),
  };
  throw conflict(EXPORT_CHANGES_MESSAGES.stale(details.joined, details.left), details);
}

/**
 * The people behind an export awaiting (or past) approval, for a tenant admin: a page of those it
 * adds or removes, or all of them as CSV (audited, as every download of personal data).
 */
export class ExportChanges {
  constructor(
    private readonly orm: Orm,
    private readonly audit: AuditRepo,
    private readonly reasonCodes: ReasonCodesService,
  ) {}

  async page(
    actor: Actor,
    approvalId: string,
    q: { change: 'ADDED' | 'REMOVED'; page: number; pageSize: number },
  ): Promise<ExportChangesPage> {
    const { tenantId } = scopeOf(actor);
    const { exportId, previousExportId } = await this.#export(tenantId, approvalId);
    const [rows, counts, reasons] = await Promise.all([
      exportChangesPage(this.orm, tenantId, exportId, q.change, q.page, q.pageSize),
      exportChangeCounts(this.orm, exportId),
      this.reasonCodes.labels(tenantId),
    ]);
    return {
      items: rows.map((r) => toChangedPerson(r, reasons)),
      total: q.change === 'ADDED' ? counts.added : counts.removed,
      page: q.page,
      pageSize: q.pageSize,
      change: q.change,
      previousExportId,
    };
  }

  async csv(actor: Actor, approvalId: string): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
    const { tenantId } = scopeOf(actor);
    const { exportId } = await this.#export(tenantId, approvalId);
    const reasons = await this.reasonCodes.labels(tenantId);
    const counts = await exportChangeCounts(this.orm, exportId);
    await this.audit.append({
      tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'EXPORT_CHANGES_DOWNLOADED',
      entityType: 'export',
      entityId: exportId,
      after: { approvalId, ...counts },
      address: actor.address ?? null,
    });
    return {
      fileName: exportChangesFileName(exportId),
      lines: exportChangesCsv(
        this.orm,
        tenantId,
        exportId,
        {
          labels: AUDIT_ACTION_LABELS,
          reasons: Object.fromEntries(reasons),
          deleted: EXPORT_CHANGES_MESSAGES.deleted,
          none: EXPORT_CHANGES_MESSAGES.none,
        },
        await tenantTimeZone(this.orm, tenantId),
      ),
    };
  }

  /** The export of the tenant's approval `approvalId`; 404 for another tenant's or another kind. */
  async #export(
    tenantId: string,
    approvalId: string,
  ): Promise<{ exportId: string; previousExportId: string | null }> {
    const row = await findApproval(this.orm, tenantId, approvalId);
    if (!row) throw notFound(M.notFound);
    if (row.kind !== 'EXPORT' || !row.export_id) throw notFound(EXPORT_CHANGES_MESSAGES.notAnExport);
    const details = (row.payload as { details?: { previousExportId?: string | null } }).details;
    return { exportId: row.export_id, previousExportId: details?.previousExportId ?? null };
  }
}
