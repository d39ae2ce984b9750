import { sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';

/** Upkeep of the records table after large changes. */
export class MaintenanceRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * VACUUM, then ANALYZE, of the records table: what VACUUM (ANALYZE) does, in two statements, so
   * that the embedded database's one session is free between them (DECISIONS 124). Unscoped
   * because both work on the whole table (every tenant's rows); they read no data out.
   */
  async vacuumRecords(): Promise<void> {
    await this.orm.execute(sql`vacuum records`);
    await this.orm.execute(sql`analyze records`);
  }

  /**
   * Sums the rows of each name word that has several (migration 0028: one per statement that wrote
   * it) into one, and drops the words no record has any more: a search reads one row per word
   * again. Unscoped: it rewrites the rows of every tenant as the sums they already make, each
   * tenant's its own. One statement, so a search sees the rows before it or after it, never half,
   * and a writer's rows not yet committed are left for the next time.
   */
  async compactSearchWordCounts(): Promise<void> {
    await this.orm.execute(sql`
      with several as (
        select tenant_id, word from search_word_counts group by tenant_id, word having count(*) > 1
      ), gone as (
        delete from search_word_counts c using several s where c.tenant_id = s.tenant_id and c.word = s.word
        returning c.tenant_id, c.word, c.n
      )
      insert into search_word_counts (tenant_id, word, n)
      select tenant_id, word, sum(n)::int from gone group by tenant_id, word having sum(n) <> 0`);
  }

  /**
   * Sums the rows of each posting and queue state that has several (migration 0035: one per
   * statement that moved records into or out of it) into one, and drops those no record is in any
   * more: a reviewer's badge counts read one row per posting and state again. Unscoped and one
   * statement, as `compactSearchWordCounts`.
   */
  async compactQueueCounts(): Promise<void> {
    await this.orm.execute(sql`
      with several as (
        select tenant_id, status, ministry_id, department_id from record_queue_counts
        group by tenant_id, status, ministry_id, department_id having count(*) > 1 or sum(n) = 0
      ), gone as (
        delete from record_queue_counts c using several s
        where c.tenant_id = s.tenant_id and c.status = s.status
          and c.ministry_id is not distinct from s.ministry_id
          and c.department_id is not distinct from s.department_id
        returning c.tenant_id, c.status, c.ministry_id, c.department_id, c.n
      )
      insert into record_queue_counts (tenant_id, status, ministry_id, department_id, n)
      select tenant_id, status, ministry_id, department_id, sum(n)::int from gone
      group by tenant_id, status, ministry_id, department_id having sum(n) <> 0`);
  }
}
