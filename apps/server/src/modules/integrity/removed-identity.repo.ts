import { sql, type SQL } from 'drizzle-orm';
import { REMOVED_IDENTITY_RULE, type RemovedMatch } from '@portal/contract/integrity';
import { reachesWholeTenant, type RecordScope } from '../../access/actor.ts';
import { recordsInScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { idIn } from '../../platform/sql-ids.ts';
import { INTEGRITY_JUDGED, REMOVED_FROM_PAYROLL, statusLiterals } from '../records/record-state.ts';
import { bankKeyOf } from './bank-key.ts';

/**
 * SHARES_REMOVED_IDENTITY (issue #30, item 3), the one home of what it finds: a judged record whose
 * NIN, SSID, BVN or bank account (the bank as bank-key means it, and the account number) is the
 * same as a record's removed from the payroll (record-state's REMOVED_FROM_PAYROLL: rejected, a
 * confirmed ghost included). The same statement serves the rules' evaluation (every judged record)
 * and the hold (the records a decision or a queue page names), so their fingerprints agree: a
 * DISMISS of the flag for a fingerprint lets that record into the payroll, and any change of the
 * removed records it matches (another one, another field) holds it again.
 */

/** How many removed records a flag's evidence lists (latest removed first). */
const MAX_REMOVED = 20;

const RULE = sql.raw(`'${REMOVED_IDENTITY_RULE}'`);
const removedStates = () => sql.raw(statusLiterals(REMOVED_FROM_PAYROLL));
const judgedStates = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/** A record's identity values as (field, value) rows; the bank account keyed by its bank. */
const identityValues = (alias: string) =>
  sql.raw(`(values ('NIN', ${alias}.nin), ('SSID', ${alias}.ssid), ('BVN', ${alias}.bvn),
    ('BANK_ACCOUNT', ${alias}_bank.bank_key || ':' || ${alias}.account_number))`);

/**
 * The rule's hits (record_id, rule, fingerprint, evidence, kobo, terms, posting) for the judged records of
 * tenant `t` that `target` selects (a condition on `r`; null: every one). `banks` maps each bank
 * name in play to the bank it means. One pass over the judged records, each identity value looked
 * up in the (few) removed records' values.
 */
export function removedIdentityHits(t: string, banks: Record<string, string>, target: SQL | null): SQL {
  const bankMap = sql`jsonb_each_text(${JSON.stringify(banks)}::jsonb)`;
  return sql`
    with x as (
      select x.id, x.psn, x.full_name, x.status, x.status_reason_code, v.field, v.val
      from records x
      left join ${bankMap} x_bank(name, bank_key) on x_bank.name = x.bank
      cross join lateral ${identityValues('x')} v(field, val)
      where x.tenant_id = (select ${t}::uuid) and x.status in (${removedStates()}) and v.val is not null
    ),
    pairs as (
      select r.id as record_id, x.id as removed_id, array_agg(distinct v.field order by v.field) as fields
      from records r
      left join ${bankMap} r_bank(name, bank_key) on r_bank.name = r.bank
      cross join lateral ${identityValues('r')} v(field, val)
      join x on x.field = v.field and x.val = v.val
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judgedStates()}) and v.val is not null
        and ${target ?? sql`true`}
        -- Only a record holding one of the removed values is expanded into its four values: each
        -- test a hashed look-up in the removed records' values (a hashed SubPlan, whatever the
        -- estimates). Expanded first, every judged record became four rows, sorted for a merge
        -- join (4,000,000 rows at 1,000,000 records) to find the handful that match.
        and (r.nin in (select x.val from x where x.field = 'NIN')
          or r.ssid in (select x.val from x where x.field = 'SSID')
          or r.bvn in (select x.val from x where x.field = 'BVN')
          or r_bank.bank_key || ':' || r.account_number in (select x.val from x where x.field = 'BANK_ACCOUNT'))
      group by 1, 2
    ),
    removed as (
      select distinct on (x.id) x.id, x.psn, x.full_name, x.status, x.status_reason_code,
        exists (select 1 from integrity_flags f
          where f.tenant_id = (select ${t}::uuid) and f.record_id = x.id and f.status = 'CONFIRMED') as confirmed,
        (select max(a.created_at) from audit_events a
          where a.tenant_id = (select ${t}::uuid) and a.record_id = x.id
            and a.action in ('RECORD_REJECTED', 'RECORD_INTEGRITY_CONFIRMED')) as decided_at
      from x where x.id in (select removed_id from pairs)
    ),
    matched as (
      select p.record_id, p.removed_id, p.fields, jsonb_build_object('recordId', d.id, 'psn', d.psn,
          'fullName', d.full_name, 'status', d.status,
          'decision', case when d.confirmed then 'INTEGRITY_CONFIRMED' else 'REJECTED' end,
          'reasonCode', d.status_reason_code,
          'decidedAt', to_char(d.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
          'fields', to_jsonb(p.fields)) as m,
        row_number() over (partition by p.record_id order by d.decided_at desc nulls last, d.id) as n
      from pairs p join removed d on d.id = p.removed_id
    )
    select r.id as record_id, ${RULE}::text as rule,
      md5(string_agg(mt.removed_id::text || ':' || array_to_string(mt.fields, '+'), ',' order by mt.removed_id)) as fingerprint,
      jsonb_build_object('kind', 'REMOVED_MATCH',
        'fields', (select to_jsonb(array_agg(distinct f order by f))
          from matched m2, unnest(m2.fields) f where m2.record_id = r.id),
        'removed', jsonb_agg(mt.m order by mt.n) filter (where mt.n <= ${MAX_REMOVED})) as evidence,
      r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id, r.department_id
    from matched mt join records r on r.id = mt.record_id
    group by r.id, r.monthly_gross_kobo, r.search_terms, r.ministry_id, r.department_id`;
}

/** A record held by the rule: the removed records it matches, and its OPEN flag when raised. */
export interface Hold {
  fingerprint: string;
  removed: RemovedMatch[];
  flagId: string | null;
}

/**
 * Which of `recordIds` (tenant `tenantId`) are held: they share an identity with a removed record
 * and no DISMISSED flag of the rule holds for the same evidence. Reads the removed records' and
 * the named records' bank names only (no pass over the tenant), so a decision can ask it. Not
 * held while the tenant has the rule switched off (the evaluation raises no flag then).
 */
export async function holdsOf(orm: Orm, scope: RecordScope, recordIds: string[]): Promise<Map<string, Hold>> {
  const { tenantId } = scope;
  const out = new Map<string, Hold>();
  if (recordIds.length === 0) return out;
  const target = idIn(sql`r.id`, recordIds);
  const banks = await bankMapOf(orm, tenantId, target);
  const rows = await orm.execute<{
    record_id: string;
    fingerprint: string;
    evidence: { removed: RemovedMatch[] };
    flag_id: string | null;
  }>(sql`
    with hits as (${removedIdentityHits(tenantId, banks, target)})
    select h.record_id, h.fingerprint, h.evidence,
      (select f.id from integrity_flags f
        where f.tenant_id = (select ${tenantId}::uuid) and f.record_id = h.record_id and f.rule = ${RULE}
          and f.fingerprint = h.fingerprint and f.status = 'OPEN') as flag_id
    from hits h
    where coalesce((select (s.settings -> 'integrity' -> 'rules' ->> ${REMOVED_IDENTITY_RULE})::boolean
        from tenant_settings s where s.tenant_id = (select ${tenantId}::uuid)), true)
      and not exists (select 1 from integrity_flags f
        where f.tenant_id = (select ${tenantId}::uuid) and f.record_id = h.record_id and f.rule = ${RULE}
          and f.fingerprint = h.fingerprint and f.status = 'DISMISSED')`);
  // A reviewer sees no PSN or name of a removed record outside their assignments (as in the flags).
  let reached: Set<string> | null = null;
  if (!reachesWholeTenant(scope) && rows.rows.length > 0) {
    const ids = [...new Set(rows.rows.flatMap((r) => r.evidence.removed.map((m) => m.recordId!)))];
    const found = await orm.execute<{ id: string }>(sql`
      select records.id from records where ${recordsInScope(scope)} and ${idIn(sql`records.id`, ids)}`);
    reached = new Set(found.rows.map((r) => r.id));
  }
  for (const r of rows.rows) {
    const removed = r.evidence.removed.map((m) =>
      !reached || (m.recordId && reached.has(m.recordId))
        ? m
        : { ...m, recordId: null, psn: null, fullName: null },
    );
    out.set(r.record_id, { fingerprint: r.fingerprint, removed, flagId: r.flag_id });
  }
  return out;
}

/**
 * How many of the records `uploaded` selects (a subquery of record ids: an upload's rows) share an
 * identity with a removed record (the upload's summary, issue #30). Dismissed matches count too:
 * the figure says what the file brought back, the queue says what is still held.
 */
export async function countSharingRemoved(orm: Orm, tenantId: string, uploaded: SQL): Promise<number> {
  const target = sql`r.id in (${uploaded})`;
  const found = await orm.execute<{ n: number }>(sql`
    select count(*)::int as n from (${removedIdentityHits(tenantId, await bankMapOf(orm, tenantId, target), target)}) h`);
  return found.rows[0]?.n ?? 0;
}

/**
 * The banks in play for the records `target` (a condition on `r`) and the removed records: their
 * bank names, each with the bank it means (bank-key).
 */
async function bankMapOf(orm: Orm, tenantId: string, target: SQL): Promise<Record<string, string>> {
  const names = await orm.execute<{ bank: string }>(sql`
    select distinct x.bank from records x
    where x.tenant_id = (select ${tenantId}::uuid) and x.status in (${removedStates()})
      and x.bank is not null and x.account_number is not null`);
  const banks: Record<string, string> = {};
  if (names.rows.length === 0) return banks;
  const more = await orm.execute<{ bank: string }>(sql`
    select distinct r.bank from records r
    where r.tenant_id = (select ${tenantId}::uuid) and ${target} and r.bank is not null`);
  for (const { bank } of [...names.rows, ...more.rows]) {
    const key = bankKeyOf(bank);
    if (key) banks[bank] = key;
  }
  return banks;
}
