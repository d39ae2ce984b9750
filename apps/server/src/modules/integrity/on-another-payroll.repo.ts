import { sql, type SQL } from 'drizzle-orm';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * ON_ANOTHER_PAYROLL (issue #36 item 4): a judged record of the tenant whose NIN, BVN or bank
 * account (bank code and number) has the digest of a record on another tenant's payroll (in it or
 * awaiting review: the cross-tenant index holds only those, cross-tenant-index.repo.ts). The
 * digests are compared, never the numbers. Evidence: each other tenant's name and state code and
 * which identifiers matched, nothing of its record; fingerprint: the other tenants and the kinds
 * matched, so a dismissal holds until another tenant or another identifier matches. ₦ at stake: the
 * record's monthly pay. Reads the index, which only the platform's context may (the step runs so).
 */
export function onAnotherPayrollHits(t: string): SQL {
  return sql`
    with m as (
      select mine.record_id, o.owner_tenant_id as other, array_agg(distinct mine.kind order by mine.kind) as kinds
      from cross_tenant_index mine
      -- The other tenants' digests named as such, not only as a condition of the join: as one, the
      -- planner hashed the whole index (the tenant's own 2,940,000 digests too, 265 MB) and threw
      -- the tenant's own matches away one by one (2.5–3.5 s of the run's last step at 1,000,000
      -- records; DECISIONS 302).
      join cross_tenant_index o on o.digest = mine.digest and o.owner_tenant_id <> (select ${t}::uuid)
      where mine.owner_tenant_id = (select ${t}::uuid)
      group by 1, 2
    ),
    per as (
      select m.record_id,
        jsonb_agg(jsonb_build_object('tenantName', tn.name, 'stateCode', tn.state_code, 'fields', to_jsonb(m.kinds))
          order by tn.name, tn.id) as others,
        md5(string_agg(m.other::text || ':' || array_to_string(m.kinds, ','), '|' order by m.other)) as fp
      from m join tenants tn on tn.id = m.other
      group by m.record_id
    )
    select r.id as record_id, 'ON_ANOTHER_PAYROLL'::text as rule, per.fp as fingerprint,
      jsonb_build_object('kind', 'OTHER_PAYROLL', 'others', per.others) as evidence,
      r.monthly_gross_kobo as kobo, r.search_terms as terms, r.ministry_id, r.department_id
    from per join records r on r.id = per.record_id
    where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})`;
}
