import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { campaignExtensions, campaigns, departments, ministries } from '../../db/schema/index.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ExtensionRow = typeof campaignExtensions.$inferSelect;

/** An exercise's scope and window, for the overlap check. */
export interface CampaignWindow {
  ministryIds: string[];
  departmentIds: string[];
  opensOn: string;
  /** The last day of its grace period. */
  graceEndsOn: string;
}

/** The exercise another one overlaps, as the refusal names it. */
export interface OverlappingCampaign {
  id: string;
  name: string;
  opensOn: string;
  closesOn: string;
  graceDays: number;
}

/** A list of (validated, lower-case) UUIDs as one array parameter. */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** Verification exercises of one tenant (issue #33); every query starts from the scope. */
export class CampaignsRepo {
  constructor(private readonly orm: Orm) {}

  /**
   * A transaction holding the tenant's exercise lock (DECISIONS 170): two creates or extends of one
   * tenant run one after the other, so the overlap check each makes sees the other's exercise.
   * The same pattern as the upload's per-tenant lock (records/ingest.repo.ts).
   */
  async locked<T>(scope: TenantScope, fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campaigns:' || ${scope.tenantId}))`);
      return fn(tx);
    });
  }

  async insert(
    tx: Orm,
    scope: TenantScope,
    values: Omit<typeof campaigns.$inferInsert, 'tenantId' | 'id'>,
  ): Promise<CampaignRow> {
    const [row] = await tx
      .insert(campaigns)
      .values({ ...values, tenantId: scope.tenantId })
      .returning();
    return row!;
  }

  async find(scope: TenantScope, id: string, orm: Orm = this.orm): Promise<CampaignRow | undefined> {
    const [row] = await orm
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, scope.tenantId), eq(campaigns.id, id)))
      .limit(1);
    return row;
  }

  /** Newest first. */
  async list(scope: TenantScope): Promise<CampaignRow[]> {
    return this.orm
      .select()
      .from(campaigns)
      .where(eq(campaigns.tenantId, scope.tenantId))
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id));
  }

  /** The extensions of these exercises, oldest first. */
  async extensions(scope: TenantScope, campaignIds: string[], orm: Orm = this.orm): Promise<ExtensionRow[]> {
    if (campaignIds.length === 0) return [];
    return orm
      .select()
      .from(campaignExtensions)
      .where(
        and(
          eq(campaignExtensions.tenantId, scope.tenantId),
          inArray(campaignExtensions.campaignId, campaignIds),
        ),
      )
      .orderBy(asc(campaignExtensions.extendedAt), asc(campaignExtensions.id));
  }

  /** The names of the tenant's ministries and departments among these ids. */
  async names(
    scope: TenantScope,
    ids: { ministryIds: string[]; departmentIds: string[] },
    orm: Orm = this.orm,
  ): Promise<{ ministries: Map<string, string>; departments: Map<string, string> }> {
    const read = async (table: typeof ministries | typeof departments, list: string[]) =>
      list.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await orm
                .select({ id: table.id, name: table.name })
                .from(table)
                .where(and(eq(table.tenantId, scope.tenantId), inArray(table.id, list)))
            ).map((r) => [r.id, r.name]),
          );
    return {
      ministries: await read(ministries, ids.ministryIds),
      departments: await read(departments, ids.departmentIds),
    };
  }

  /**
   * The first exercise of the tenant, other than `exceptId`, not closed on `today`, whose window
   * (opening day to the end of its grace) meets `w`'s and whose scope overlaps `w`'s (DECISIONS
   * 169): either is all records; they share a ministry or a department; or a department of one
   * lies in a ministry of the other, that is some record of the tenant is posted to both.
   */
  async overlapping(
    tx: Orm,
    scope: TenantScope,
    w: CampaignWindow,
    today: string,
    exceptId: string | null = null,
  ): Promise<OverlappingCampaign | undefined> {
    const all = w.ministryIds.length === 0 && w.departmentIds.length === 0;
    const m = uuidArray(w.ministryIds);
    const d = uuidArray(w.departmentIds);
    const result = await tx.execute<{
      id: string;
      name: string;
      opens_on: string;
      closes_on: string;
      grace_days: number;
    }>(sql`
      select c.id, c.name, c.opens_on::text as opens_on, c.closes_on::text as closes_on, c.grace_days
      from campaigns c
      where c.tenant_id = ${scope.tenantId}
        and (${exceptId}::uuid is null or c.id <> ${exceptId}::uuid)
        and c.closes_on + c.grace_days >= ${today}::date
        and c.opens_on <= ${w.graceEndsOn}::date
        and c.closes_on + c.grace_days >= ${w.opensOn}::date
        and (
          ${all}::boolean
          or (cardinality(c.ministry_ids) = 0 and cardinality(c.department_ids) = 0)
          or c.ministry_ids && ${m}
          or c.department_ids && ${d}
          or exists (select 1 from records r where r.tenant_id = ${scope.tenantId}
            and r.department_id = any(${d}) and r.ministry_id = any(c.ministry_ids))
          or exists (select 1 from records r where r.tenant_id = ${scope.tenantId}
            and r.department_id = any(c.department_ids) and r.ministry_id = any(${m}))
        )
      order by c.opens_on, c.created_at
      limit 1`);
    const row = result.rows[0];
    return row
      ? {
          id: row.id,
          name: row.name,
          opensOn: row.opens_on,
          closesOn: row.closes_on,
          graceDays: Number(row.grace_days),
        }
      : undefined;
  }

  /** Moves the closing day and records the extension. */
  async extend(
    tx: Orm,
    scope: TenantScope,
    c: CampaignRow,
    closesOn: string,
    reason: string,
    by: { userId: string; email: string },
  ): Promise<void> {
    await tx
      .update(campaigns)
      .set({ closesOn, updatedAt: sql`now()` })
      .where(and(eq(campaigns.tenantId, scope.tenantId), eq(campaigns.id, c.id)));
    await tx.insert(campaignExtensions).values({
      campaignId: c.id,
      tenantId: scope.tenantId,
      fromClosesOn: c.closesOn,
      toClosesOn: closesOn,
      reason,
      extendedBy: by.userId,
      extendedByEmail: by.email,
    });
  }
}
