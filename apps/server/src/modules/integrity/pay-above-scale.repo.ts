import { sql, type SQL } from 'drizzle-orm';
import { SQL_PATTERNS } from '@portal/contract/salary-grade';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * PAY_ABOVE_SCALE (issue #35): a judged record whose monthly gross is above the salary table's
 * (hr-lists) maximum for its key: the structure, grade and step its salary grade id names, the
 * structure from its salary structure and the grade from its grade level where the id does not name
 * them (the contract's salary-grade.ts salaryKeyOf, in SQL by the same patterns). Pay at the maximum
 * is not above it; a record whose key the table lacks is not judged. The hit's `kobo` is the excess
 * a month, the pay at stake (the flags' order and the rule's figures read it). Fingerprint: the key,
 * the maximum and the pay, so that a dismissal holds until either changes.
 *
 * Only records paid above the table's smallest maximum are read for their key: none when the
 * tenant has no table.
 */
export function payAboveScaleHits(t: string): SQL {
  return sql`
    with scale as (
      select structure, structure_key, grade, step, max_kobo from salary_table where tenant_id = (select ${t}::uuid)
    ),
    r as (
      select r.id, r.monthly_gross_kobo as kobo, r.search_terms as terms, r.salary_grade_id as sgid,
        r.salary_structure, r.grade_level, regexp_match(btrim(r.salary_grade_id), ${SQL_PATTERNS.salaryKey}) as m
      from records r
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()}) and r.salary_grade_id is not null
        and r.monthly_gross_kobo > (select min(max_kobo) from scale)
    ),
    keyed as (
      select id, kobo, terms, sgid,
        nullif(upper(regexp_replace(coalesce(m[1], salary_structure), ${SQL_PATTERNS.structureNoise}, '', 'g')), '') as skey,
        coalesce(m[2]::int, substring(btrim(grade_level) from ${SQL_PATTERNS.grade})::int) as grade,
        coalesce(m[3], m[4])::int as step
      from r where m is not null
    )
    select k.id as record_id, 'PAY_ABOVE_SCALE'::text as rule,
      md5(concat_ws('|', s.structure_key, s.grade, s.step, s.max_kobo, k.kobo)) as fingerprint,
      jsonb_build_object('kind', 'SCALE', 'structure', s.structure, 'gradeLevel', s.grade, 'step', s.step,
        'salaryGradeId', k.sgid, 'maximumAmount', s.max_kobo::numeric / 100, 'payAmount', k.kobo::numeric / 100,
        'excessAmount', (k.kobo - s.max_kobo)::numeric / 100) as evidence,
      k.kobo - s.max_kobo as kobo, k.terms
    from keyed k join scale s on s.structure_key = k.skey and s.grade = k.grade and s.step = k.step
    where k.kobo > s.max_kobo`;
}
