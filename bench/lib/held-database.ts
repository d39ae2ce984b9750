// What the benches run against a database held by `BENCH_HOLD=1 npm run bench:integrity` share.
import type pg from 'pg';

/** The tenant with the most records: the one the bench seeded. */
export async function largestTenant(owner: pg.Client): Promise<string> {
  const result = await owner.query<{ tenant_id: string }>(
    'select tenant_id from records group by 1 order by count(*) desc limit 1',
  );
  return result.rows[0]!.tenant_id;
}
