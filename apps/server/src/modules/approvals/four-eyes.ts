import { sql } from 'drizzle-orm';
import {
  APPROVAL_MESSAGES as M,
  type Approval,
  type ApprovalKind,
  type ApprovalsPage,
  type ApprovalsQuerySchema,
  type ExportApprovalDetails,
} from '@portal/contract/decisions';
import { TenantSettingsSchema } from '@portal/contract/settings';
import { koboToNaira } from '@portal/contract/payroll';
import type { z } from 'zod';
import { scopeOf, tenantScope, type Actor } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { DecisionSession, type IntegrityRepo } from '../integrity/integrity.repo.ts';
import {
  AWAITING_SECOND_APPROVAL,
  requireTransition,
  type RecordAuditEntry,
} from '../records/record-state.ts';
import type { RecordStatus } from '@portal/contract/records';
import type { ReasonCodesService } from './reason-codes.ts';

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

type ApprovalRow = {
  id: string;
  tenant_id: string;
  kind: ApprovalKind;
  status: Approval['status'];
  record_id: string | null;
  export_id: string | null;
  flag_id: string | null;
  maker_user_id: string | null;
  maker_email: string;
  reason_code: string | null;
  note: string | null;
  summary: string;
  payload: unknown;
  checker_email: string | null;
  checker_note: string | null;
  decided_at: Date | string | null;
  created_at: Date | string;
};

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

/** Whether the tenant asks for a second approver (its settings; read by every path that needs it). */
export async function secondApproverOn(orm: Orm, tenantId: string): Promise<boolean> {
  const result = await orm.execute<{ settings: unknown }>(
    sql`select settings from tenant_settings where tenant_id = ${tenantId}`,
  );
  return TenantSettingsSchema.parse(result.rows[0]?.settings ?? {}).secondApprover;
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
    private readonly integrity: IntegrityRepo,
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
    const updated = await tx.execute<{ version: number; psn: string | null; full_name: string }>(sql`
      update records set status = ${t.to}, status_before_approval = ${t.from}, version = version + 1, updated_at = now()
      where tenant_id = ${tenantId} and id = ${h.recordId}
      returning version, psn, full_name`);
    const rec = updated.rows[0]!;
    const what = h.kind === 'REJECTION' ? 'Reject' : 'Confirm integrity flag on';
    const payload: RecordPayload = { version: rec.version, from: t.from as RecordStatus };
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into approvals (tenant_id, kind, record_id, flag_id, maker_user_id, maker_email, reason_code, note, summary, payload)
      values (${tenantId}, ${h.kind}, ${h.recordId}, ${h.flagId ?? null}, ${actor.userId}, ${actor.email},
        ${h.reason.code}, ${h.note}, ${`${what} ${rec.psn ?? '(no PSN)'} ${rec.full_name}: ${h.reason.label}`},
        ${JSON.stringify(payload)}::jsonb)
      returning id`);
    const approvalId = inserted.rows[0]!.id;
    return {
      to: t.to,
      action: t.audit!.action,
      before: { status: t.from },
      after: { status: t.to, reasonCode: h.reason.code, approvalId } as RecordAuditEntry['after'],
    };
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
    const maker = await tx.execute<{ exported_by: string | null; exported_by_email: string }>(sql`
      update export_jobs set status = 'AWAITING_APPROVAL' where id = ${exportId} and tenant_id = ${tenantId}
      returning exported_by, exported_by_email`);
    const { exported_by, exported_by_email } = maker.rows[0]!;
    const summary = `Payroll export of ${file.recordCount.toLocaleString('en-US')} records (+${details.added.toLocaleString('en-US')}, −${details.removed.toLocaleString('en-US')} since the last approved export)`;
    const inserted = await tx.execute<{ id: string }>(sql`
      insert into approvals (tenant_id, kind, export_id, maker_user_id, maker_email, summary, payload)
      values (${tenantId}, 'EXPORT', ${exportId}, ${exported_by}, ${exported_by_email}, ${summary},
        ${JSON.stringify({ details } satisfies ExportPayload)}::jsonb)
      returning id`);
    await this.audit.append(
      {
        tenantId,
        actorUserId: exported_by,
        actorEmail: exported_by_email,
        action: 'APPROVAL_REQUESTED',
        entityType: 'export',
        entityId: exportId,
        after: { kind: 'EXPORT', approvalId: inserted.rows[0]!.id, ...file },
      },
      tx,
    );
  }

  async list(actor: Actor, q: Query): Promise<ApprovalsPage> {
    const { tenantId } = scopeOf(actor);
    // A reviewer follows their own actions only (to withdraw them); a tenant admin sees the tenant's.
    const own = actor.role === 'TENANT_ADMIN' ? sql`true` : sql`a.maker_user_id = ${actor.userId}`;
    const kind = q.kind ? sql`a.kind = ${q.kind}` : sql`true`;
    const where = sql`a.tenant_id = ${tenantId} and a.status = ${q.status} and ${kind} and ${own}`;
    const order = q.status === 'PENDING' ? sql`a.created_at asc, a.id` : sql`a.decided_at desc, a.id`;
    const [rows, total, awaiting] = await Promise.all([
      this.orm.execute<ApprovalRow>(sql`
        select a.* from approvals a where ${where} order by ${order}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`),
      this.orm.execute<{ n: number }>(sql`select count(*)::int as n from approvals a where ${where}`),
      actor.role === 'TENANT_ADMIN'
        ? this.orm.execute<{ n: number }>(sql`
            select count(*)::int as n from approvals a
            where a.tenant_id = ${tenantId} and a.status = 'PENDING'
              and a.maker_user_id is distinct from ${actor.userId} and lower(a.maker_email) <> lower(${actor.email})`)
        : Promise.resolve({ rows: [{ n: 0 }] }),
    ]);
    return {
      items: await this.#views(actor, tenantId, rows.rows),
      total: total.rows[0]?.n ?? 0,
      page: q.page,
      pageSize: q.pageSize,
      awaitingMe: awaiting.rows[0]?.n ?? 0,
    };
  }

  /** A different tenant admin approves: the rejection or confirmation applies, the export completes. */
  async approve(actor: Actor, id: string, note: string | null): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const confirmed = await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      const checker = sql`checker_user_id = ${actor.userId}, checker_email = ${actor.email}, checker_note = ${note}, decided_at = now()`;
      if (row.kind === 'EXPORT') {
        await this.#approveExport(tx, actor, row);
      } else {
        await this.#applyToRecord(tx, actor, row, 'GRANTED', note);
      }
      await tx.execute(sql`update approvals set status = 'APPROVED', ${checker} where id = ${id}`);
      await this.#auditApproval(tx, actor, row, 'APPROVAL_GRANTED', note);
      return row.kind === 'INTEGRITY_CONFIRM';
    });
    if (confirmed) await this.#refreshIntegrity(tenantId);
    return this.#one(actor, id);
  }

  /** A different tenant admin declines with a note: the record returns to its status and queue. */
  async decline(actor: Actor, id: string, note: string): Promise<Approval> {
    await this.orm.transaction(async (tx) => {
      const row = await this.#lockForChecker(tx, actor, id);
      if (row.kind === 'EXPORT') await this.#closeExport(tx, row, `Declined by ${actor.email}: ${note}`);
      else await this.#applyToRecord(tx, actor, row, 'DECLINED', note);
      await tx.execute(sql`
        update approvals set status = 'DECLINED', checker_user_id = ${actor.userId}, checker_email = ${actor.email},
          checker_note = ${note}, decided_at = now()
        where id = ${id}`);
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
      else await this.#applyToRecord(tx, actor, row, 'WITHDRAWN', null);
      await tx.execute(sql`update approvals set status = 'WITHDRAWN', decided_at = now() where id = ${id}`);
      if (row.kind === 'EXPORT') await this.#auditApproval(tx, actor, row, 'APPROVAL_WITHDRAWN', null);
    });
    return this.#one(actor, id);
  }

  async #lock(tx: Orm, tenantId: string, id: string): Promise<ApprovalRow> {
    const found = await tx.execute<ApprovalRow>(
      sql`select * from approvals where tenant_id = ${tenantId} and id = ${id} for update`,
    );
    const row = found.rows[0];
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
    const found = await tx.execute<{
      status: string;
      version: number;
      status_before_approval: string | null;
    }>(sql`
      select status, version, status_before_approval from records
      where tenant_id = ${tenantId} and id = ${row.record_id} for update`);
    const rec = found.rows[0];
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
    await tx.execute(sql`
      update records set status = ${t.to}, status_before_approval = null,
        status_reason_code = case when ${outcome === 'GRANTED'} then ${reasonCode}::text else status_reason_code end,
        version = version + 1, updated_at = now()
      where tenant_id = ${tenantId} and id = ${row.record_id}`);
    if (outcome === 'GRANTED' && row.kind === 'INTEGRITY_CONFIRM' && row.flag_id) {
      const s = new DecisionSession(tx, this.integrity);
      const scope = tenantScope(tenantId);
      await s.close(
        scope,
        row.flag_id,
        'CONFIRMED',
        { userId: actor.userId, email: actor.email },
        row.reason_code!,
        row.note,
      );
      await s.dropOpenFlagsOf(scope, row.record_id!);
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

  async #approveExport(tx: Orm, actor: Actor, row: ApprovalRow): Promise<void> {
    const { details } = row.payload as ExportPayload;
    const latest = await tx.execute<{ id: string }>(sql`
      select id from export_jobs where tenant_id = ${row.tenant_id} and status = 'COMPLETED'
      order by coalesce(approved_at, finished_at) desc nulls last, created_at desc limit 1`);
    // The change shown was against the last approved export: another approved since makes it wrong.
    if ((latest.rows[0]?.id ?? null) !== details.previousExportId) throw conflict(M.exportSuperseded);
    const done = await tx.execute(sql`
      update export_jobs set status = 'COMPLETED', approved_by = ${actor.userId}, approved_by_email = ${actor.email},
        approved_at = now()
      where tenant_id = ${row.tenant_id} and id = ${row.export_id} and status = 'AWAITING_APPROVAL'
      returning id`);
    if (done.rows.length === 0) throw conflict(M.notPending);
  }

  async #closeExport(tx: Orm, row: ApprovalRow, message: string): Promise<void> {
    await tx.execute(sql`
      update export_jobs set status = 'FAILED', status_message = ${message}
      where tenant_id = ${row.tenant_id} and id = ${row.export_id} and status = 'AWAITING_APPROVAL'`);
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
    const scope = tenantScope(tenantId);
    await this.integrity.storeSummary(scope, await this.integrity.figures(scope));
  }

  async #one(actor: Actor, id: string): Promise<Approval> {
    const { tenantId } = scopeOf(actor);
    const found = await this.orm.execute<ApprovalRow>(
      sql`select * from approvals where tenant_id = ${tenantId} and id = ${id}`,
    );
    if (!found.rows[0]) throw notFound(M.notFound);
    return (await this.#views(actor, tenantId, found.rows))[0]!;
  }

  async #views(actor: Actor, tenantId: string, rows: ApprovalRow[]): Promise<Approval[]> {
    const recordIds = rows.flatMap((r) => (r.record_id ? [r.record_id] : []));
    const exportIds = rows.flatMap((r) => (r.export_id ? [r.export_id] : []));
    const [labels, recs, exps] = await Promise.all([
      this.reasonCodes.labels(tenantId),
      recordIds.length
        ? this.orm.execute<{
            id: string;
            psn: string | null;
            full_name: string;
            ministry: string | null;
            department: string | null;
            status: string;
            status_before_approval: string | null;
            monthly_gross_kobo: string | number | null;
          }>(sql`
            select r.id, r.psn, r.full_name, m.name as ministry, d.name as department, r.status,
              r.status_before_approval, r.monthly_gross_kobo
            from records r
            left join ministries m on m.id = r.ministry_id
            left join departments d on d.id = r.department_id
            where r.tenant_id = ${tenantId} and r.id in (${sql.join(
              recordIds.map((id) => sql`${id}`),
              sql`, `,
            )})`)
        : Promise.resolve({ rows: [] }),
      exportIds.length
        ? this.orm.execute<{
            id: string;
            record_count: number;
            size_bytes: string | number;
            sha256: string | null;
          }>(sql`
            select id, record_count, size_bytes, sha256 from export_jobs
            where tenant_id = ${tenantId} and id in (${sql.join(
              exportIds.map((id) => sql`${id}`),
              sql`, `,
            )})`)
        : Promise.resolve({ rows: [] }),
    ]);
    const recById = new Map(recs.rows.map((r) => [r.id, r]));
    const expById = new Map(exps.rows.map((e) => [e.id, e]));
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
 * The change of export `exportId` since the last approved (COMPLETED) one, from export_records:
 * records added, records removed grouped by why (the record's reason code, else its status, else
 * deleted from the master list). Set-based: two anti-joins over the two exports' records.
 */
export async function exportChanges(
  tx: Orm,
  tenantId: string,
  exportId: string,
  file: { recordCount: number; sizeBytes: number; sha256: string },
  labels: Map<string, string>,
): Promise<ExportApprovalDetails> {
  const prev = await tx.execute<{ id: string; record_count: number }>(sql`
    select id, record_count from export_jobs
    where tenant_id = ${tenantId} and status = 'COMPLETED' and id <> ${exportId}
    order by coalesce(approved_at, finished_at) desc nulls last, created_at desc limit 1`);
  const previous = prev.rows[0];
  if (!previous)
    return {
      ...file,
      previousExportId: null,
      previousRecordCount: null,
      added: file.recordCount,
      removed: 0,
      removedByReason: [],
    };
  const added = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from export_records e
    where e.export_id = ${exportId}
      and not exists (select 1 from export_records p where p.export_id = ${previous.id} and p.record_id = e.record_id)`);
  const removed = await tx.execute<{ reason: string; n: number }>(sql`
    select coalesce(r.status_reason_code, r.status, 'DELETED') as reason, count(*)::int as n
    from export_records p
    left join records r on r.id = p.record_id and r.tenant_id = ${tenantId}
    where p.export_id = ${previous.id}
      and not exists (select 1 from export_records e where e.export_id = ${exportId} and e.record_id = p.record_id)
    group by 1 order by 2 desc, 1`);
  return {
    ...file,
    previousExportId: previous.id,
    previousRecordCount: previous.record_count,
    added: added.rows[0]?.n ?? 0,
    removed: removed.rows.reduce((s, r) => s + r.n, 0),
    removedByReason: removed.rows.map((r) => ({
      reason: r.reason,
      label: labels.get(r.reason) ?? (r.reason === 'DELETED' ? M.deletedFromMasterList : r.reason),
      count: r.n,
    })),
  };
}
