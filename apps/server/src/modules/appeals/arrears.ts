import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';

/** One pay period the person was left out of: an approved payroll export that did not carry them. */
export interface ArrearsPeriod {
  exportId: string;
  approvedAt: string;
}

/**
 * The pay periods a reinstated person missed (issue #34 item 3): the tenant's approved payroll
 * exports (COMPLETED, approved by a second approver or not) from the removal appealed to now that
 * did not carry the record (export_members, the export history). Each is one month's pay owed. The
 * times are the database's, as the exports' and the audit trail's are.
 */
export async function missedPeriods(
  tx: Orm,
  scope: TenantScope,
  recordId: string,
  removedAt: Date,
): Promise<ArrearsPeriod[]> {
  const r = await tx.execute<{ id: string; at: Date }>(sql`
    select e.id, coalesce(e.approved_at, e.finished_at) as at
    from export_jobs e join export_members m on m.export_id = e.id
    where e.tenant_id = ${scope.tenantId} and e.status = 'COMPLETED'
      and coalesce(e.approved_at, e.finished_at) > ${removedAt}
      and coalesce(e.approved_at, e.finished_at) <= now()
      and not (${recordId}::uuid = any(m.record_ids))
    order by at, e.id`);
  return r.rows.map((row) => ({ exportId: row.id, approvedAt: new Date(row.at).toISOString() }));
}

/** Monthly pay × periods, in kobo; null when the pay is not known. */
export const arrearsKobo = (monthlyGrossKobo: number | null, periods: number): number | null =>
  monthlyGrossKobo === null ? null : monthlyGrossKobo * periods;
