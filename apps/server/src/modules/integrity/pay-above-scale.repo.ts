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
  return sql`
    with scale as materialized (
      select structure, structure_key, grade, step, max_kobo from salary_table where tenant_id = (select ${t}::uuid)
    ),
    -- One pass over the records: those paid above the table's smallest maximum, with what their key
    -- is read from (a few dozen bytes each, read twice below: for their ways of writing the key, then
    -- to meet them). Two passes over the records' heap cost more (about 820 MB at 1,000,000 records).
    paid as materialized (
      select r.id, r.salary_grade_id as sgid, coalesce(r.salary_structure, '') as ss,
        coalesce(r.grade_level, '') as gl, r.monthly_gross_kobo as kobo
      from records r
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
        and r.salary_grade_id is not null and r.monthly_gross_kobo > (select min(max_kobo) from scale)
    ),
    forms as materialized (
      select d.sgid, d.ss, d.gl, regexp_match(btrim(d.sgid), ${SQL_PATTERNS.salaryKey}) as m
      from (select distinct sgid, ss, gl from paid) d
    ),
    keys as (
      select sgid, ss, gl,
        nullif(upper(regexp_replace(coalesce(m[1], ss), ${SQL_PATTERNS.structureNoise}, '', 'g')), '') as skey,
        coalesce(m[2]::int, substring(btrim(gl) from ${SQL_PATTERNS.grade})::int) as grade,
        coalesce(m[3], m[4])::int as step
      from forms where m is not null
    ),
    above as (
      select p.id, p.sgid, p.kobo, s.structure, s.structure_key, s.grade, s.step, s.max_kobo
      from paid p
      join keys k on k.sgid = p.sgid and k.ss = p.ss and k.gl = p.gl
      join scale s on s.structure_key = k.skey and s.grade = k.grade and s.step = k.step
      where p.kobo > s.max_kobo
    )
    select a.id as record_id, 'PAY_ABOVE_SCALE'::text as rule,
      md5(concat_ws('|', a.structure_key, a.grade, a.step, a.max_kobo, a.kobo)) as fingerprint,
      jsonb_build_object('kind', 'SCALE', 'structure', a.structure, 'gradeLevel', a.grade, 'step', a.step,
        'salaryGradeId', a.sgid, 'maximumAmount', a.max_kobo::numeric / 100,
        'payAmount', a.kobo::numeric / 100,
        'excessAmount', (a.kobo - a.max_kobo)::numeric / 100) as evidence,
      a.kobo - a.max_kobo as kobo,
      -- The search terms of the few found, each by its key (not a join the planner could make a
      -- second pass over the records).
      (select r.search_terms from records r where r.id = a.id) as terms
    from above a`;
}
