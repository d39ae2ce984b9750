import { sql, type SQL } from 'drizzle-orm';
import type { ExportChange } from '@portal/contract/export-changes';
import type { Orm } from '../../platform/db.ts';
import { isoInZoneSql } from '../../platform/tenant-time-zone.ts';
import { enteredPayrollEventSql, inPayrollSql, leftPayrollEventSql } from '../records/record-state.ts';

/**
 * The SQL of the people behind an export's figures (issue #30): the people an export awaiting
 * approval adds to and removes from the payroll (export_changes, written with the hold), the people
 * who joined or left the payroll since an export was generated (its members against the payroll
 * now), and, for each, the decision on the record's trail that moved them. Set-based throughout.
 */

const PAYROLL = inPayrollSql('r');
const ENTERED = enteredPayrollEventSql('e');
const LEFT = leftPayrollEventSql('e');

export type ChangedPersonRow = {
  change: ExportChange;
  seq: number;
  record_id: string;
  total: number | null;
  psn: string | null;
  full_name: string | null;
  ministry: string | null;
  monthly_gross_kobo: string | number | null;
  status: string | null;
  cause_kind: 'DECISION' | 'DELETED' | 'NONE';
  action: string | null;
  status_after: string | null;
  reason_code: string | null;
  decided_by: string | null;
  approved_by: string | null;
  at: Date | string | null;
};

/**
 * The people of `source` (rows of change, seq, record_id, total), as their records stand now, each
 * with its cause: the latest event of the record's trail, up to `until`, that took it into the
 * payroll (an ADDED person) or out of it (a REMOVED one), else its latest event. A grant of a second
 * approver names the maker as the one who decided and the checker as the one who approved. The
 * trail is read by (tenant, record, id), a few events per person.
 */
function peopleSql(tenantId: string, source: SQL, until: SQL): SQL {
  return sql`
    select s.change, s.seq::int as seq, s.record_id, s.total::int as total,
      coalesce(r.psn, ev.psn) as psn, r.full_name, m.name as ministry, r.monthly_gross_kobo, r.status,
      case when r.id is null then 'DELETED' when ev.action is null then 'NONE' else 'DECISION' end as cause_kind,
      ev.action, ev.status_after, ev.reason_code, ev.decided_by, ev.approved_by, ev.at
    from (${source}) s
    left join records r on r.tenant_id = ${tenantId} and r.id = s.record_id
    left join ministries m on m.id = r.ministry_id
    left join lateral (
      select
        case when ap.kind = 'INTEGRITY_CONFIRM' and e.action = 'RECORD_REJECTED'
          then 'RECORD_INTEGRITY_CONFIRMED' else e.action end as action,
        e.after ->> 'status' as status_after,
        coalesce(e.after ->> 'reasonCode', ap.reason_code) as reason_code,
        case when g.granted then ap.maker_email else e.actor_email end as decided_by,
        case when g.granted then e.actor_email end as approved_by,
        e.created_at as at, e.psn
      from audit_events e
      left join approvals ap on ap.tenant_id = e.tenant_id and ap.id = (e.after ->> 'approvalId')::uuid
      cross join lateral (
        select ap.id is not null and e.action in ('RECORD_REJECTED', 'RECORD_SUSPENDED') as granted
      ) g
      where e.tenant_id = ${tenantId} and e.record_id = s.record_id and e.entity_type = 'record'
        and e.created_at <= ${until}
      order by coalesce(case when s.change = 'ADDED' then ${sql.raw(ENTERED)} else ${sql.raw(LEFT)} end, false) desc,
        e.id desc
      limit 1
    ) ev on true`;
}

/** The moment an export was generated (its transaction's): the causes are read up to it. */
const generatedAt = (exportId: string) =>
  sql`(select coalesce(finished_at, now()) from export_jobs where id = ${exportId})`;

/**
 * In the export's transaction (its snapshot: the payroll it read), the people it adds to and
 * removes from the payroll against export `previousId` (null: the first, everyone is added), each
 * change numbered 1..n by ministry, name and PSN. Answers how many of each.
 */
export async function writeExportChanges(
  tx: Orm,
  tenantId: string,
  exportId: string,
  previousId: string | null,
): Promise<{ added: number; removed: number }> {
  const previous = sql`select unnest(record_ids) as id from export_members where export_id = ${previousId}`;
  const payroll = sql`select r.id from records r where r.tenant_id = ${tenantId} and ${sql.raw(PAYROLL)}`;
  const written = await tx.execute<{ change: ExportChange; n: number }>(sql`
    with d as (
      select 'ADDED'::text as change, id from (${payroll} except ${previous}) a
      union all
      select 'REMOVED'::text, id from (${previous} except ${payroll}) g
    ),
    ins as (
      insert into export_changes (export_id, change, seq, record_id)
      select ${exportId}::uuid, d.change,
        row_number() over (partition by d.change order by m.name nulls last, r.full_name nulls last, r.psn, d.id),
        d.id
      from d
      left join records r on r.tenant_id = ${tenantId} and r.id = d.id
      left join ministries m on m.id = r.ministry_id
      returning change
    )
    select change, count(*)::int as n from ins group by change`);
  const n = (c: ExportChange) => written.rows.find((r) => r.change === c)?.n ?? 0;
  return { added: n('ADDED'), removed: n('REMOVED') };
}

/** The people the export removed, grouped by why (reason code, else status, else DELETED). */
export async function removedByReason(
  tx: Orm,
  tenantId: string,
  exportId: string,
): Promise<{ reason: string; n: number }[]> {
  const result = await tx.execute<{ reason: string; n: number }>(sql`
    select coalesce(r.status_reason_code, r.status, 'DELETED') as reason, count(*)::int as n
    from export_changes c left join records r on r.tenant_id = ${tenantId} and r.id = c.record_id
    where c.export_id = ${exportId} and c.change = 'REMOVED'
    group by 1 order by 2 desc, 1`);
  return result.rows;
}

/** A page of the people an export adds or removes: a range of its key, the page's rows only. */
export async function exportChangesPage(
  orm: Orm,
  tenantId: string,
  exportId: string,
  change: ExportChange,
  page: number,
  pageSize: number,
): Promise<ChangedPersonRow[]> {
  const from = (page - 1) * pageSize;
  const source = sql`
    select change, seq, record_id, null::int as total from export_changes
    where export_id = ${exportId} and change = ${change} and seq > ${from} and seq <= ${from + pageSize}`;
  const result = await orm.execute<ChangedPersonRow>(
    sql`${peopleSql(tenantId, source, generatedAt(exportId))} order by s.seq`,
  );
  return result.rows;
}

/** How many people the export adds and removes (the last number of each change). */
export async function exportChangeCounts(
  orm: Orm,
  exportId: string,
): Promise<{ added: number; removed: number }> {
  const result = await orm.execute<{ added: number; removed: number }>(sql`
    select
      coalesce((select max(seq) from export_changes where export_id = ${exportId} and change = 'ADDED'), 0)::int as added,
      coalesce((select max(seq) from export_changes where export_id = ${exportId} and change = 'REMOVED'), 0)::int as removed`);
  return result.rows[0] ?? { added: 0, removed: 0 };
}

const CSV_BATCH = 5_000;

/**
 * The people as CSV lines (EXPORT_CHANGES_CSV_COLUMNS), added then removed, in batches of
 * CSV_BATCH by their numbers: csv_field (migration 0010) quotes and neutralises every cell, as in
 * the payroll file. `labels`: the audit actions' labels; `reasons`: the tenant's reason labels.
 */
export async function* exportChangesCsv(
  orm: Orm,
  tenantId: string,
  exportId: string,
  words: { labels: Record<string, string>; reasons: Record<string, string>; deleted: string; none: string },
  /** The tenant's time zone: the decision's time is written in it (issue #31 item 12). */
  zone: string,
): AsyncGenerator<string> {
  const labels = JSON.stringify(words.labels);
  const reasons = JSON.stringify(words.reasons);
  for (const change of ['ADDED', 'REMOVED'] as const) {
    for (let from = 0; ; from += CSV_BATCH) {
      const source = sql`
        select change, seq, record_id, null::int as total from export_changes
        where export_id = ${exportId} and change = ${change} and seq > ${from} and seq <= ${from + CSV_BATCH}`;
      const result = await orm.execute<{ line: string }>(sql`
        select concat_ws(',', csv_field(p.change), csv_field(p.psn), csv_field(p.full_name), csv_field(p.ministry),
          csv_field(to_char(p.monthly_gross_kobo / 100.0, 'FM999999999999990.00')), csv_field(p.status),
          csv_field(case p.cause_kind when 'DELETED' then ${words.deleted}::text when 'NONE' then ${words.none}::text
            else coalesce(${labels}::jsonb ->> p.action, p.action) end),
          csv_field(p.reason_code), csv_field(${reasons}::jsonb ->> p.reason_code), csv_field(p.decided_by),
          csv_field(p.approved_by), csv_field(${isoInZoneSql(sql`p.at`, zone)}),
          csv_field(p.record_id::text)) as line
        from (${peopleSql(tenantId, source, generatedAt(exportId))}) p
        order by p.seq`);
      if (result.rows.length > 0) yield result.rows.map((r) => `${r.line}\r\n`).join('');
      if (result.rows.length < CSV_BATCH) break;
    }
  }
}

/**
 * Who joined (ADDED) and left (REMOVED) the payroll since export `exportId` was generated: its
 * members against the payroll now, the first `shown` of each with every one's total. None when
 * the export's members are the payroll. An export without members (made before they were kept)
 * has everyone joined.
 */
export async function payrollMovedSince(
  tx: Orm,
  tenantId: string,
  exportId: string,
  shown: number,
): Promise<ChangedPersonRow[]> {
  const source = sql`
    with m as (select unnest(record_ids) as id from export_members where export_id = ${exportId}),
    p as (select r.id from records r where r.tenant_id = ${tenantId} and ${sql.raw(PAYROLL)}),
    d as (
      select 'ADDED'::text as change, id from (select id from p except select id from m) a
      union all
      select 'REMOVED'::text, id from (select id from m except select id from p) g
    ),
    n as (
      select change, id as record_id, row_number() over (partition by change order by id) as seq,
        count(*) over (partition by change) as total
      from d
    )
    select change, seq, record_id, total from n where seq <= ${shown}`;
  const result = await tx.execute<ChangedPersonRow>(
    sql`${peopleSql(tenantId, source, sql`now()`)} order by s.change, r.full_name nulls last, s.record_id`,
  );
  return result.rows;
}
