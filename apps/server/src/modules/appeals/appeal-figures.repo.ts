import { sql } from 'drizzle-orm';
import type { AppealDecision, AppealFigures } from '@portal/contract/appeals';
import { APPEAL_DECISIONS } from '@portal/contract/appeals';
import { koboToNaira } from '@portal/contract/payroll';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { SUSPENDED } from '../records/record-state.ts';

/** Whose appeals are counted: the tenant's, or those about the people an exercise suspended. */
export type AppealFiguresOf = { campaignId: string } | undefined;

/**
 * What appeals came to (issue #34 item 5), in one statement for the tenant overview and an
 * exercise's report alike: received, decided, decided by the deadline, by code, reinstated and the
 * arrears owed. The campaigns and verification modules read it through their own ports (app.ts
 * passes this repository), so neither imports appeals.
 */
export class AppealFiguresRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * `of` an exercise: the appeals of the records its suspensions suspended, lodged against a
   * suspension (an appeal of a later rejection of the same person is about another decision).
   */
  async figures(scope: TenantScope, of?: AppealFiguresOf): Promise<AppealFigures> {
    const about = of
      ? sql`and a.appealed_status = ${SUSPENDED} and a.record_id in (
          select l.record_id from campaign_suspension_records l
          join campaign_suspensions s on s.id = l.suspension_id
          where s.tenant_id = ${scope.tenantId} and s.campaign_id = ${of.campaignId} and l.suspended)`
      : sql``;
    const result = await this.orm.execute<{
      received: number;
      decided: number;
      on_time: number;
      by_decision: Record<string, number> | null;
      reinstated: number;
      arrears_kobo: string | number;
      pay_unknown: number;
    }>(sql`
      with a as (
        select a.status, a.decision, a.decided_at, a.deadline_at, a.reinstated_to, a.arrears_kobo
        from appeals a where a.tenant_id = ${scope.tenantId} ${about})
      select count(*)::int as received,
        count(*) filter (where status = 'DECIDED')::int as decided,
        count(*) filter (where status = 'DECIDED' and decided_at <= deadline_at)::int as on_time,
        (select json_object_agg(decision, n) from (
          select decision, count(*)::int as n from a where status = 'DECIDED' group by decision) d) as by_decision,
        count(*) filter (where reinstated_to is not null)::int as reinstated,
        coalesce(sum(arrears_kobo) filter (where reinstated_to is not null), 0)::bigint as arrears_kobo,
        count(*) filter (where reinstated_to is not null and arrears_kobo is null)::int as pay_unknown
      from a`);
    const r = result.rows[0]!;
    const by = r.by_decision ?? {};
    return {
      received: Number(r.received),
      decided: Number(r.decided),
      decidedOnTime: Number(r.on_time),
      byDecision: Object.fromEntries(APPEAL_DECISIONS.map((d) => [d, Number(by[d] ?? 0)])) as Record<
        AppealDecision,
        number
      >,
      reinstated: Number(r.reinstated),
      arrearsOwed: koboToNaira(Number(r.arrears_kobo)),
      arrearsPayUnknown: Number(r.pay_unknown),
    };
  }
}
