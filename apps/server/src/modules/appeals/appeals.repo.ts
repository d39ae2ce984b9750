import { sql, type SQL } from 'drizzle-orm';
import type { AppealDeadlineState, AppealDecision, AppealStatus } from '@portal/contract/appeals';
import { APPEAL_AT_RISK_DAYS } from '@portal/contract/appeals';
import { recordsInScope, type AssignedScope } from '../../access/record-scope.repo.ts';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import type { StoredIdentitySourceConfig } from '../identity/provider-settings.ts';

/** One pay period the person was left out of: an approved payroll export that did not carry them. */
export interface ArrearsPeriod {
  exportId: string;
  approvedAt: string;
}

/** An appeal as its views read it: the row, with its record's name, posting and status now. */
export type AppealRow = {
  id: string;
  tenant_id: string;
  record_id: string;
  kind: string;
  grounds: string;
  channel: string;
  status: AppealStatus;
  appealed_status: string;
  removed_at: Date;
  lodged_by: string | null;
  lodged_by_email: string | null;
  lodged_at: Date;
  deadline_at: Date;
  handler_id: string | null;
  handler_email: string | null;
  decision: string | null;
  decision_note: string | null;
  decided_at: Date | null;
  decided_by_email: string | null;
  reinstated_to: string | null;
  arrears_periods: { exportId: string; approvedAt: string }[] | null;
  monthly_gross_kobo: string | number | null;
  arrears_kobo: string | number | null;
  version: number;
  full_name: string;
  psn: string | null;
  employee_id: string | null;
  ministry: string | null;
  department: string | null;
  record_status: string;
};

/** The record an appeal is about, as lodging and reinstating read it (locked). */
export type AppealedRecord = {
  id: string;
  status: string;
  full_name: string;
  psn: string | null;
  date_of_birth: string | null;
  grade_level: string | null;
  ministry: string | null;
  department: string | null;
  monthly_gross_kobo: string | number | null;
  sot_data: unknown;
  version: number;
};

const DAY_MS = 86_400_000;

/** The deadline state of an appeal as SQL, against the portal's clock `now` (a parameter). */
function deadlineStateSql(now: Date): SQL {
  const atRisk = new Date(now.getTime() + APPEAL_AT_RISK_DAYS * DAY_MS);
  return sql`case
    when a.status = 'DECIDED' then case when a.decided_at <= a.deadline_at then 'MET' else 'BREACHED' end
    when a.deadline_at < ${now} then 'BREACHED'
    when a.deadline_at <= ${atRisk} then 'AT_RISK'
    else 'ON_TRACK' end`;
}

const SELECT = sql`select a.*, records.full_name, records.psn, records.employee_id, records.status as record_status,
    m.name as ministry, d.name as department
  from appeals a
  join records on records.id = a.record_id
  left join ministries m on m.id = records.ministry_id
  left join departments d on d.id = records.department_id`;

export interface AppealsFilter {
  status?: AppealStatus;
  deadline?: AppealDeadlineState;
  kind?: string;
  /** An agent: only the appeals it lodged. */
  lodgedBy?: string;
}

/**
 * Appeals (issue #34): every query starts from a scope (recordsInScope on the appealed record), so
 * a reviewer reads the appeals of their assignments only and an employee their own.
 */
export class AppealsRepo {
  constructor(readonly orm: Orm) {}

  /** The record in scope, locked for the appeal's change; undefined when out of scope or unknown. */
  async lockRecord(tx: Orm, scope: AssignedScope, recordId: string): Promise<AppealedRecord | undefined> {
    const r = await tx.execute<AppealedRecord>(sql`
      select records.id, records.status, records.full_name, records.psn, records.date_of_birth::text,
        records.grade_level, m.name as ministry, d.name as department, records.monthly_gross_kobo,
        records.sot_data, records.version
      from records
      left join ministries m on m.id = records.ministry_id
      left join departments d on d.id = records.department_id
      where ${recordsInScope(scope)} and records.id = ${recordId}
      for update of records`);
    return r.rows[0];
  }

  /** The tenant's stored identity-source settings (its name-match settings), read in the transaction. */
  async identitySourceConfig(tx: Orm, scope: TenantScope): Promise<StoredIdentitySourceConfig | null> {
    const r = await tx.execute<{ cfg: StoredIdentitySourceConfig | null }>(
      sql`select identity_source_config as cfg from tenants where id = ${scope.tenantId}`,
    );
    return r.rows[0]?.cfg ?? null;
  }

  /** The employee's own record id (the account's link), or null. */
  async ownRecordId(tx: Orm, scope: TenantScope, userId: string): Promise<string | null> {
    const r = await tx.execute<{ record_id: string | null }>(
      sql`select record_id from users where id = ${userId} and tenant_id = ${scope.tenantId}`,
    );
    return r.rows[0]?.record_id ?? null;
  }

  /**
   * When the record last left the payroll: its latest rejection, integrity confirmation or
   * suspension in the audit trail (the decision appealed), else its last change.
   */
  async removedAt(tx: Orm, scope: TenantScope, recordId: string): Promise<Date> {
    const r = await tx.execute<{ at: Date }>(sql`
      select coalesce(
        (select max(created_at) from audit_events
          where tenant_id = ${scope.tenantId} and record_id = ${recordId}
            and action in ('RECORD_REJECTED', 'RECORD_INTEGRITY_CONFIRMED', 'RECORD_SUSPENDED')),
        (select updated_at from records where id = ${recordId})) as at`);
    return new Date(r.rows[0]!.at);
  }

  async hasOpen(tx: Orm, scope: TenantScope, recordId: string): Promise<boolean> {
    const r = await tx.execute(sql`
      select 1 from appeals where tenant_id = ${scope.tenantId} and record_id = ${recordId}
        and status <> 'DECIDED' limit 1`);
    return r.rows.length > 0;
  }

  async insert(
    tx: Orm,
    scope: TenantScope,
    a: {
      recordId: string;
      kind: string;
      grounds: string;
      channel: string;
      appealedStatus: string;
      removedAt: Date;
      lodgedBy: string | null;
      lodgedByEmail: string | null;
      lodgedAt: Date;
      deadlineAt: Date;
    },
  ): Promise<string> {
    const r = await tx.execute<{ id: string }>(sql`
      insert into appeals (tenant_id, record_id, kind, grounds, channel, appealed_status, removed_at,
        lodged_by, lodged_by_email, lodged_at, deadline_at)
      values (${scope.tenantId}, ${a.recordId}, ${a.kind}, ${a.grounds}, ${a.channel}, ${a.appealedStatus},
        ${a.removedAt}, ${a.lodgedBy}, ${a.lodgedByEmail}, ${a.lodgedAt}, ${a.deadlineAt})
      returning id`);
    return r.rows[0]!.id;
  }

  /** One appeal in scope (locked when `lock`), or undefined. */
  async find(
    orm: Orm,
    scope: AssignedScope,
    id: string,
    opts: { lock?: boolean; lodgedBy?: string } = {},
  ): Promise<AppealRow | undefined> {
    const lodged = opts.lodgedBy ? sql`and a.lodged_by = ${opts.lodgedBy}` : sql``;
    const lock = opts.lock ? sql`for update of a` : sql``;
    const r = await orm.execute<AppealRow>(
      sql`${SELECT} where ${recordsInScope(scope)} and a.tenant_id = ${scope.tenantId} and a.id = ${id} ${lodged} ${lock}`,
    );
    return r.rows[0];
  }

  async page(
    scope: AssignedScope,
    f: AppealsFilter,
    now: Date,
    page: { page: number; pageSize: number },
  ): Promise<{ rows: (AppealRow & { deadline_state: AppealDeadlineState })[]; total: number }> {
    const state = deadlineStateSql(now);
    const where = sql.join(
      [
        recordsInScope(scope),
        sql`a.tenant_id = ${scope.tenantId}`,
        f.status ? sql`a.status = ${f.status}` : undefined,
        f.kind ? sql`a.kind = ${f.kind}` : undefined,
        f.lodgedBy ? sql`a.lodged_by = ${f.lodgedBy}` : undefined,
        f.deadline ? sql`(${state}) = ${f.deadline}` : undefined,
      ].filter((c): c is SQL => c !== undefined),
      sql` and `,
    );
    const [rows, total] = await Promise.all([
      this.orm.execute<AppealRow & { deadline_state: AppealDeadlineState }>(sql`
        select * from (${SELECT} where ${where}) a0
        order by (status = 'DECIDED'), deadline_at, lodged_at, id
        limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`),
      this.orm.execute<{ n: number }>(sql`select count(*)::int as n from appeals a
        join records on records.id = a.record_id where ${where}`),
    ]);
    return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
  }

  async update(
    tx: Orm,
    scope: TenantScope,
    id: string,
    set: Partial<{
      status: AppealStatus;
      handlerId: string | null;
      handlerEmail: string | null;
      decision: string | null;
      decisionNote: string | null;
      decidedAt: Date | null;
      decidedBy: string | null;
      decidedByEmail: string | null;
      reinstatedTo: string | null;
      arrearsPeriods: unknown;
      monthlyGrossKobo: number | null;
      arrearsKobo: number | null;
    }>,
  ): Promise<void> {
    const cols: Record<string, string> = {
      status: 'status',
      handlerId: 'handler_id',
      handlerEmail: 'handler_email',
      decision: 'decision',
      decisionNote: 'decision_note',
      decidedAt: 'decided_at',
      decidedBy: 'decided_by',
      decidedByEmail: 'decided_by_email',
      reinstatedTo: 'reinstated_to',
      arrearsPeriods: 'arrears_periods',
      monthlyGrossKobo: 'monthly_gross_kobo',
      arrearsKobo: 'arrears_kobo',
    };
    const parts = Object.entries(set).map(([k, v]) =>
      k === 'arrearsPeriods'
        ? sql`${sql.identifier(cols[k]!)} = ${v === null ? null : JSON.stringify(v)}::jsonb`
        : sql`${sql.identifier(cols[k]!)} = ${v}`,
    );
    await tx.execute(sql`update appeals set ${sql.join([...parts, sql`version = version + 1`], sql`, `)}
      where tenant_id = ${scope.tenantId} and id = ${id}`);
  }

  async addMessage(
    tx: Orm,
    scope: TenantScope,
    m: {
      appealId: string;
      type: 'QUESTION' | 'ANSWER';
      body: string;
      by: { userId: string | null; email: string | null };
      at: Date;
    },
  ): Promise<void> {
    await tx.execute(sql`insert into appeal_messages (tenant_id, appeal_id, type, body, by_user_id, by_email, at)
      values (${scope.tenantId}, ${m.appealId}, ${m.type}, ${m.body}, ${m.by.userId}, ${m.by.email}, ${m.at})`);
  }

  async messages(orm: Orm, scope: TenantScope, appealId: string) {
    const r = await orm.execute<{
      id: string;
      type: 'QUESTION' | 'ANSWER';
      body: string;
      by_email: string | null;
      at: Date;
    }>(
      sql`select id, type, body, by_email, at from appeal_messages
        where tenant_id = ${scope.tenantId} and appeal_id = ${appealId} order by at, id`,
    );
    return r.rows;
  }

  async attachments(orm: Orm, scope: TenantScope, appealId: string) {
    const r = await orm.execute<{
      id: string;
      file_name: string;
      content_type: string;
      size_bytes: number;
      uploaded_by_email: string | null;
      at: Date;
    }>(sql`select id, file_name, content_type, size_bytes, uploaded_by_email, at from appeal_attachments
        where tenant_id = ${scope.tenantId} and appeal_id = ${appealId} order by at, id`);
    return r.rows;
  }

  /** Whether `userId` may handle the record's appeal: a tenant admin, or a reviewer assigned to it. */
  async handlerOf(
    tx: Orm,
    scope: TenantScope,
    userId: string,
    recordId: string,
  ): Promise<{ id: string; email: string } | undefined> {
    const r = await tx.execute<{ id: string; email: string }>(sql`
      select u.id, u.email from users u
      where u.id = ${userId} and u.tenant_id = ${scope.tenantId} and u.status = 'ACTIVE'
        and (u.role = 'TENANT_ADMIN' or (u.role = 'REVIEWER' and exists (
          select 1 from records where records.id = ${recordId} and (
            records.ministry_id in (select ministry_id from reviewer_ministries where user_id = u.id)
            or records.department_id in (select department_id from reviewer_departments where user_id = u.id)))))`);
    return r.rows[0];
  }

  /**
   * The record's move back to review (issue #34), through the status record-state gave: its
   * reason code goes, its version moves (a decision pending on it can no longer apply).
   */
  async reinstateRecord(tx: Orm, scope: TenantScope, recordId: string, status: string): Promise<void> {
    await tx.execute(sql`update records set status = ${status}, status_reason_code = null,
        validated_at = null, version = version + 1, updated_at = now()
      where tenant_id = ${scope.tenantId} and id = ${recordId}`);
  }

  /** Declined or withdrawn reinstatement: the appeal is its handler's again. */
  async reopen(tx: Orm, scope: TenantScope, appealId: string): Promise<void> {
    await tx.execute(sql`update appeals set status = 'OPEN', version = version + 1
      where tenant_id = ${scope.tenantId} and id = ${appealId} and status = 'AWAITING_APPROVAL'`);
  }

  /** The tenant's stored settings document (TenantSettingsSchema fills the defaults). */
  async tenantSettings(orm: Orm, tenantId: string): Promise<unknown> {
    const r = await orm.execute<{ settings: unknown }>(
      sql`select settings from tenant_settings where tenant_id = ${tenantId}`,
    );
    return r.rows[0]?.settings;
  }

  /** The reinstating decisions of these appeals waiting for a second approver, by appeal. */
  async pendingDecisions(
    scope: TenantScope,
    ids: string[],
  ): Promise<Map<string, { decision: AppealDecision; approvalId: string }>> {
    if (ids.length === 0) return new Map();
    const r = await this.orm.execute<{ id: string; appeal_id: string; decision: AppealDecision }>(sql`
      select id, payload ->> 'appealId' as appeal_id, payload ->> 'decision' as decision from approvals
      where tenant_id = ${scope.tenantId} and kind = 'APPEAL_REINSTATEMENT' and status = 'PENDING'
        and payload ->> 'appealId' in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    return new Map(r.rows.map((p) => [p.appeal_id, { decision: p.decision, approvalId: p.id }]));
  }

  /**
   * The pay periods a reinstated person missed (issue #34 item 3): the tenant's approved payroll
   * exports (COMPLETED, with a second approver or without) from the removal appealed to now that
   * did not carry the record (export_members, the export history). Each is one month's pay owed.
   * The times are the database's, as the exports' and the audit trail's are.
   */
  async missedPeriods(
    tx: Orm,
    scope: TenantScope,
    recordId: string,
    removedAt: Date,
  ): Promise<ArrearsPeriod[]> {
    const r = await tx.execute<{ id: string; at: Date }>(sql`
      select e.id, coalesce(e.approved_at, e.finished_at) as at
      from export_jobs e join export_members m on m.export_id = e.id
      where e.tenant_id = ${scope.tenantId} and e.status = 'COMPLETED'
        and coalesce(e.approved_at, e.finished_at) > ${removedAt}
        and coalesce(e.approved_at, e.finished_at) <= now()
        and not (${recordId}::uuid = any(m.record_ids))
      order by at, e.id`);
    return r.rows.map((row) => ({ exportId: row.id, approvedAt: new Date(row.at).toISOString() }));
  }
}
