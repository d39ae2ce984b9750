import { and, asc, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { campaignSchedule, tenants } from '../../db/schema/index.ts';
import { expectedSql, type CampaignRow } from './campaigns.repo.ts';

export type ScheduleRow = typeof campaignSchedule.$inferSelect;

export interface ScheduleValues {
  day: string;
  site: string;
  ministryIds: string[];
  departmentIds: string[];
}

/** One person of a site's list, as the query reads them. */
export interface SiteListRow {
  id: string;
  fullName: string;
  psn: string | null;
  ministry: string | null;
  department: string | null;
  day: string;
}

/** An exercise's schedule and a site's list (issue #33 item 1); every query starts from the scope. */
export class ScheduleRepo {
  constructor(private readonly orm: Orm) {}

  /** By day, then site. */
  async entries(scope: TenantScope, campaignId: string, orm: Orm = this.orm): Promise<ScheduleRow[]> {
    return orm
      .select()
      .from(campaignSchedule)
      .where(and(eq(campaignSchedule.tenantId, scope.tenantId), eq(campaignSchedule.campaignId, campaignId)))
      .orderBy(asc(campaignSchedule.day), asc(campaignSchedule.site), asc(campaignSchedule.id));
  }

  /** Replaces the whole schedule in the caller's transaction. */
  async replace(tx: Orm, scope: TenantScope, campaignId: string, values: ScheduleValues[]): Promise<void> {
    await tx
      .delete(campaignSchedule)
      .where(and(eq(campaignSchedule.tenantId, scope.tenantId), eq(campaignSchedule.campaignId, campaignId)));
    if (values.length === 0) return;
    await tx
      .insert(campaignSchedule)
      .values(values.map((v) => ({ ...v, tenantId: scope.tenantId, campaignId })));
  }

  /**
   * Everyone the exercise expects (its one scope rule) whose ministry or department the schedule
   * brings to `site`, with the first day it does: by day, ministry, department and name.
   */
  async siteList(scope: TenantScope, c: CampaignRow, site: string): Promise<SiteListRow[]> {
    const result = await this.orm.execute<{
      id: string;
      full_name: string;
      psn: string | null;
      ministry: string | null;
      department: string | null;
      day: string;
    }>(sql`
      with s as (
        select day, ministry_ids, department_ids from campaign_schedule
        where tenant_id = ${scope.tenantId} and campaign_id = ${c.id} and site = ${site}
      ),
      x as (
        select r.id, r.full_name, r.psn, r.ministry_id, r.department_id,
          (select min(s.day) from s
            where r.ministry_id = any(s.ministry_ids) or r.department_id = any(s.department_ids))::text as day
        from records r
        where ${expectedSql(scope, c)}
      )
      select x.id, x.full_name, x.psn, m.name as ministry, d.name as department, x.day
      from x
      left join ministries m on m.id = x.ministry_id
      left join departments d on d.id = x.department_id
      where x.day is not null
      order by x.day, m.name nulls last, d.name nulls last, x.full_name, x.id`);
    return result.rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      psn: r.psn,
      ministry: r.ministry,
      department: r.department,
      day: r.day,
    }));
  }

  /** The tenant's subdomain: its public address, where the agent's screen a QR code opens lives. */
  async subdomain(scope: TenantScope): Promise<string> {
    const [row] = await this.orm
      .select({ subdomain: tenants.subdomain })
      .from(tenants)
      .where(eq(tenants.id, scope.tenantId))
      .limit(1);
    return row!.subdomain;
  }
}
