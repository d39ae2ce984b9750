import { sql } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';

/** Upkeep of the records table after large changes. */
export class MaintenanceRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * VACUUM (ANALYZE) of the records table. Unscoped because VACUUM works on the whole table (every
   * tenant's rows); it reads no data out.
   */
  async vacuumRecords(): Promise<void> {
    await this.orm.execute(sql`vacuum (analyze) records`);
  }
}
