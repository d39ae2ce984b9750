import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@portal/contract/time-zone';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * PAID_AFTER_EXIT (issue #35): a judged record with a monthly pay whose person is on the
 * separations list (hr-lists) with an exit date before `asOf`. The person is matched by PSN, else by
 * NIN where the record or the list's entry has no PSN (a record with one PSN is not another PSN's
 * leaver). The evidence names the reason, the exit date, the approved (COMPLETED) payroll exports
 * that carried the record (export_members) approved (or finished) on a day after the exit day in
 * the tenant's time zone, and the recoverable amount: the monthly pay × those exports. Fingerprint:
 * the exit date and reason,
 * so a dismissal holds until the list says otherwise, while the exports and the amount grow on an
 * OPEN flag.
 */
export function paidAfterExitHits(t: string, asOf: string): SQL {
  return sql`
    with leavers as materialized (
      select x.psn, x.nin, x.exit_date, x.exit_reason, x.reference from separations x
      where x.tenant_id = (select ${t}::uuid) and x.exit_date < ${asOf}::date
    ),
    -- The paid judged records whose PSN or NIN is a leaver's, in one pass over the records (each
    -- record tested in two hashed sets): the two matches below then join these few, where each
    -- was a pass over every record of its own.
    paid_people as materialized (
      select r.id, r.psn, r.nin, r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id,
        r.department_id
      from records r
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()}) and r.monthly_gross_kobo > 0
        and (r.psn in (select psn from leavers) or r.nin in (select nin from leavers))
    ),
    cand as (
      select r.id, r.kobo, r.terms, r.ministry_id, r.department_id, x.exit_date, x.exit_reason, x.reference, 'PSN' as matched_by, 0 as pri
      from paid_people r join leavers x on x.psn = r.psn
      union all
      select r.id, r.kobo, r.terms, r.ministry_id, r.department_id, x.exit_date, x.exit_reason, x.reference, 'NIN', 1
      from paid_people r join leavers x on x.nin = r.nin and (x.psn is null or r.psn is null)
    ),
    hit as (
      select distinct on (id) * from cand order by id, pri, exit_date
    ),
    -- The approved exports after the earliest exit, with the day each was approved in the tenant's
    -- time zone (the exit date is a day there).
    zone as (
      select coalesce((select settings ->> 'timeZone' from tenant_settings where tenant_id = (select ${t}::uuid)),
        ${DEFAULT_TIME_ZONE}) as name
    ),
    exports as materialized (
      select e.id as export_id, coalesce(e.approved_at, e.finished_at) as at,
        (coalesce(e.approved_at, e.finished_at) at time zone (select name from zone))::date as day, m.record_ids
      from export_jobs e join export_members m on m.export_id = e.id
      where e.tenant_id = (select ${t}::uuid) and e.status = 'COMPLETED'
        and coalesce(e.approved_at, e.finished_at) >= (select min(exit_date) from hit)
    ),
    -- Each (record, export) that paid a leaver after the exit: every export's records (600,000
    -- each at 1,000,000 records) tested in a hashed set of the leavers' ids (a hashed SubPlan: IN
    -- under IS TRUE is not turned into a join), and only those (about a twelfth) joined to their
    -- exit day. As a join, the planner, which cannot know how many ids an array holds, sorted all
    -- 3,600,000 for a merge join with the leavers; tested as (record, export) pairs against every
    -- leaver's exports after the exit, each id cost a row's hash and compare, twice the time.
    carried as (
      select c.export_id, c.at, c.record_id
      from (
        select x.export_id, x.at, x.day, u.record_id
        from exports x cross join lateral unnest(x.record_ids) u(record_id)
        where (u.record_id in (select h.id from hit h)) is true
      ) c
      join hit h on h.id = c.record_id
      where c.day > h.exit_date
    ),
    paid as (
      select c.record_id as id, count(*)::int as n,
        jsonb_agg(jsonb_build_object('exportId', c.export_id, 'approvedAt', c.at) order by c.at, c.export_id) as exports
      from carried c group by c.record_id
    )
    select h.id as record_id, 'PAID_AFTER_EXIT'::text as rule,
      md5(h.exit_date::text || '|' || h.exit_reason) as fingerprint,
      jsonb_build_object('kind', 'EXIT', 'exitDate', h.exit_date, 'exitReason', h.exit_reason,
        'reference', h.reference, 'matchedBy', h.matched_by, 'asOf', ${asOf}::text,
        'exports', coalesce(p.exports, '[]'::jsonb),
        'recoverableAmount', (h.kobo * coalesce(p.n, 0))::numeric / 100) as evidence,
      h.kobo, h.terms, h.ministry_id, h.department_id
    from hit h left join paid p on p.id = h.id`;
}
