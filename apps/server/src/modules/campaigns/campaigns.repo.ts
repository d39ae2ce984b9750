import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ReminderKind, ReminderRun } from '@portal/contract/campaigns';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { uuidArray } from '../../platform/sql-ids.ts';
import {
  campaignExcusals,
  campaignExtensions,
  campaigns,
  campaignSuspensions,
  departments,
  ministries,
} from '../../db/schema/index.ts';
import { bulkMove, NO_SHOW_REASON, NOT_EXPECTED_TO_APPEAR, statusLiterals } from '../records/record-state.ts';

export type CampaignRow = typeof campaigns.$inferSelect;
export type ExtensionRow = typeof campaignExtensions.$inferSelect;
export type SuspensionRow = typeof campaignSuspensions.$inferSelect;

/** A no-show's suspension as one statement writes it (record-state SUSPENDED_NO_SHOW). */
const SUSPEND = bulkMove({ type: 'SUSPENDED_NO_SHOW' });

/** Who a bulk suspension's audit entries name. */
export interface Suspender {
  userId: string | null;
  email: string;
  address: string | null;
}

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

/** A person the exercise expects, as an excusal reads them. */
export interface ExpectedPerson {
  id: string;
  fullName: string;
  psn: string | null;
  /** The day of their first appearance since the opening, or null. */
  firstDay: string | null;
  excused: boolean;
}

/** An excusal as written. */
export interface ExcusalValues {
  campaignId: string;
  recordId: string;
  reasonCode: string;
  note: string;
  by: { userId: string | null; email: string };
}

/** A no-show as the list and the CSV read them, the pay in kobo. */
export type NoShowRow = {
  id: string;
  full_name: string;
  psn: string | null;
  employee_id: string | null;
  ministry: string | null;
  department: string | null;
  status: string;
  monthly_gross_kobo: string | number | null;
};

/** One posting's counts, the pay in kobo. */
export interface PostingCounts {
  ministryId: string | null;
  ministryName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  inScope: number;
  appeared: number;
  late: number;
  excused: number;
  remaining: number;
  remainingKobo: number;
  remainingPayUnknown: number;
  /** Suspended by one of the exercise's suspensions (issue #33 item 5), and of them still SUSPENDED. */
  suspended: number;
  stillSuspended: number;
  heldKobo: number;
  heldPayUnknown: number;
}

/** The days an exercise counts appearances in, the tenant's. */
export interface CountedDays {
  opensOn: string;
  graceEndsOn: string;
}

/**
 * The records an exercise expects to appear (issue #33): the tenant's, in its scope (all records,
 * or those of any of its ministries or departments, as a reviewer's assignments read), not taken
 * off the payroll by a decision (record-state.ts NOT_EXPECTED_TO_APPEAR). The one scope rule of
 * progress, no-shows and the report.
 */
export function expectedSql(scope: TenantScope, c: CampaignRow) {
  const all = c.ministryIds.length === 0 && c.departmentIds.length === 0;
  return sql`r.tenant_id = ${scope.tenantId}
    and r.status not in (${sql.raw(statusLiterals(NOT_EXPECTED_TO_APPEAR))})
    and (${all}::boolean or r.ministry_id = any(${uuidArray(c.ministryIds)})
      or r.department_id = any(${uuidArray(c.departmentIds)}))`;
}

/**
 * Each expected record with its first appearance since the opening day (its day, how, the agent),
 * and whether it is excused: the rows progress and no-shows count. The first appearances are read
 * once for the tenant and joined by hash, not looked up record by record: over a million records
 * that is one pass over each table instead of a million index probes.
 */
export function expectedWithAppearanceSql(scope: TenantScope, c: CampaignRow) {
  return sql`
    select r.id, r.full_name, r.psn, r.ministry_id, r.department_id, r.monthly_gross_kobo, r.status,
      f.day::text as day, f.via, e.record_id is not null as excused
    from records r
    left join (
      select distinct on (a.record_id) a.record_id, a.day, a.via from appearances a
      where a.tenant_id = ${scope.tenantId} and a.day >= ${c.opensOn}::date
      order by a.record_id, a.at
    ) f on f.record_id = r.id
    left join campaign_excusals e on e.campaign_id = ${c.id} and e.record_id = r.id
    where ${expectedSql(scope, c)}`;
}

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
      await this.lock(tx, scope);
      return fn(tx);
    });
  }

  /** Takes the tenant's exercise lock in a transaction already begun (an approval's). */
  async lock(tx: Orm, scope: TenantScope): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campaigns:' || ${scope.tenantId}))`);
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

  /** The exercise's counts by ministry and department (issue #33 items 4 and 7: progress and report). */
  async progressByPosting(scope: TenantScope, c: CampaignRow, days: CountedDays): Promise<PostingCounts[]> {
    const result = await this.orm.execute<Record<string, string | number | null>>(sql`
      with x as (${expectedWithAppearanceSql(scope, c)}),
      y as (
        select x.*,
          (x.day is not null and x.day <= ${days.graceEndsOn}) as on_time,
          (x.day is not null and x.day > ${days.graceEndsOn}) as late
        from x
      ),
      z as (
        select y.*, not y.on_time and not y.late and not y.excused as remaining,
          l.record_id is not null as suspended
        from y
        left join (
          select distinct l.record_id from campaign_suspension_records l
          join campaign_suspensions s on s.id = l.suspension_id
          where s.campaign_id = ${c.id} and l.suspended
        ) l on l.record_id = y.id
      )
      select z.ministry_id, m.name as ministry_name, z.department_id, d.name as department_name,
        count(*)::int as in_scope,
        count(*) filter (where z.on_time)::int as appeared,
        count(*) filter (where z.late)::int as late,
        count(*) filter (where z.excused and not z.on_time and not z.late)::int as excused,
        count(*) filter (where z.remaining)::int as remaining,
        coalesce(sum(z.monthly_gross_kobo) filter (where z.remaining), 0)::bigint as remaining_kobo,
        count(*) filter (where z.remaining and z.monthly_gross_kobo is null)::int as remaining_pay_unknown,
        count(*) filter (where z.suspended)::int as suspended,
        count(*) filter (where z.suspended and z.status = ${SUSPEND.to})::int as still_suspended,
        coalesce(sum(z.monthly_gross_kobo) filter (where z.suspended and z.status = ${SUSPEND.to}), 0)::bigint as held_kobo,
        count(*) filter (where z.suspended and z.status = ${SUSPEND.to} and z.monthly_gross_kobo is null)::int as held_pay_unknown
      from z
      left join ministries m on m.id = z.ministry_id
      left join departments d on d.id = z.department_id
      group by z.ministry_id, m.name, z.department_id, d.name
      order by m.name nulls last, d.name nulls last`);
    return result.rows.map((r) => ({
      ministryId: (r.ministry_id as string | null) ?? null,
      ministryName: (r.ministry_name as string | null) ?? null,
      departmentId: (r.department_id as string | null) ?? null,
      departmentName: (r.department_name as string | null) ?? null,
      inScope: Number(r.in_scope),
      appeared: Number(r.appeared),
      late: Number(r.late),
      excused: Number(r.excused),
      remaining: Number(r.remaining),
      remainingKobo: Number(r.remaining_kobo),
      remainingPayUnknown: Number(r.remaining_pay_unknown),
      suspended: Number(r.suspended),
      stillSuspended: Number(r.still_suspended),
      heldKobo: Number(r.held_kobo),
      heldPayUnknown: Number(r.held_pay_unknown),
    }));
  }

  /** The people of the scope who first appeared on each day of the counted days, and how. */
  async appearancesByDay(
    scope: TenantScope,
    c: CampaignRow,
    days: CountedDays,
  ): Promise<{ day: string; appeared: number; online: number; withAgent: number }[]> {
    const result = await this.orm.execute<{
      day: string;
      appeared: number;
      online: number;
      agent: number;
    }>(sql`
      with x as (${expectedWithAppearanceSql(scope, c)})
      select x.day, count(*)::int as appeared,
        count(*) filter (where x.via <> 'AGENT_CLAIM')::int as online,
        count(*) filter (where x.via = 'AGENT_CLAIM')::int as agent
      from x where x.day is not null and x.day <= ${days.graceEndsOn}
      group by x.day order by x.day`);
    return result.rows.map((r) => ({
      day: r.day,
      appeared: Number(r.appeared),
      online: Number(r.online),
      withAgent: Number(r.agent),
    }));
  }

  /** The people of the scope each agent helped appear in the counted days, by day. */
  async appearancesByAgent(
    scope: TenantScope,
    c: CampaignRow,
    days: CountedDays,
  ): Promise<{ agentId: string | null; agentEmail: string; day: string; appeared: number }[]> {
    const result = await this.orm.execute<{
      agent_id: string | null;
      agent_email: string;
      day: string;
      appeared: number;
    }>(sql`
      select a.agent_id, coalesce(a.agent_email, '') as agent_email, a.day::text as day,
        count(distinct a.record_id)::int as appeared
      from appearances a
      join records r on r.id = a.record_id
      where a.tenant_id = ${scope.tenantId} and a.agent_email is not null
        and a.day between ${days.opensOn}::date and ${days.graceEndsOn}::date
        and ${expectedSql(scope, c)}
      group by a.agent_id, a.agent_email, a.day
      order by a.agent_email, a.day`);
    return result.rows.map((r) => ({
      agentId: r.agent_id,
      agentEmail: r.agent_email,
      day: r.day,
      appeared: Number(r.appeared),
    }));
  }

  /** The person `recordId` if the exercise expects them (its scope, not rejected), else undefined. */
  async expectedPerson(
    tx: Orm,
    scope: TenantScope,
    c: CampaignRow,
    recordId: string,
  ): Promise<ExpectedPerson | undefined> {
    const result = await tx.execute<{
      id: string;
      full_name: string;
      psn: string | null;
      day: string | null;
      excused: boolean;
    }>(
      sql`with x as (${expectedWithAppearanceSql(scope, c)}) select * from x where x.id = ${recordId}::uuid`,
    );
    const row = result.rows[0];
    return row
      ? {
          id: row.id,
          fullName: row.full_name,
          psn: row.psn,
          firstDay: row.day,
          excused: Boolean(row.excused),
        }
      : undefined;
  }

  async insertExcusal(tx: Orm, scope: TenantScope, e: ExcusalValues): Promise<void> {
    await tx.insert(campaignExcusals).values({
      campaignId: e.campaignId,
      recordId: e.recordId,
      tenantId: scope.tenantId,
      reasonCode: e.reasonCode,
      note: e.note,
      excusedBy: e.by.userId,
      excusedByEmail: e.by.email,
    });
  }

  /**
   * The no-shows (issue #33 item 5): expected, no appearance since the opening (on time or late),
   * not excused; each with the names of its posting and the key the list is ordered by.
   */
  #noShowsSql(scope: TenantScope, c: CampaignRow) {
    return sql`
      select r.id, r.full_name, r.psn, r.employee_id, m.name as ministry, d.name as department, r.status,
        r.monthly_gross_kobo, coalesce(m.name, '') as mk, coalesce(d.name, '') as dk
      from records r
      left join ministries m on m.id = r.ministry_id
      left join departments d on d.id = r.department_id
      where ${this.stillExpectedSql(scope, c)}`;
  }

  /**
   * The condition over records `r` of those the exercise still waits for: expected, no appearance
   * since the opening, not excused (the no-shows' rule, for the reminders).
   */
  stillExpectedSql(scope: TenantScope, c: CampaignRow) {
    return sql`${expectedSql(scope, c)}
      and not exists (select 1 from appearances a where a.tenant_id = ${scope.tenantId}
        and a.record_id = r.id and a.day >= ${c.opensOn}::date)
      and not exists (select 1 from campaign_excusals e where e.campaign_id = ${c.id} and e.record_id = r.id)`;
  }

  /**
   * How many no-shows, the monthly pay (kobo) of those whose pay is known, and how many of them a
   * suspension would list now (in a state it moves, as `freezeNoShows` picks them).
   */
  async noShowTotals(
    scope: TenantScope,
    c: CampaignRow,
  ): Promise<{ total: number; kobo: number; unknown: number; suspendable: number }> {
    const result = await this.orm.execute<{
      total: number;
      kobo: string;
      unknown: number;
      suspendable: number;
    }>(sql`
      select count(*)::int as total, coalesce(sum(n.monthly_gross_kobo), 0)::bigint as kobo,
        count(*) filter (where n.monthly_gross_kobo is null)::int as unknown,
        count(*) filter (where n.status in (${sql.raw(statusLiterals(SUSPEND.from))}))::int as suspendable
      from (${this.#noShowsSql(scope, c)}) n`);
    const row = result.rows[0]!;
    return {
      total: Number(row.total),
      kobo: Number(row.kobo),
      unknown: Number(row.unknown),
      suspendable: Number(row.suspendable),
    };
  }

  /** A page of the no-shows, by ministry, department, name and id. */
  async noShowsPage(
    scope: TenantScope,
    c: CampaignRow,
    page: number,
    pageSize: number,
  ): Promise<NoShowRow[]> {
    const result = await this.orm.execute<NoShowRow>(sql`
      select * from (${this.#noShowsSql(scope, c)}) n
      order by n.mk, n.dk, n.full_name, n.id
      limit ${pageSize} offset ${(page - 1) * pageSize}`);
    return result.rows;
  }

  /**
   * Every no-show as CSV lines, in the list's order: one query, sorted once, read through a cursor
   * in blocks of `batch` lines as the reader takes them (its transaction lasts as long as the file).
   * A reader that stops ends it.
   */
  async *noShowsCsv(scope: TenantScope, c: CampaignRow, batch = 5000): AsyncGenerator<string> {
    const blocks = new PassThrough({ objectMode: true, highWaterMark: 2 });
    // One listener for the reader leaving, whatever the number of blocks.
    const left = once(blocks, 'close').catch(() => undefined);
    const written = this.orm
      .transaction(async (tx) => {
        // The whole result will be read: plan for all of it, not for the first rows.
        await tx.execute(sql`set local cursor_tuple_fraction = 1`);
        await tx.execute(sql`declare no_shows no scroll cursor for
          select concat_ws(',', csv_field(n.psn), csv_field(n.employee_id), csv_field(n.full_name),
            csv_field(n.ministry), csv_field(n.department), csv_field(n.status),
            csv_field(to_char(n.monthly_gross_kobo / 100.0, 'FM999999999999990.00')), csv_field(n.id::text)) as line
          from (${this.#noShowsSql(scope, c)}) n
          order by n.mk, n.dk, n.full_name, n.id`);
        for (;;) {
          const { rows } = await tx.execute<{ line: string }>(
            sql.raw(`fetch forward ${batch} from no_shows`),
          );
          if (rows.length === 0) break;
          if (!blocks.write(rows.map((r) => `${r.line}\r\n`).join(''))) {
            await Promise.race([once(blocks, 'drain'), left]);
          }
          if (blocks.destroyed) throw new Error('the reader stopped');
        }
        blocks.end();
      })
      .catch((err: unknown) => {
        blocks.destroy(err instanceof Error ? err : new Error(String(err)));
      });
    try {
      for await (const block of blocks) yield block as string;
    } finally {
      blocks.destroy();
      await written;
    }
  }

  /** Whether a suspension of this exercise's no-shows awaits a second approver. */
  async pendingSuspension(tx: Orm = this.orm, scope: TenantScope, campaignId: string): Promise<boolean> {
    const found = await tx
      .select({ id: campaignSuspensions.id })
      .from(campaignSuspensions)
      .where(
        and(
          eq(campaignSuspensions.tenantId, scope.tenantId),
          eq(campaignSuspensions.campaignId, campaignId),
          eq(campaignSuspensions.status, 'PENDING_APPROVAL'),
        ),
      )
      .limit(1);
    return found.length > 0;
  }

  /**
   * A suspension (PENDING_APPROVAL until applied) with its list frozen: the no-shows whose state
   * SUSPENDED_NO_SHOW applies in (one awaiting a decision is left for it; one suspended is not
   * suspended again), their count and their pay. One statement, whatever the list's length.
   */
  async freezeNoShows(
    tx: Orm,
    scope: TenantScope,
    c: CampaignRow,
    by: Suspender,
    note: string | null,
  ): Promise<SuspensionRow> {
    const [created] = await tx
      .insert(campaignSuspensions)
      .values({
        tenantId: scope.tenantId,
        campaignId: c.id,
        status: 'PENDING_APPROVAL',
        requestedBy: by.userId,
        requestedByEmail: by.email,
        note,
        listed: 0,
        listedKobo: 0,
      })
      .returning();
    const frozen = await tx.execute<{ listed: number; kobo: string }>(sql`
      with ins as (
        insert into campaign_suspension_records (suspension_id, record_id)
        select ${created!.id}::uuid, n.id from (${this.#noShowsSql(scope, c)}) n
        where n.status in (${sql.raw(statusLiterals(SUSPEND.from))})
        returning record_id
      )
      select count(*)::int as listed, coalesce(sum(r.monthly_gross_kobo), 0)::bigint as kobo
      from ins join records r on r.id = ins.record_id`);
    const { listed, kobo } = frozen.rows[0]!;
    const [row] = await tx
      .update(campaignSuspensions)
      .set({ listed: Number(listed), listedKobo: Number(kobo) })
      .where(eq(campaignSuspensions.id, created!.id))
      .returning();
    return row!;
  }

  /**
   * Applies a frozen suspension, in one statement: each record of its list that is still in the
   * exercise's scope, still a no-show (no appearance since the opening, not excused) and in a state
   * SUSPENDED_NO_SHOW applies in moves to SUSPENDED, keeping the state it left; the move is audited
   * per record with reason NO_SHOW. Answers how many moved, their pay (kobo), and how many it left.
   */
  async applySuspension(
    tx: Orm,
    scope: TenantScope,
    c: CampaignRow,
    s: SuspensionRow,
    by: Suspender,
    note: string,
  ): Promise<{ suspended: number; kobo: number; skipped: number }> {
    const t = scope.tenantId;
    const result = await tx.execute<{ suspended: number; kobo: string; audited: number }>(sql`
      with due as (
        select r.id, r.status from records r
        join campaign_suspension_records l on l.suspension_id = ${s.id} and l.record_id = r.id
        where ${this.stillExpectedSql(scope, c)}
          and r.status in (${sql.raw(statusLiterals(SUSPEND.from))})
        for update of r
      ),
      moved as (
        update records r set status = ${SUSPEND.to}, status_before_suspension = d.status,
          status_reason_code = ${NO_SHOW_REASON}, version = r.version + 1, updated_at = now()
        from due d where r.id = d.id
        returning r.id, r.psn, r.monthly_gross_kobo, d.status as prev
      ),
      -- A data-modifying CTE runs whether or not the query reads it.
      marked as (
        update campaign_suspension_records l set suspended = true
        from moved m where l.suspension_id = ${s.id} and l.record_id = m.id
      ),
      audited as (
        insert into audit_events (tenant_id, actor_user_id, actor_email, address, record_id, psn, action,
          entity_type, entity_id, before, after, note)
        select ${t}, ${by.userId}, ${by.email}, ${by.address}::text, m.id, m.psn, ${SUSPEND.moved}::text,
          'record', m.id::text, jsonb_build_object('status', m.prev),
          jsonb_strip_nulls(jsonb_build_object('status', ${SUSPEND.to}::text, 'reasonCode', ${NO_SHOW_REASON}::text,
            'campaignId', ${c.id}::text, 'suspensionId', ${s.id}::text, 'approvalId', ${s.approvalId}::text)),
          ${note}
        from moved m
        returning 1
      )
      select (select count(*)::int from moved) as suspended,
        (select coalesce(sum(monthly_gross_kobo), 0)::bigint from moved) as kobo,
        (select count(*)::int from audited) as audited`);
    const row = result.rows[0]!;
    const suspended = Number(row.suspended);
    if (Number(row.audited) !== suspended) throw new Error('a suspension wrote an audit entry per record');
    return { suspended, kobo: Number(row.kobo), skipped: s.listed - suspended };
  }

  /** Closes a suspension: APPLIED with its figures, or DECLINED or WITHDRAWN (nothing moved). */
  async closeSuspension(
    tx: Orm,
    scope: TenantScope,
    id: string,
    outcome:
      | { status: 'APPLIED'; suspended: number; kobo: number; skipped: number }
      | { status: 'DECLINED' | 'WITHDRAWN' },
  ): Promise<SuspensionRow | undefined> {
    const [row] = await tx
      .update(campaignSuspensions)
      .set(
        outcome.status === 'APPLIED'
          ? {
              status: 'APPLIED',
              suspended: outcome.suspended,
              suspendedKobo: outcome.kobo,
              skipped: outcome.skipped,
              decidedAt: sql`now()`,
            }
          : { status: outcome.status, decidedAt: sql`now()` },
      )
      .where(
        and(
          eq(campaignSuspensions.tenantId, scope.tenantId),
          eq(campaignSuspensions.id, id),
          eq(campaignSuspensions.status, 'PENDING_APPROVAL'),
        ),
      )
      .returning();
    return row;
  }

  async setSuspensionApproval(tx: Orm, id: string, approvalId: string): Promise<void> {
    await tx.update(campaignSuspensions).set({ approvalId }).where(eq(campaignSuspensions.id, id));
  }

  async findSuspension(tx: Orm, scope: TenantScope, id: string): Promise<SuspensionRow | undefined> {
    const [row] = await tx
      .select()
      .from(campaignSuspensions)
      .where(and(eq(campaignSuspensions.tenantId, scope.tenantId), eq(campaignSuspensions.id, id)))
      .limit(1);
    return row;
  }

  /** The exercise's suspensions, newest first. */
  async suspensions(scope: TenantScope, campaignId: string): Promise<SuspensionRow[]> {
    return this.orm
      .select()
      .from(campaignSuspensions)
      .where(
        and(eq(campaignSuspensions.tenantId, scope.tenantId), eq(campaignSuspensions.campaignId, campaignId)),
      )
      .orderBy(desc(campaignSuspensions.createdAt), desc(campaignSuspensions.id));
  }

  /** Rows of cells as CSV lines, each cell quoted and neutralised by `csv_field` (migration 0010). */
  async csvLines(rows: (string | number)[][]): Promise<string[]> {
    const result = await this.orm.execute<{ line: string }>(sql`
      select (select string_agg(csv_field(t.cell), ',' order by t.i)
        from jsonb_array_elements_text(r.cells) with ordinality as t(cell, i)) as line
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as r(cells, n)
      order by r.n`);
    return result.rows.map((r) => r.line);
  }

  /** The exercise's reminder runs with their counts per channel, newest first (issue #33 item 3). */
  async reminderRuns(scope: TenantScope, c: CampaignRow): Promise<ReminderRun[]> {
    const rows = await this.orm.execute<{
      id: string;
      kind: ReminderKind;
      day: string;
      at: Date | string;
      people: number;
      no_address: number;
      mail_queued: number;
      mail_sent: number;
      mail_failed: number;
      sms_queued: number;
      sms_sent: number;
      sms_failed: number;
    }>(sql`
      select r.id, r.kind, r.day::text as day, r.created_at as at, r.people, r.no_address,
        count(p.mail_id)::int as mail_queued,
        count(*) filter (where m.status = 'SENT')::int as mail_sent,
        count(*) filter (where m.status = 'FAILED')::int as mail_failed,
        count(p.sms_id)::int as sms_queued,
        count(*) filter (where s.status = 'SENT')::int as sms_sent,
        count(*) filter (where s.status = 'FAILED')::int as sms_failed
      from campaign_reminder_runs r
      left join campaign_reminders p on p.run_id = r.id
      left join mail_outbox m on m.id = p.mail_id
      left join sms_outbox s on s.id = p.sms_id
      where r.tenant_id = ${scope.tenantId} and r.campaign_id = ${c.id}
      group by r.id
      order by r.day desc, r.created_at desc`);
    return rows.rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      day: r.day,
      at: new Date(r.at).toISOString(),
      people: Number(r.people),
      email: { queued: Number(r.mail_queued), sent: Number(r.mail_sent), failed: Number(r.mail_failed) },
      sms: { queued: Number(r.sms_queued), sent: Number(r.sms_sent), failed: Number(r.sms_failed) },
      noAddress: Number(r.no_address),
    }));
  }
}
