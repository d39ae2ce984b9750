import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { QUEUE_STATUS } from '../records/record-state.ts';

export interface TenantCounts {
  records: number;
  /** Found in the source of truth with biometrics, whatever their state since. */
  verified: number;
  byStatus: Partial<Record<string, number>>;
  /**
   * Verified records whose name matched closely (issue #20) and that no other field sent to the
   * mismatch queue: read through the partial index of the CLOSE names (a few percent of records).
   */
  matchedClosely: number;
  usersByRole: Partial<Record<string, number>>;
}

/**
 * What the tenant overview counts, from the trigger-maintained record_counts, the index of close
 * names and the users' (tenant, role) index: no scan of the records, so it stays fast at 1,000,000
 * records.
 */
export class StatsRepo {
  constructor(private readonly orm: Orm) {}

  async counts(scope: TenantScope): Promise<TenantCounts> {
    const result = await this.orm.execute<{
      records: number;
      verified: number;
      by_status: Record<string, number> | null;
      matched_closely: number;
      by_role: Record<string, number> | null;
    }>(sql`
      with c as (select status, sot_verified, n from record_counts where tenant_id = ${scope.tenantId})
      select
        coalesce((select sum(n) from c), 0)::int as records,
        coalesce((select sum(n) from c where sot_verified), 0)::int as verified,
        (select json_object_agg(status, n) from (select status, sum(n)::int as n from c group by status) s) as by_status,
        (select count(*)::int from records where tenant_id = ${scope.tenantId} and name_match = 'CLOSE'
          and sot_verified and status <> ${QUEUE_STATUS.mismatched}) as matched_closely,
        (select json_object_agg(role, n)
          from (select role, count(*)::int as n from users where tenant_id = ${scope.tenantId} group by role) u) as by_role`);
    const r = result.rows[0]!;
    return {
      records: Number(r.records),
      verified: Number(r.verified),
      byStatus: r.by_status ?? {},
      matchedClosely: Number(r.matched_closely),
      usersByRole: r.by_role ?? {},
    };
  }
}
