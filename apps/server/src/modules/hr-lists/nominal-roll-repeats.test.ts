import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { NominalRollSession } from './nominal-roll.repo.ts';

/**
 * The roll's repeated rows as they were defined before DECISIONS 295: every row partitioned by PSN
 * and by NIN in windows. The session's hashed statement must answer the same, row for row.
 */
const BY_WINDOWS = `
  with w as (
    select row_no, psn is not null as has_psn,
      case when psn is not null then min(row_no) over (partition by psn) end as p_first,
      case when nin is not null then min(row_no) over (partition by nin) end as n_first,
      case when nin is not null then min(row_no) filter (where psn is null) over (partition by nin) end as n_bare
    from roll_rows
  ), e as (
    select row_no, p_first, least(
        case when p_first < row_no then p_first end,
        case when not has_psn and n_first < row_no then n_first end,
        case when has_psn and n_bare < row_no then n_bare end) as first_row
    from w
  )
  select row_no as row, first_row, coalesce(p_first = first_row, false) as by_psn, count(*) over ()::int as total
  from e where first_row is not null order by row_no limit 1000`;

let db: PGlite;
let session: NominalRollSession;
beforeAll(async () => {
  db = new PGlite();
  await db.exec(`create table roll_rows (row_no int not null, psn text, nin text, ministry text, k text)`);
  const scope = tenantScope('00000000-0000-4000-8000-000000000001');
  session = new NominalRollSession(drizzle(db) as unknown as Orm, scope, async () => undefined);
});
afterAll(async () => db.close());

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

it('finds the same repeated rows as the windows did, on 300 files over few PSNs and NINs', async () => {
  const next = random(20261202);
  let withRepeats = 0;
  for (let file = 0; file < 300; file++) {
    await db.exec('truncate roll_rows');
    const rows: string[] = [];
    const key = (prefix: string, spread: number) =>
      next() < 0.3 ? 'null' : `'${prefix}${Math.floor(next() * spread)}'`;
    const count = 1 + Math.floor(next() * 40);
    for (let i = 1; i <= count; i++) {
      const psn = key('PSN', file % 3 === 0 ? 5 : 30);
      let nin = key('', file % 2 === 0 ? 5 : 30);
      if (psn === 'null' && nin === 'null') nin = `'${i % 7}'`; // a row names someone
      rows.push(`(${i}, ${psn}, ${nin}, 'Health', 'health')`);
    }
    await db.exec(`insert into roll_rows values ${rows.join(', ')}`);
    const expected = (
      await db.query<{ row: number; first_row: number; by_psn: boolean; total: number }>(BY_WINDOWS)
    ).rows;
    const got = await session.repeats(1000);
    expect(got, rows.join(', ')).toEqual({
      count: expected[0]?.total ?? 0,
      first: expected.map((r) => ({ row: r.row, firstRow: r.first_row, byPsn: r.by_psn })),
    });
    if (expected.length > 0) withRepeats++;
  }
  // The files exercise the check: most repeat someone, some do not.
  expect(withRepeats).toBeGreaterThan(150);
  expect(withRepeats).toBeLessThan(300);
});
