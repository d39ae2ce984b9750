import {
  APPROVAL_MESSAGES as M,
  type Approval,
  type ApprovalsPage,
  type ApprovalsQuerySchema,
  type ExportApprovalDetails,
} from '@portal/contract/decisions';
import { TenantSettingsSchema } from '@portal/contract/settings';
import { reasonLabel } from '@portal/contract/integrity';
import { koboToNaira } from '@portal/contract/payroll';
import type { z } from 'zod';
import { scopeOf, type Actor } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import {
  AWAITING_SECOND_APPROVAL,
  requireTransition,
  type RecordAuditEntry,
} from '../records/record-state.ts';
import type { RecordStatus } from '@portal/contract/records';
import type { ReasonCodesService } from './reason-codes.ts';
import {
  approvalsPage,
  closeApproval,
  completeExport,
  exportDifference,
  exportsForView,
  failExport,
  findApproval,
  hasPendingApproval,
  holdExportStatus,
  holdRecordStatus,
  insertApproval,
  lastApprovedExport,
  lockApproval,
  lockRecord,
  pendingForChecker,
  recordsForView,
  settleRecordStatus,
  tenantSettings,
  type ApprovalRow,
} from './four-eyes.repo.ts';

type Query = z.output<typeof ApprovalsQuerySchema>;
type Who = { userId: string | null; email: string };

/** What an approval of a record carries out (approvals.payload). */
interface RecordPayload {
  /** The record's version once it awaited approval: any change since refuses the approval. */
  version: number;
  from: RecordStatus;
}
interface ExportPayload {
  details: ExportApprovalDetails;
}

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** Whether the tenant asks for a second approver (its settings; read by every path that needs it). */
export async function secondApproverOn(orm: Orm, tenantId: string): Promise<boolean> {
  return TenantSettingsSchema.parse((await tenantSettings(orm, tenantId)) ?? {}).secondApprover;
}

/**
 * What a granted INTEGRITY_CONFIRM does to the integrity flag (a port: the integrity module
 * implements it and the composition root hands it in, as integrity already imports approvals).
 */
export interface IntegrityDecisions {
  /**
   * In the approval's transaction: the flag closes CONFIRMED with the maker's reason and note,
   * decided by the approver, and the record's other OPEN flags go (a rejected record is not judged).
   */
  confirm(
    tx: Orm,
    tenantId: string,
    c: {
      flagId: string;
      recordId: string;
      by: { userId: string; email: string };
      reasonCode: string;
      note: string | null;
    },
  ): Promise<void>;
  /** Once committed: the tenant's stored integrity summary counts the confirmation. */
  refreshSummary(tenantId: string): Promise<void>;
  /**
   * Issue #30, in a granted FLAG_DISMISSAL's transaction: the flag, still OPEN (so with the
   * evidence the maker saw), closes DISMISSED with the maker's reason and note, decided by the
   * approver; false when it is no longer OPEN (decided, or cleared by new evidence).
   */
  dismiss(
    tx: Orm,
    tenantId: string,
    d: { flagId: string; by: { userId: string; email: string }; reasonCode: string; note: string | null },
  ): Promise<boolean>;
}

/** Nobody checks their own action: by account, and by address for an account since deleted. */
const isMaker = (row: ApprovalRow, actor: Who) =>
  (row.maker_user_id !== null && row.maker_user_id === actor.userId) ||
  row.maker_email.toLowerCase() === actor.email.toLowerCase();

/**
 * Four-eyes (issue #22), the one place where a rejection, an integrity confirmation and a payroll
 * export meet the tenant's second-approver setting. The paths that take such a decision (the
 * queues' decision, the integrity decision, the export job) ask `secondApproverOn` and, when on,
 * hand the decision here: a record moves to PENDING_SECOND_APPROVAL through record-state with its
 * status before kept beside it, an export ends AWAITING_APPROVAL; an approval row records what a
 * different tenant admin must approve. Approving, declining and withdrawing apply the outcome
 * through record-state in one transaction with the approval row.
 */
export class FourEyes {
  constructor(
    private readonly orm: Orm,
    private readonly audit: AuditRepo,
    private readonly reasonCodes: ReasonCodesService,
    private readonly integrity: IntegrityDecisions,
  ) {}

  /**
   * In the decision's transaction, with the record locked: the record awaits a second approver
   * instead of being rejected. Answers the record's audit entry (APPROVAL_REQUESTED).
   */
  async holdRecord(
    tx: Orm,
    actor: Actor,
    h: {
      kind: 'REJECTION' | 'INTEGRITY_CONFIRM';
      recordId: string;
      from: string;
      reason: { code: string; label: string };
      note: string | null;
      flagId?: string | null;
    },
  ): Promise<RecordAuditEntry & { to: RecordStatus }> {
    const { tenantId } = scopeOf(actor);
    const t = requireTransition(h.from, {
      type: h.kind === 'REJECTION' ? 'REJECTION_AWAITS_APPROVAL' : 'CONFIRMATION_AWAITS_APPROVAL',
    });
    // A flag's dismissal awaiting its approver (issue #30) leaves the record's status as it is.
    if (await hasPendingApproval(tx, tenantId, { recordId: h.recordId })) throw conflict(M.recordHasPending);
    const rec = await holdRecordStatus(tx, tenantId, h.recordId, t);
    const what = h.kind === 'REJECTION' ? 'Reject' : 'Confirm integrity flag on';
    const payload: RecordPayload = { version: rec.version, from: t.from as RecordStatus };
    const approvalId = await insertApproval(tx, {
      tenantId,
      kind: h.kind,
      recordId: h.recordId,
      flagId: h.flagId ?? null,
      makerUserId: actor.userId,
      makerEmail: actor.email,
      reasonCode: h.reason.code,
      note: h.note,
      summary: `${what} ${rec.psn ?? '(no PSN)'} ${rec.full_name}: ${h.reason.label}`,
      payload,
    });
    return {
      to: t.to,
      action: t.audit!.action,
      before: { status: t.from },
      after: { status: t.to, reasonCode: h.reason.code, approvalId } as RecordAuditEntry['after'],
    };
  }

  /**
   * Issue #30, in the flag decision's transaction with the flag locked: a DISMISS of
   * SHARES_REMOVED_IDENTITY (it puts a person back on the path to the payroll) waits for a
   * different tenant admin. The flag stays OPEN and the record keeps its status, held out of the
   * payroll, until the approval is granted. Answers the approval's id.
   */
  async holdDismissal(
    tx: Orm,
    actor: Actor,
    h: {
      flagId: string;
      recordId: string;
      psn: string | null;
      fullName: string;
      reason: { code: string; label: string };
      note: string | null;
    },
  ): Promise<string> {
    const { tenantId } = scopeOf(actor);
    if (await hasPendingApproval(tx, tenantId, { recordId: h.recordId })) throw conflict(M.recordHasPending);
    return insertApproval(tx, {
      tenantId,
      kind: 'FLAG_DISMISSAL',
      recordId: h.recordId,
      flagId: h.flagId,
      makerUserId: actor.userId,
      makerEmail: actor.email,
      reasonCode: h.reason.code,
      note: h.note,
      summary: `Dismiss the flag 'identity of a removed record' on ${h.psn ?? '(no PSN)'} ${h.fullName}: ${h.reason.label}`,
      payload: {},
    });
  }

  /** Whether integrity flag `flagId` has a decision awaiting a second approver (issue #30). */
  async flagPending(tx: Orm, tenantId: string, flagId: string): Promise<boolean> {
    return hasPendingApproval(tx, tenantId, { flagId });
  }

  /**
   * In the export job's transaction, once the file and its records are written: the export awaits
   * approval, with what the approver sees (count, change since the last approved export, checksum).
   */
  async holdExport(
    tx: Orm,
    tenantId: string,
    exportId: string,
    file: { recordCount: number; sizeBytes: number; sha256: string },
    /**
     * Where the export's members are read: the transaction, or (PostgreSQL, where they are written
     * beside it and committed) the pool, as the transaction's snapshot is older than them.
     */
    members: Orm = tx,
  ): Promise<void> {
    const details = await exportChanges(
      members,
      tenantId,
      exportId,
      file,
      await this.reasonCodes.labels(tenantId, tx),
    );
    const { exported_by, exported_by_email } = await holdExportStatus(tx, tenantId, exportId);
    const summary = `Payroll export of ${file.recordCount.toLocaleString('en-US')} records (+${details.added.toLocaleString('en-US')}, −${details.removed.toLocaleString('en-US')} since the last approved export)`;
    const approvalId = await insertApproval(tx, {
      tenantId,
      kind: 'EXPORT',
      exportId,
      makerUserId: exported_by,
      makerEmail: exported_by_email,
      summary,
      payload: { details } satisfies ExportPayload,
    });
    await this.audit.append(
      {
        tenantId,
        actorUserId: exported_by,
        actorEmail: exported_by_email,
        action: 'APPROVAL_REQUESTED',
        entityType: 'export',
        entityId: exportId,
        after: { kind: 'EXPORT', approvalId, ...file },
      },
      tx,
    );
  }

  async list(actor: Actor, q: Query): Promise<ApprovalsPage> {
    const { tenantId } = scopeOf(actor);
    // A reviewer follows their own actions only (to withdraw them); a tenant admin sees the tenant's.
    const admin = actor.role === 'TENANT_ADMIN';
    const [{ rows, total }, awaitingMe] = await Promise.all([
      approvalsPage(this.orm, {
        tenantId,
        status: q.status,
        kind: q.kind,
        makerUserId: admin ? null : actor.userId,
        page: q.page,
        pageSize: q.pageSize,
      }),
      admin ? pendingForChecker(this.orm, tenantId, actor) : Promise.resolve(0),
    ]);
    return {
      items: await this.#views(actor, tenantId, rows),
      total,
      page: q.page,
      pageSize: q.pageSize,
      awaitingMe,
    };
  }

  /** A different tenant admin approves: the rejection or confirmation applies, the export completes. */
  async approve(actor: Actor, id: string, note: string | null): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const confirmed = await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      if (row.kind === 'EXPORT') {
        await this.#approveExport(tx, actor, row);
      } else if (row.kind === 'FLAG_DISMISSAL') {
        await this.#applyToDismissal(tx, actor, row, 'GRANTED', note);
      } else {
        await this.#applyToRecord(tx, actor, row, 'GRANTED', note);
      }
      await closeApproval(tx, id, 'APPROVED', { userId: actor.userId, email: actor.email, note });
      await this.#auditApproval(tx, actor, row, 'APPROVAL_GRANTED', note);
      return row.kind === 'INTEGRITY_CONFIRM' || row.kind === 'FLAG_DISMISSAL';
    });
    if (confirmed) await this.#refreshIntegrity(tenantId);
    return this.#one(actor, id);
  }

  /** A different tenant admin declines with a note: the record returns to its status and queue. */
  async decline(actor: Actor, id: string, note: string): Promise<Approval> {
    await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      if (row.kind === 'EXPORT') await this.#closeExport(tx, row, `Declined by ${actor.email}: ${note}`);
      else if (row.kind === 'FLAG_DISMISSAL') await this.#applyToDismissal(tx, actor, row, 'DECLINED', note);
      else await this.#applyToRecord(tx, actor, row, 'DECLINED', note);
      await closeApproval(tx, id, 'DECLINED', { userId: actor.userId, email: actor.email, note });
      if (row.kind === 'EXPORT') await this.#auditApproval(tx, actor, row, 'APPROVAL_DECLINED', note);
    });
    return this.#one(actor, id);
  }

  /** The maker withdraws their own action: the record returns to its status and queue. */
  async withdraw(actor: Actor, id: string): Promise<Approval> {
    await this.orm.transaction(async (tx) => {
      const row = await this.#lock(tx, scopeOf(actor).tenantId, id);
      if (row.status !== 'PENDING') throw conflict(M.notPending);
      if (!isMaker(row, actor)) throw forbidden(M.notMaker);
      if (row.kind === 'EXPORT') await this.#closeExport(tx, row, `Withdrawn by ${actor.email}.`);
      else if (row.kind === 'FLAG_DISMISSAL') await this.#applyToDismissal(tx, actor, row, 'WITHDRAWN', null);
      else await this.#applyToRecord(tx, actor, row, 'WITHDRAWN', null);
      await closeApproval(tx, id, 'WITHDRAWN');
      if (row.kind === 'EXPORT') await this.#auditApproval(tx, actor, row, 'APPROVAL_WITHDRAWN', null);
    });
    return this.#one(actor, id);
  }

  async #lock(tx: Orm, tenantId: string, id: string): Promise<ApprovalRow> {
    const row = await lockApproval(tx, tenantId, id);
    if (!row) throw notFound(M.notFound);
    return row;
  }

  async #lockForChecker(tx: Orm, actor: Actor, id: string): Promise<ApprovalRow> {
    const row = await this.#lock(tx, scopeOf(actor).tenantId, id);
    if (isMaker(row, actor)) throw forbidden(M.ownAction);
    if (actor.role !== 'TENANT_ADMIN') throw forbidden(M.checkerRole);
    if (row.status !== 'PENDING') throw conflict(M.notPending);
    return row;
  }

  /**
   * The outcome on the record, through record-state: GRANTED rejects it (version unchanged since the
   * maker's decision, else 409), DECLINED and WITHDRAWN return it to its status before.
   */
  async #applyToRecord(
    tx: Orm,
    actor: Actor,
    row: ApprovalRow,
    outcome: 'GRANTED' | 'DECLINED' | 'WITHDRAWN',
    note: string | null,
  ): Promise<void> {
    const tenantId = row.tenant_id;
    const payload = row.payload as RecordPayload;
    const rec = await lockRecord(tx, tenantId, row.record_id);
    if (!rec) {
      // Deleted from the master list meanwhile: nothing to reject; a decline or withdrawal just closes.
      if (outcome === 'GRANTED') throw conflict(M.recordChanged);
      return;
    }
    if (outcome === 'GRANTED' && (rec.version !== payload.version || rec.status !== AWAITING_SECOND_APPROVAL))
      throw conflict(M.recordChanged, { currentVersion: rec.version });
    const back = (rec.status_before_approval ?? payload.from) as RecordStatus;
    const t = requireTransition(
      rec.status,
      outcome === 'GRANTED'
        ? { type: 'SECOND_APPROVAL_GRANTED' }
        : { type: outcome === 'DECLINED' ? 'SECOND_APPROVAL_DECLINED' : 'SECOND_APPROVAL_WITHDRAWN', back },
    );
    const reasonCode = outcome === 'GRANTED' ? row.reason_code : null;
    // A granted decision sets the record's reason code; a decline or withdrawal leaves it as it was.
    await settleRecordStatus(
      tx,
      tenantId,
      row.record_id,
      t.to,
      outcome === 'GRANTED' ? reasonCode : undefined,
    );
    if (outcome === 'GRANTED' && row.kind === 'INTEGRITY_CONFIRM' && row.flag_id) {
      await this.integrity.confirm(tx, tenantId, {
        flagId: row.flag_id,
        recordId: row.record_id!,
        by: { userId: actor.userId, email: actor.email },
        reasonCode: row.reason_code!,
        note: row.note,
      });
    }
    const labels = await this.reasonCodes.labels(tenantId, tx);
    const reason = row.reason_code ? (labels.get(row.reason_code) ?? row.reason_code) : '';
    const words =
      outcome === 'GRANTED'
        ? `${row.kind === 'REJECTION' ? 'Rejection' : 'Integrity confirmation'} approved by the second approver (${reason}; decided by ${row.maker_email})${row.note ? `. ${row.note}` : ''}${note ? `. Approver's note: ${note}` : ''}`
        : outcome === 'DECLINED'
          ? `Declined by the second approver: ${note}`
          : `Withdrawn by ${actor.email}`;
    await this.audit.append(
      {
        tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action: t.audit!.action,
        entityType: 'record',
        entityId: row.record_id,
        before: { status: t.from },
        after: { status: t.to, ...(reasonCode ? { reasonCode } : {}), approvalId: row.id },
        note: words,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  /**
   * Issue #30, a FLAG_DISMISSAL's outcome: GRANTED dismisses the flag (still OPEN, else 409: decided
   * or cleared by new evidence since), which lets the record into the payroll; DECLINED and
   * WITHDRAWN leave the flag OPEN and the record held. The record's status never moves here.
   */
  async #applyToDismissal(
    tx: Orm,
    actor: Actor,
    row: ApprovalRow,
    outcome: 'GRANTED' | 'DECLINED' | 'WITHDRAWN',
    note: string | null,
  ): Promise<void> {
    const tenantId = row.tenant_id;
    if (outcome === 'GRANTED') {
      const dismissed =
        row.flag_id !== null &&
        (await this.integrity.dismiss(tx, tenantId, {
          flagId: row.flag_id,
          by: { userId: actor.userId, email: actor.email },
          reasonCode: row.reason_code!,
          note: row.note,
        }));
      if (!dismissed) throw conflict(M.flagChanged);
    }
    const reason = row.reason_code ? reasonLabel(row.reason_code) : '';
    await this.audit.append(
      {
        tenantId,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action:
          outcome === 'GRANTED'
            ? 'INTEGRITY_FLAG_DISMISSED'
            : outcome === 'DECLINED'
              ? 'APPROVAL_DECLINED'
              : 'APPROVAL_WITHDRAWN',
        entityType: 'record',
        entityId: row.record_id,
        after: { kind: row.kind, approvalId: row.id, flagId: row.flag_id },
        note:
          outcome === 'GRANTED'
            ? `Integrity flag dismissal approved by the second approver (${reason}; decided by ${row.maker_email})${row.note ? `. ${row.note}` : ''}${note ? `. Approver's note: ${note}` : ''}`
            : outcome === 'DECLINED'
              ? `Flag dismissal declined by the second approver: ${note}`
              : `Flag dismissal withdrawn by ${actor.email}`,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  async #approveExport(tx: Orm, actor: Actor, row: ApprovalRow): Promise<void> {
    const { details } = row.payload as ExportPayload;
    const latest = await lastApprovedExport(tx, row.tenant_id);
    // The change shown was against the last approved export: another approved since makes it wrong.
    if ((latest?.id ?? null) !== details.previousExportId) throw conflict(M.exportSuperseded);
    if (!(await completeExport(tx, row.tenant_id, row.export_id, actor))) throw conflict(M.notPending);
  }

  async #closeExport(tx: Orm, row: ApprovalRow, message: string): Promise<void> {
    await failExport(tx, row.tenant_id, row.export_id, message);
  }

  async #auditApproval(tx: Orm, actor: Actor, row: ApprovalRow, action: string, note: string | null) {
    await this.audit.append(
      {
        tenantId: row.tenant_id,
        actorUserId: actor.userId,
        actorEmail: actor.email,
        action,
        entityType: row.kind === 'EXPORT' ? 'export' : 'approval',
        entityId: row.kind === 'EXPORT' ? row.export_id : row.id,
        recordId: row.record_id,
        after: { kind: row.kind, approvalId: row.id, makerEmail: row.maker_email },
        note,
        address: actor.address ?? null,
      },
      tx,
    );
  }

  async #refreshIntegrity(tenantId: string): Promise<void> {
    await this.integrity.refreshSummary(tenantId);
  }

  async #one(actor: Actor, id: string): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const row = await findApproval(this.orm, tenantId, id);
    if (!row) throw notFound(M.notFound);
    return (await this.#views(actor, tenantId, [row]))[0]!;
  }

  async #views(actor: Actor, tenantId: string, rows: ApprovalRow[]): Promise<Approval[]> {
    const recordIds = rows.flatMap((r) => (r.record_id ? [r.record_id] : []));
    const exportIds = rows.flatMap((r) => (r.export_id ? [r.export_id] : []));
    const [labels, recs, exps] = await Promise.all([
      this.reasonCodes.labels(tenantId),
      recordsForView(this.orm, tenantId, recordIds),
      exportsForView(this.orm, tenantId, exportIds),
    ]);
    const recById = new Map(recs.map((r) => [r.id, r]));
    const expById = new Map(exps.map((e) => [e.id, e]));
    return rows.map((r) => {
      const rec = r.record_id ? recById.get(r.record_id) : undefined;
      const exp = r.export_id ? expById.get(r.export_id) : undefined;
      const details = r.kind === 'EXPORT' ? (r.payload as ExportPayload).details : null;
      return {
        id: r.id,
        kind: r.kind,
        status: r.status,
        recordId: r.record_id,
        exportId: r.export_id,
        flagId: r.flag_id,
        makerEmail: r.maker_email,
        createdAt: iso(r.created_at)!,
        summary: r.summary,
        reasonCode: r.reason_code,
        reasonLabel: r.reason_code ? (labels.get(r.reason_code) ?? r.reason_code) : null,
        note: r.note,
        mine: isMaker(r, actor),
        record: rec
          ? {
              psn: rec.psn,
              fullName: rec.full_name,
              ministry: rec.ministry,
              department: rec.department,
              status: rec.status,
              statusBeforeApproval: rec.status_before_approval,
              monthlyGrossPay:
                rec.monthly_gross_kobo == null ? null : koboToNaira(Number(rec.monthly_gross_kobo)),
            }
          : null,
        export:
          details && exp
            ? {
                ...details,
                recordCount: exp.record_count,
                sizeBytes: Number(exp.size_bytes),
                sha256: exp.sha256,
              }
            : (details ?? null),
        checkerEmail: r.checker_email,
        checkerNote: r.checker_note,
        decidedAt: iso(r.decided_at),
      };
    });
  }
}

/**
 * The change of export `exportId` since the last approved (COMPLETED) one, from export_members:
 * records added, records removed grouped by why (the record's reason code, else its status, else
 * deleted from the master list), each reason with the tenant's label.
 */
export async function exportChanges(
  tx: Orm,
  tenantId: string,
  exportId: string,
  file: { recordCount: number; sizeBytes: number; sha256: string },
  labels: Map<string, string>,
): Promise<ExportApprovalDetails> {
  const previous = await lastApprovedExport(tx, tenantId, exportId);
  if (!previous)
    return {
      ...file,
      previousExportId: null,
      previousRecordCount: null,
      added: file.recordCount,
      removed: 0,
      removedByReason: [],
    };
  const { added, removed } = await exportDifference(tx, tenantId, exportId, previous.id);
  return {
    ...file,
    previousExportId: previous.id,
    previousRecordCount: previous.record_count,
    added,
    removed: removed.reduce((s, r) => s + r.n, 0),
    removedByReason: removed.map((r) => ({
      reason: r.reason,
      label: labels.get(r.reason) ?? (r.reason === 'DELETED' ? M.deletedFromMasterList : r.reason),
      count: r.n,
    })),
  };
}
