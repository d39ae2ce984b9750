import { sql, type SQL } from 'drizzle-orm';
import { SQL_PATTERNS } from '@portal/contract/salary-grade';
import { INTEGRITY_JUDGED, statusLiterals } from '../records/record-state.ts';

const judged = () => sql.raw(statusLiterals(INTEGRITY_JUDGED));

/**
 * Set in the step's transaction before its statement: the planner counts 8 kB for each group's
 * array_agg state whatever the arrays hold, so at 1,000,000 records (98,000 groups estimated, 7,000
 * found) it judged a hash of the forms larger than the step's memory and sorted 951,687 records by
 * three text columns instead (3.1 s against 2.3 s for the step; DECISIONS 298). The hash's real
 * size is the records' ids and pay (about 20 MB at 1,000,000), and a hash that outgrows it spills.
 */
export const PAY_ABOVE_SCALE_MEMORY = sql`select set_config('hash_mem_multiplier', '8', true)`;

/**
 * PAY_ABOVE_SCALE (issue #35): a judged record whose monthly gross is above the salary table's
 * (hr-lists) maximum for its key: the structure, grade and step its salary grade id names, the
 * structure from its salary structure and the grade from its grade level where the id does not name
 * them (the contract's salary-grade.ts salaryKeyOf, in SQL by the same patterns). Pay at the maximum
 * is not above it; a record whose key the table lacks is not judged. The hit's `kobo` is the excess
 * a month, the pay at stake (the flags' order and the rule's figures read it). Fingerprint: the key,
 * the maximum and the pay, so that a dismissal holds until either changes.
 *
 * The key is read once per salary grade id as written (`readings`: a few thousand among a million
 * records): the case-insensitive expression costs ~50–70 µs a call, seconds at 1,000,000 records
 * if it ran per record (it ran per id, structure and grade before: 4,641 calls where 2,845 ids
 * were written, at 100,000 records). The records are grouped by that writing in one pass over their heap, each
 * group carrying its records' ids and pay (a hash aggregate), and each group then meets the table
 * (a few thousand rows against the table's): nothing sorts or joins the records by their text.
 * (Joined back to their forms, the planner sorted both sides by three text columns for a merge
 * join: most of the step's time.) Only records paid above the table's smallest maximum are read
 * at all: none when the tenant has no table.
 */
export function payAboveScaleHits(t: string): SQL {
  return sql`
    with scale as materialized (
      select structure, structure_key, grade, step, max_kobo from salary_table where tenant_id = (select ${t}::uuid)
    ),
    forms as materialized (
      select r.salary_grade_id as sgid, coalesce(r.salary_structure, '') as ss, coalesce(r.grade_level, '') as gl,
        array_agg(r.id) as ids, array_agg(r.monthly_gross_kobo) as kobos
      from records r
      where r.tenant_id = (select ${t}::uuid) and r.status in (${judged()})
        and r.salary_grade_id is not null and r.monthly_gross_kobo > (select min(max_kobo) from scale)
      group by 1, 2, 3
    ),
    -- The expression once per id as written (what it captures depends on the id alone).
    readings as materialized (
      select d.sgid, regexp_match(btrim(d.sgid), ${SQL_PATTERNS.salaryKey}) as m from (select distinct sgid from forms) d
    ),
    keys as (
      select f.sgid, f.ids, f.kobos,
        nullif(upper(regexp_replace(coalesce(g.m[1], f.ss), ${SQL_PATTERNS.structureNoise}, '', 'g')), '') as skey,
        coalesce(g.m[2]::int, substring(btrim(f.gl) from ${SQL_PATTERNS.grade})::int) as grade,
        coalesce(g.m[3], g.m[4])::int as step
      from forms f join readings g on g.sgid = f.sgid
      where g.m is not null
    ),
    above as (
      select u.id, k.sgid, u.kobo, s.structure, s.structure_key, s.grade, s.step, s.max_kobo
      from keys k
      join scale s on s.structure_key = k.skey and s.grade = k.grade and s.step = k.step
      cross join lateral unnest(k.ids, k.kobos) u(id, kobo)
      where u.kobo > s.max_kobo
    )
    select a.id as record_id, 'PAY_ABOVE_SCALE'::text as rule,
      md5(concat_ws('|', a.structure_key, a.grade, a.step, a.max_kobo, a.kobo)) as fingerprint,
      jsonb_build_object('kind', 'SCALE', 'structure', a.structure, 'gradeLevel', a.grade, 'step', a.step,
        'salaryGradeId', a.sgid, 'maximumAmount', a.max_kobo::numeric / 100,
        'payAmount', a.kobo::numeric / 100,
        'excessAmount', (a.kobo - a.max_kobo)::numeric / 100) as evidence,
      a.kobo - a.max_kobo as kobo,
      -- The search terms and posting of the few found, each read by its key (a lateral read, not a
      -- join the planner could make a second pass over the records).
      k.terms, k.ministry_id, k.department_id
    from above a
    left join lateral (
      select r.search_terms as terms, r.ministry_id, r.department_id from records r where r.id = a.id offset 0
    ) k on true`;
}
