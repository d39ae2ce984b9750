import { sql, type SQL } from 'drizzle-orm';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * The nominal roll held against the payroll (issue #35), in both directions: the one home of how a
 * person on a roll is matched to a record. By PSN, else by NIN where the record or the roll's row
 * has no PSN (a record with one PSN is not another PSN's person), as the separations list matches.
 * A ministry is its name's `ministry_key()` (migration 0050) on both sides.
 */

/**
 * NOT_ON_NOMINAL_ROLL: a judged record in a ministry that has a roll, whose person is not on that
 * roll. Evidence: the ministry as the roll writes it, the roll's 'as of' date and upload, and
 * another ministry whose roll names the person (a posting the master list has wrong, rather than a
 * ghost). Fingerprint: the roll's ministry, so a decision holds while the person stays off that
 * roll, whatever later rolls of it are dated, and a record moved to another ministry is judged
 * again; an OPEN flag takes the latest roll's date and upload.
 */
export function notOnNominalRollHits(t: string): SQL {
  return sql`
    with posted as materialized (
      -- The tenant's ministries that have a roll (a few dozen), each name's key computed once
      -- (joined to the records first, the key was computed for every record).
      select m.id as ministry_id, k.ministry_key, k.ministry, k.as_of, k.upload_id, u.file_name
      from nominal_roll_ministries k
      join hr_list_uploads u on u.id = k.upload_id
      join ministries m on m.tenant_id = k.tenant_id and ministry_key(m.name) = k.ministry_key
      where k.tenant_id = (select ${t}::uuid)
    ),
    -- Each ministry with a roll and its key, side by side: a record's roll key is read from them
    -- by its ministry's position (a few dozen), computed once for the statement.
    keyed as materialized (
      select array_agg(ministry_id) as ids, array_agg(ministry_key) as keys from posted
    ),
    -- The records of those ministries whose person is not on their ministry's roll. Each record
    -- carries its ministry's roll key, so that the roll is held against the records by (key, PSN)
    -- and (key, NIN) in hash anti-joins over one pass of the roll. Joined to 'posted' inside the
    -- anti-joins, the roll was read a ministry at a time through its index (0.8 s where a pass
    -- takes 0.14 s at 1,000,000 rows), and a filter of the records by an array of the ministries,
    -- estimated at a twentieth of them, read them through their status index rather than in one
    -- pass; joined to 'posted' first, the records were estimated at a ministry or two and looked up
    -- in the roll's indexes one by one (1,900,000 index probes at 1,000,000 records).
    judged as (
      select r.id, r.ministry_id, r.department_id, r.psn, r.nin, r.monthly_gross_kobo as kobo,
        r.search_terms as terms,
        (select keys from keyed)[array_position((select ids from keyed), r.ministry_id)] as ministry_key
      from records r
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
      -- Not pulled up into the anti-joins: each record's key computed once, not in each of them.
      offset 0
    ),
    missing as materialized (
      select j.id, j.ministry_id, j.department_id, j.psn, j.nin, j.kobo, j.terms
      from judged j
      where j.ministry_key is not null
        and not exists (select 1 from nominal_roll n
          where n.tenant_id = (select ${t}::uuid) and n.ministry_key = j.ministry_key and n.psn = j.psn)
        -- By NIN where the roll's row or the record has no PSN, in two parts: a record with a PSN
        -- against the roll's rows without one (a few per cent of the roll: one small hash), and a
        -- record without one against the whole roll (looked up a record at a time, for the few
        -- records that have no PSN). As one condition, the whole roll was hashed by NIN.
        and not exists (select 1 from nominal_roll n
          where n.tenant_id = (select ${t}::uuid) and n.ministry_key = j.ministry_key and n.nin = j.nin
            and n.psn is null)
        and (j.psn is not null or not exists (select 1 from nominal_roll n
          where n.tenant_id = (select ${t}::uuid) and n.ministry_key = j.ministry_key and n.nin = j.nin))
    ),
    x as (
      select o.id, o.psn, o.nin, o.kobo, o.terms, o.ministry_id, o.department_id, p.ministry_key, p.ministry,
        p.as_of, p.upload_id, p.file_name
      from missing o join posted p on p.ministry_id = o.ministry_id
    )
    select x.id as record_id, 'NOT_ON_NOMINAL_ROLL'::text as rule, md5(x.ministry_key) as fingerprint,
      jsonb_build_object('kind', 'NOMINAL_ROLL', 'ministry', x.ministry, 'asOf', x.as_of::text,
        'uploadId', x.upload_id, 'fileName', x.file_name, 'onRollOf', e.ministry) as evidence,
      x.kobo, x.terms, x.ministry_id, x.department_id
    from x
    left join lateral (
      select k.ministry from nominal_roll n
      join nominal_roll_ministries k on k.tenant_id = n.tenant_id and k.ministry_key = n.ministry_key
      where n.tenant_id = (select ${t}::uuid) and n.ministry_key <> x.ministry_key and n.psn = x.psn
      union all
      select k.ministry from nominal_roll n
      join nominal_roll_ministries k on k.tenant_id = n.tenant_id and k.ministry_key = n.ministry_key
      where n.tenant_id = (select ${t}::uuid) and n.ministry_key <> x.ministry_key and n.nin = x.nin
        and (n.psn is null or x.psn is null)
      order by 1 limit 1
    ) e on true`;
}

/**
 * The roll's row `n` has no record on the payroll: no judged record of the tenant, in any ministry,
 * of the same person. Two NOT EXISTS side by side, so that over a whole roll the planner makes them
 * anti-joins. A record's PSN is its natural key (ingest: the key is the PSN, else the NIN, and
 * nothing changes a record's PSN), so a lookup by PSN reads the records' key index.
 */
const notOnPayroll = (t: string) => sql`(
  not exists (select 1 from records r where r.tenant_id = (select ${t}::uuid) and r.natural_key = n.psn
    and r.psn = n.psn and r.status in (${judged()}))
  and not exists (select 1 from records r where r.tenant_id = (select ${t}::uuid) and r.nin = n.nin
    and (r.psn is null or n.psn is null) and r.status in (${judged()})))`;

/**
 * The other direction, counted per ministry: the people on each roll with no record on the payroll
 * (an HR discrepancy, not a ghost). A query of its own rather than a part of an update, which
 * PostgreSQL never runs in parallel: over a roll and a master list of 1,000,000 each, the two
 * anti-joins are the step's largest cost.
 */
export function notOnPayrollCounts(t: string): SQL {
  return sql`
    select n.ministry_key, count(*)::int as n from nominal_roll n
    where n.tenant_id = (select ${t}::uuid) and ${notOnPayroll(t)}
    group by 1`;
}

/** Stores the counts on the rolls' ministries for the lists' state (a roll not counted: 0). */
export function storeNotOnPayroll(t: string, counts: readonly { ministry_key: string; n: number }[]): SQL {
  return sql`
    with c as (
      select * from jsonb_to_recordset(${JSON.stringify(counts)}::jsonb) as c(ministry_key text, n int)
    )
    update nominal_roll_ministries k
    set not_on_payroll = coalesce((select c.n from c where c.ministry_key = k.ministry_key), 0)
    where k.tenant_id = (select ${t}::uuid)
      and k.not_on_payroll is distinct from coalesce((select c.n from c where c.ministry_key = k.ministry_key), 0)`;
}

/**
 * The not-on-payroll list's rows: the ids of the roll's rows whose person has no record on the
 * payroll, by ministry and in the order of their file. One statement over the whole roll, so that
 * the planner holds it against the records once (hash anti-joins); batches of the roll each did it
 * again (a pass over 1,000,000 records per batch).
 */
export function notOnPayrollIds(t: string): SQL {
  return sql`
    select n.id::text as id from nominal_roll n
    where n.tenant_id = (select ${t}::uuid) and ${notOnPayroll(t)}
    order by n.ministry_key, n.id`;
}

/**
 * The CSV lines of those rows (Ministry, Department, PSN, NIN, Full Name, Grade Level, As Of; every
 * cell through csv_field, migration 0010), in the same order; a row replaced since is left out.
 */
export function notOnPayrollLinesOf(t: string, ids: readonly string[]): SQL {
  return sql`
    select concat_ws(',', csv_field(k.ministry), csv_field(n.department), csv_field(n.psn),
        csv_field(n.nin), csv_field(n.full_name), csv_field(n.grade_level), csv_field(k.as_of::text)) as line
    from nominal_roll n
    left join nominal_roll_ministries k on k.tenant_id = n.tenant_id and k.ministry_key = n.ministry_key
    where n.tenant_id = (select ${t}::uuid) and n.id = any(${`{${ids.join(',')}}`}::bigint[])
    order by n.ministry_key, n.id`;
}
