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
 * The key is read once per way of writing it (`forms`: a few thousand ids, structures and grades
 * among a million records) and the records meet it by a hash join: a regular expression per
 * record costs ~70 µs on PGlite, seconds at 1,000,000 records. `forms` is MATERIALIZED so that the
 * planner cannot push the match below the DISTINCT, back to every record. Only records paid above
 * the table's smallest maximum are read at all: none when the tenant has no table.
 */
export function payAboveScaleHits(t: string): SQL {
  const paid = sql`r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
    and r.salary_grade_id is not null and r.monthly_gross_kobo > (select min(max_kobo) from scale)`;
  return sql`
    with scale as materialized (
      select structure, structure_key, grade, step, max_kobo from salary_table where tenant_id = (select ${t}::uuid)
    ),
    forms as materialized (
      select d.sgid, d.ss, d.gl, regexp_match(btrim(d.sgid), ${SQL_PATTERNS.salaryKey}) as m
      from (select distinct r.salary_grade_id as sgid, coalesce(r.salary_structure, '') as ss,
          coalesce(r.grade_level, '') as gl
        from records r where ${paid}) d
    ),
    keys as (
      select sgid, ss, gl,
        nullif(upper(regexp_replace(coalesce(m[1], ss), ${SQL_PATTERNS.structureNoise}, '', 'g')), '') as skey,
        coalesce(m[2]::int, substring(btrim(gl) from ${SQL_PATTERNS.grade})::int) as grade,
        coalesce(m[3], m[4])::int as step
      from forms where m is not null
    )
    select r.id as record_id, 'PAY_ABOVE_SCALE'::text as rule,
      md5(concat_ws('|', s.structure_key, s.grade, s.step, s.max_kobo, r.monthly_gross_kobo)) as fingerprint,
      jsonb_build_object('kind', 'SCALE', 'structure', s.structure, 'gradeLevel', s.grade, 'step', s.step,
        'salaryGradeId', r.salary_grade_id, 'maximumAmount', s.max_kobo::numeric / 100,
        'payAmount', r.monthly_gross_kobo::numeric / 100,
        'excessAmount', (r.monthly_gross_kobo - s.max_kobo)::numeric / 100) as evidence,
      r.monthly_gross_kobo - s.max_kobo as kobo, r.search_terms as terms
    from records r
    join keys k on k.sgid = r.salary_grade_id and k.ss = coalesce(r.salary_structure, '')
      and k.gl = coalesce(r.grade_level, '')
    join scale s on s.structure_key = k.skey and s.grade = k.grade and s.step = k.step
    where ${paid} and r.monthly_gross_kobo > s.max_kobo`;
}
