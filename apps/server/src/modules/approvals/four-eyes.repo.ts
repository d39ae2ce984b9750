import { sql } from 'drizzle-orm';
import type { Approval, ApprovalKind } from '@portal/contract/decisions';
import type { Orm } from '../../platform/db.ts';

/**
 * The SQL of four-eyes (issue #22): approval rows, and what an approval does to a record or an
 * export. The rules (who may approve, what an approval carries out) are in four-eyes.ts. Each
 * function takes the handle to run on: the pool or the caller's transaction.
 */
export type ApprovalRow = {
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

const ids = (list: string[]) =>
  sql.join(
    list.map((id) => sql`${id}`),
    sql`, `,
  );

/** The tenant's stored settings (parsed by the caller). */
export async function tenantSettings(orm: Orm, tenantId: string): Promise<unknown> {
  const result = await orm.execute<{ settings: unknown }>(
    sql`select settings from tenant_settings where tenant_id = ${tenantId}`,
  );
  return result.rows[0]?.settings;
}

export async function insertApproval(
  tx: Orm,
  a: {
    tenantId: string;
    kind: ApprovalKind;
    recordId?: string | null;
    exportId?: string | null;
    flagId?: string | null;
    makerUserId: string | null;
    makerEmail: string;
    reasonCode?: string | null;
    note?: string | null;
    summary: string;
    payload: unknown;
  },
): Promise<string> {
  const inserted = await tx.execute<{ id: string }>(sql`
    insert into approvals (tenant_id, kind, record_id, export_id, flag_id, maker_user_id, maker_email, reason_code, note, summary, payload)
    values (${a.tenantId}, ${a.kind}, ${a.recordId ?? null}, ${a.exportId ?? null}, ${a.flagId ?? null},
      ${a.makerUserId}, ${a.makerEmail}, ${a.reasonCode ?? null}, ${a.note ?? null}, ${a.summary},
      ${JSON.stringify(a.payload)}::jsonb)
    returning id`);
  return inserted.rows[0]!.id;
}

/** The approval, locked for the decision; undefined when the tenant has none of that id. */
export async function lockApproval(tx: Orm, tenantId: string, id: string): Promise<ApprovalRow | undefined> {
  const found = await tx.execute<ApprovalRow>(
    sql`select * from approvals where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  return found.rows[0];
}

export async function findApproval(orm: Orm, tenantId: string, id: string): Promise<ApprovalRow | undefined> {
  const found = await orm.execute<ApprovalRow>(
    sql`select * from approvals where tenant_id = ${tenantId} and id = ${id}`,
  );
  return found.rows[0];
}

/** Closes the approval; a checker (approve, decline) is recorded, a withdrawal has none. */
export async function closeApproval(
  tx: Orm,
  id: string,
  status: 'APPROVED' | 'DECLINED' | 'WITHDRAWN',
  checker?: { userId: string | null; email: string; note: string | null },
): Promise<void> {
  const by = checker
    ? sql`, checker_user_id = ${checker.userId}, checker_email = ${checker.email}, checker_note = ${checker.note}`
    : sql``;
  await tx.execute(sql`update approvals set status = ${status}, decided_at = now()${by} where id = ${id}`);
}

/**
 * A page of the tenant's approvals in `status` (PENDING oldest first, the others latest decided
 * first), of one kind or all, and of one maker (`makerUserId`) or all (null); with the total.
 */
export async function approvalsPage(
  orm: Orm,
  f: {
    tenantId: string;
    status: Approval['status'];
    kind: ApprovalKind | undefined;
    makerUserId: string | null;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: ApprovalRow[]; total: number }> {
  const own = f.makerUserId === null ? sql`true` : sql`a.maker_user_id = ${f.makerUserId}`;
  const kind = f.kind ? sql`a.kind = ${f.kind}` : sql`true`;
  const where = sql`a.tenant_id = ${f.tenantId} and a.status = ${f.status} and ${kind} and ${own}`;
  const order = f.status === 'PENDING' ? sql`a.created_at asc, a.id` : sql`a.decided_at desc, a.id`;
  const [rows, total] = await Promise.all([
    orm.execute<ApprovalRow>(sql`
      select a.* from approvals a where ${where} order by ${order}
      limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
    orm.execute<{ n: number }>(sql`select count(*)::int as n from approvals a where ${where}`),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/**
 * How many of the tenant's approvals are PENDING and made by someone `checker` may check: not
 * themselves, nor an account of their family (issue #30; the rule: four-eyes.ts `checkerRefusal`).
 */
export async function pendingForChecker(
  orm: Orm,
  tenantId: string,
  checker: { userId: string; email: string },
): Promise<number> {
  const result = await orm.execute<{ n: number }>(sql`
    select count(*)::int as n from approvals a
    where a.tenant_id = ${tenantId} and a.status = 'PENDING'
      and a.maker_user_id is distinct from ${checker.userId} and lower(a.maker_email) <> lower(${checker.email})
      and (a.maker_user_id is null or a.maker_user_id not in ${familyOf(checker.userId)})`);
  return result.rows[0]?.n ?? 0;
}

/** The record awaits its second approver: status `to`, the status `from` kept beside it. */
export async function holdRecordStatus(
  tx: Orm,
  tenantId: string,
  recordId: string,
  t: { from: string; to: string },
): Promise<{ version: number; psn: string | null; full_name: string }> {
  const updated = await tx.execute<{ version: number; psn: string | null; full_name: string }>(sql`
    update records set status = ${t.to}, status_before_approval = ${t.from}, version = version + 1, updated_at = now()
    where tenant_id = ${tenantId} and id = ${recordId}
    returning version, psn, full_name`);
  return updated.rows[0]!;
}

export async function lockRecord(
  tx: Orm,
  tenantId: string,
  recordId: string | null,
): Promise<{ status: string; version: number; status_before_approval: string | null } | undefined> {
  const found = await tx.execute<{
    status: string;
    version: number;
    status_before_approval: string | null;
  }>(sql`
    select status, version, status_before_approval from records
    where tenant_id = ${tenantId} and id = ${recordId} for update`);
  return found.rows[0];
}

/**
 * The approval's outcome on the record: status `to`, no status kept beside it; the reason code
 * set when given (a granted rejection or confirmation), else left as it was.
 */
export async function settleRecordStatus(
  tx: Orm,
  tenantId: string,
  recordId: string | null,
  to: string,
  reasonCode?: string | null,
): Promise<void> {
  await tx.execute(sql`
    update records set status = ${to}, status_before_approval = null,
      status_reason_code = case when ${reasonCode !== undefined} then ${reasonCode ?? null}::text else status_reason_code end,
      version = version + 1, updated_at = now()
    where tenant_id = ${tenantId} and id = ${recordId}`);
}

/** The export awaits approval; answers who made it. */
export async function holdExportStatus(
  tx: Orm,
  tenantId: string,
  exportId: string,
): Promise<{ exported_by: string | null; exported_by_email: string }> {
  const maker = await tx.execute<{ exported_by: string | null; exported_by_email: string }>(sql`
    update export_jobs set status = 'AWAITING_APPROVAL' where id = ${exportId} and tenant_id = ${tenantId}
    returning exported_by, exported_by_email`);
  return maker.rows[0]!;
}

/** The tenant's last approved (COMPLETED) export, other than `exceptId`. */
export async function lastApprovedExport(
  tx: Orm,
  tenantId: string,
  exceptId: string | null = null,
): Promise<{ id: string; record_count: number } | undefined> {
  const other = exceptId === null ? sql`true` : sql`id <> ${exceptId}`;
  const prev = await tx.execute<{ id: string; record_count: number }>(sql`
    select id, record_count from export_jobs
    where tenant_id = ${tenantId} and status = 'COMPLETED' and ${other}
    order by coalesce(approved_at, finished_at) desc nulls last, created_at desc limit 1`);
  return prev.rows[0];
}

/** The export awaiting approval completes, approved by `by`; false when it no longer awaits. */
export async function completeExport(
  tx: Orm,
  tenantId: string,
  exportId: string | null,
  by: { userId: string | null; email: string },
): Promise<boolean> {
  const done = await tx.execute(sql`
    update export_jobs set status = 'COMPLETED', approved_by = ${by.userId}, approved_by_email = ${by.email},
      approved_at = now()
    where tenant_id = ${tenantId} and id = ${exportId} and status = 'AWAITING_APPROVAL'
    returning id`);
  return done.rows.length > 0;
}

/** The export awaiting approval fails with `message` (declined or withdrawn). */
export async function failExport(tx: Orm, tenantId: string, exportId: string | null, message: string) {
  await tx.execute(sql`
    update export_jobs set status = 'FAILED', status_message = ${message}
    where tenant_id = ${tenantId} and id = ${exportId} and status = 'AWAITING_APPROVAL'`);
}

export type RecordForView = {
  id: string;
  psn: string | null;
  full_name: string;
  ministry: string | null;
  department: string | null;
  status: string;
  status_before_approval: string | null;
  monthly_gross_kobo: string | number | null;
};

/** What an approver sees of the records `recordIds` of the tenant. */
export async function recordsForView(
  orm: Orm,
  tenantId: string,
  recordIds: string[],
): Promise<RecordForView[]> {
  if (recordIds.length === 0) return [];
  const found = await orm.execute<RecordForView>(sql`
    select r.id, r.psn, r.full_name, m.name as ministry, d.name as department, r.status,
      r.status_before_approval, r.monthly_gross_kobo
    from records r
    left join ministries m on m.id = r.ministry_id
    left join departments d on d.id = r.department_id
    where r.tenant_id = ${tenantId} and r.id in (${ids(recordIds)})`);
  return found.rows;
}

export type ExportForView = {
  id: string;
  record_count: number;
  size_bytes: string | number;
  sha256: string | null;
};

/** What an approver sees of the exports `exportIds` of the tenant. */
export async function exportsForView(
  orm: Orm,
  tenantId: string,
  exportIds: string[],
): Promise<ExportForView[]> {
  if (exportIds.length === 0) return [];
  const found = await orm.execute<ExportForView>(sql`
    select id, record_count, size_bytes, sha256 from export_jobs
    where tenant_id = ${tenantId} and id in (${ids(exportIds)})`);
  return found.rows;
}

/**
 * The account the creator chain of `userId` starts from (issue #30): its creator, its creator's
 * creator, … while the creator is an account of a tenant (the global admin, an unknown creator or
 * a deleted one ends it). Two accounts with the same start belong to one family.
 */
const familyRootOf = (userId: string) => sql`(
  with recursive up(id, created_by, depth) as (
    select u.id, u.created_by, 0 from users u where u.id = ${userId}
    union all
    select p.id, p.created_by, up.depth + 1 from up
    join users p on p.id = up.created_by and p.tenant_id is not null
    where up.depth < 64
  )
  select id from up order by depth desc limit 1)`;

/** Whether the two accounts belong to one family (one created the other, or both one creator's). */
export async function sameFamily(orm: Orm, a: string, b: string): Promise<boolean> {
  const found = await orm.execute<{ same: boolean }>(
    sql`select ${familyRootOf(a)} = ${familyRootOf(b)} as same`,
  );
  return found.rows[0]?.same === true;
}

/** Every account of the family of `userId` (see familyRootOf): the root and all it created, down. */
const familyOf = (userId: string) => sql`(
  with recursive down(id, depth) as (
    select ${familyRootOf(userId)}, 0
    union
    select u.id, down.depth + 1 from down join users u on u.created_by = down.id
    where down.depth < 64
  )
  select id from down where id is not null)`;

/** The tenant admin waiting for the role becomes ACTIVE; false when it no longer waits. */
export async function activatePendingAdmin(tx: Orm, tenantId: string, userId: string): Promise<boolean> {
  const done = await tx.execute(sql`
    update users set status = 'ACTIVE', updated_at = now()
    where tenant_id = ${tenantId} and id = ${userId} and role = 'TENANT_ADMIN' and status = 'PENDING_APPROVAL'
    returning id`);
  return done.rows.length > 0;
}

/**
 * A declined or withdrawn ADMIN_GRANT: the account waiting for the role is deleted (it never signed
 * in and never held the role; its email is free again). The audit trail keeps its creation.
 */
export async function dropPendingAdmin(tx: Orm, tenantId: string, userId: string): Promise<void> {
  await tx.execute(sql`
    delete from users where tenant_id = ${tenantId} and id = ${userId} and status = 'PENDING_APPROVAL'`);
}

export type AccountForView = {
  id: string;
  full_name: string;
  email: string;
  role: string;
  status: string;
};

/** The accounts `userIds` of the tenant, as an approver of their role sees them. */
export async function accountsForView(
  orm: Orm,
  tenantId: string,
  userIds: string[],
): Promise<AccountForView[]> {
  if (userIds.length === 0) return [];
  const found = await orm.execute<AccountForView>(sql`
    select id, full_name, email, role, status from users
    where tenant_id = ${tenantId} and id in (${ids(userIds)})`);
  return found.rows;
}

/** The tenant's PENDING approvals of one kind, oldest first. */
export async function pendingOfKind(orm: Orm, tenantId: string, kind: ApprovalKind): Promise<ApprovalRow[]> {
  const found = await orm.execute<ApprovalRow>(sql`
    select * from approvals where tenant_id = ${tenantId} and kind = ${kind} and status = 'PENDING'
    order by created_at, id`);
  return found.rows;
}

/**
 * Whether the tenant has a PENDING approval of record `recordId` or of integrity flag `flagId`
 * (issue #30: a flag's dismissal waits without moving its record).
 */
export async function hasPendingApproval(
  tx: Orm,
  tenantId: string,
  of: { recordId?: string; flagId?: string; excusal?: { campaignId: string; recordId: string } },
): Promise<boolean> {
  const on = of.excusal
    ? sql`a.kind = 'EXCUSAL' and a.payload ->> 'campaignId' = ${of.excusal.campaignId}
        and a.payload ->> 'recordId' = ${of.excusal.recordId}`
    : of.flagId
      ? sql`a.flag_id = ${of.flagId}`
      : sql`a.record_id = ${of.recordId ?? null}`;
  const found = await tx.execute(sql`
    select 1 from approvals a where a.tenant_id = ${tenantId} and a.status = 'PENDING' and ${on} limit 1`);
  return found.rows.length > 0;
}
