import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FlagStatus, IntegrityRule } from '@portal/contract/integrity';
import { reachesWholeTenant, type RecordScope, type TenantScope } from '../../access/actor.ts';
import {
  assignedPostings,
  recordsInScope,
  type AssignedScope,
  type Assignments,
} from '../../access/record-scope.repo.ts';
import { integrityPostingFigures } from '../../db/schema/index.ts';
import type { Orm } from '../../platform/db.ts';
import { idIn } from '../../platform/sql-ids.ts';
import { tenantTimeZone, zoneOrDefault } from '../../platform/tenant-time-zone.ts';
import { dayIn } from '@portal/contract/time-zone';
import { searchMatch } from '../records/records.repo.ts';

/** A run whose heartbeat is older than this is taken to have died (its worker was killed). */
const RUN_TIMEOUT = sql.raw(`interval '5 minutes'`);
/** Another tenant's change asked for an evaluation that no finished run has covered yet. */
const othersWaiting = sql.raw(
  `(others_requested_at is not null and others_requested_at > coalesce(others_covered_at, '-infinity'))`,
);
/** A change that alters some rules only (requested_rules) asked for them, and no finished run has covered it. */
const rulesWaiting = sql.raw(
  `(rules_requested_at is not null and rules_requested_at > coalesce(rules_covered_at, '-infinity'))`,
);

/**
 * A tenant whose evaluation is due (IntegrityRepo.dueTenants); `background` when only another
 * tenant's change asks for it (queued behind the tenants' own, DECISIONS 272).
 */
export interface DueTenant {
  tenantId: string;
  background: boolean;
}

/** What a run took on (IntegrityRepo.claim). */
export interface ClaimedRun {
  /** The last request of the tenant's own it covers (requested_at). */
  covers: string;
  /** The last request of another tenant's change it covers (others_requested_at), if any. */
  othersCovers: string | null;
  /** The last request of some rules it covers (rules_requested_at), if any. */
  rulesCovers: string | null;
  /** A change of the tenant's own came since the last finished run (or none ever finished). */
  ownChange: boolean;
  /** Another tenant's change came since the last run that covered one. */
  othersChange: boolean;
  /** The rules a change that alters them alone asked for since the last run that covered one. */
  rules: IntegrityRule[];
  /** The day the last finished run was as of. */
  asOf: string | null;
}

/** Figures of a set of flags, in kobo (exact). */
export interface Figures {
  flaggedRecords: number;
  payUnknownRecords: number;
  monthlyKobo: number;
  /**
   * Paid since the exit (PAID_AFTER_EXIT's evidence, issue #35), recoverable; absent from figures
   * stored before the rule existed (read as 0).
   */
  recoverableKobo?: number;
}

/** Where flagged records work: a ministry and a department (a reviewer's assignments name these). */
export interface Posting {
  ministryId: string | null;
  ministry: string | null;
  departmentId: string | null;
}

export interface StoredSummary {
  rules: (Figures & { rule: IntegrityRule })[];
  total: Figures;
  byMinistry: (Figures & { ministryId: string | null; ministry: string | null })[];
  /**
   * The same figures by posting (each record once per posting, each rule's per posting), stored
   * apart (integrity_posting_figures) so that a reviewer's summary is the sum of the postings their
   * assignments reach instead of counted over the flags and records each time (seconds at
   * 1,000,000 records), and the tenant admin's summary stays one small row.
   */
  byPosting?: PostingFigures[];
}

export type PostingFigures = Posting & { total: Figures; rules: (Figures & { rule: IntegrityRule })[] };

export interface EvaluationState {
  running: boolean;
  stale: boolean;
  stepsDone: number;
  stepsTotal: number;
  evaluatedAt: Date | null;
  asOf: string | null;
  summary: StoredSummary | null;
}

export interface FlagRow {
  id: string;
  recordId: string;
  psn: string | null;
  fullName: string;
  ministry: string | null;
  department: string | null;
  recordStatus: string;
  recordVersion: number;
  rule: IntegrityRule;
  evidence: Record<string, unknown>;
  monthlyKobo: number | null;
  status: FlagStatus;
  raisedAt: Date;
  decidedAt: Date | null;
  decidedByEmail: string | null;
  reasonCode: string | null;
  note: string | null;
}

export interface FlagFilter {
  rules: IntegrityRule[];
  statuses: FlagStatus[];
  ministryIds?: string[];
  departmentIds?: string[];
  /**
   * A search of the flagged person by name, PSN or Work ID: the records' text search query
   * (`searchQuery`), matched against the flags' own copy of their record's search terms (migration
   * 0036, GIN index `integrity_flags_search_idx`): a condition on the flags like the rule and the
   * status, so a search reads the flags it finds (153 for a surname's start at 1,000,000 records)
   * and not every record it finds (3,538), each probed for its flags (DECISIONS 120).
   */
  search?: string;
}

const FLAG_COLUMNS = sql`f.id, f.record_id as "recordId", records.psn, records.full_name as "fullName",
  m.name as ministry, d.name as department, records.status as "recordStatus", records.version as "recordVersion",
  f.rule, f.evidence, records.monthly_gross_kobo::float8 as "monthlyKobo", f.status, f.raised_at as "raisedAt",
  f.decided_at as "decidedAt", f.decided_by_email as "decidedByEmail", f.reason_code as "reasonCode", f.note`;

/** The flags a scope reaches: its tenant's, on records the scope reaches (a reviewer's assignments). */
const FLAGS_IN_SCOPE = (scope: AssignedScope) => sql`integrity_flags f
  join records on records.id = f.record_id
  left join ministries m on m.id = records.ministry_id
  left join departments d on d.id = records.department_id
  where f.tenant_id = ${scope.tenantId} and ${recordsInScope(scope)}`;

/** The run's figures by posting, replacing the last run's (in the caller's transaction). */
async function storePostings(tx: Orm, scope: TenantScope, postings: PostingFigures[]): Promise<void> {
  await tx.execute(sql`delete from integrity_posting_figures where tenant_id = ${scope.tenantId}`);
  if (postings.length === 0) return;
  const rows = postings.map((p) => ({
    ministry_id: p.ministryId,
    ministry: p.ministry,
    department_id: p.departmentId,
    figures: { total: p.total, rules: p.rules },
  }));
  await tx.execute(sql`
    insert into integrity_posting_figures (tenant_id, ministry_id, ministry, department_id, figures)
    select ${scope.tenantId}, ministry_id, ministry, department_id, figures
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(ministry_id uuid, ministry text, department_id uuid, figures jsonb)`);
}

/** Figures over flagged records (per_record: each record once). */
const FIGURES_OF_RECORDS = sql`count(*)::int as "flaggedRecords",
  (count(*) filter (where p.kobo is null))::int as "payUnknownRecords",
  coalesce(sum(p.kobo), 0)::float8 as "monthlyKobo",
  coalesce(sum(p.rec), 0)::float8 as "recoverableKobo"`;

const toDate = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));

function flagRow(r: Record<string, unknown>): FlagRow {
  return {
    ...(r as unknown as FlagRow),
    monthlyKobo: r.monthlyKobo == null ? null : Number(r.monthlyKobo),
    recordVersion: Number(r.recordVersion),
    raisedAt: toDate(r.raisedAt)!,
    decidedAt: toDate(r.decidedAt),
  };
}

/** Flags, the tenant's evaluation state and its stored figures (SQL only). */
export class IntegrityRepo {
  constructor(private readonly orm: Orm) {}

  /** A change asks for an evaluation: the tenant's state is stale from now. */
  async request(scope: TenantScope): Promise<void> {
    await this.orm.execute(sql`
      insert into integrity_state (tenant_id, requested_at) values (${scope.tenantId}, clock_timestamp())
      on conflict (tenant_id) do update set requested_at = clock_timestamp()`);
  }

  /**
   * Another tenant's change asks for an evaluation of the rules that read other tenants' records
   * (the cross-tenant index, DECISIONS 273): the tenant's state is stale from now, and its next run
   * evaluates those rules alone unless a change of its own (or a new day) asks for all of them.
   */
  async requestOthers(scope: TenantScope): Promise<void> {
    await this.orm.execute(sql`
      insert into integrity_state (tenant_id, others_requested_at) values (${scope.tenantId}, clock_timestamp())
      on conflict (tenant_id) do update set others_requested_at = clock_timestamp()`);
  }

  /**
   * A change that can alter the findings of `rules` alone (an HR list's upload: its own rule) asks
   * for them (DECISIONS 304): the tenant's state is stale from now, and its next run evaluates their
   * steps alone unless a change of its own (or a new day) asks for every rule. The rules add up
   * while no finished run has covered the last such request.
   */
  async requestRules(scope: TenantScope, rules: readonly IntegrityRule[]): Promise<void> {
    await this.orm.execute(sql`
      insert into integrity_state (tenant_id, rules_requested_at, requested_rules)
      values (${scope.tenantId}, clock_timestamp(), ${`{${rules.join(',')}}`}::text[])
      on conflict (tenant_id) do update set rules_requested_at = clock_timestamp(),
        requested_rules = case
          when integrity_state.rules_requested_at > coalesce(integrity_state.rules_covered_at, '-infinity')
            then array(select distinct r from unnest(integrity_state.requested_rules || excluded.requested_rules) r order by r)
          else excluded.requested_rules end`);
  }

  /**
   * Takes the tenant's run, unless another is under way (its heartbeat fresh) or none is due (no
   * request since the last run covered, and that run as of `today`): answers the requests this run
   * covers, whether one was the tenant's own and the day the last run was as of; or null. Runs of a
   * tenant never overlap, whatever the processes; a job that finds its work done by an earlier one
   * (the watchdog's, another worker's) evaluates nothing again (DECISIONS 280).
   */
  async claim(scope: TenantScope, steps: number, today: string): Promise<ClaimedRun | null> {
    await this.orm.execute(sql`
      insert into integrity_state (tenant_id) values (${scope.tenantId}) on conflict (tenant_id) do nothing`);
    const result = await this.orm.execute<{
      covers: string;
      others_covers: string | null;
      rules_covers: string | null;
      own_change: boolean;
      others_change: boolean;
      rules: IntegrityRule[];
      as_of: string | null;
    }>(sql`
      update integrity_state set run_started_at = now(), heartbeat_at = now(), steps_done = 0, steps_total = ${steps}
      where tenant_id = ${scope.tenantId} and (run_started_at is null or heartbeat_at < now() - ${RUN_TIMEOUT})
        and (covered_request_at is null or requested_at > covered_request_at or ${othersWaiting}
          or ${rulesWaiting} or as_of is null or as_of < ${today}::date)
      returning requested_at::text as covers, others_requested_at::text as others_covers,
        rules_requested_at::text as rules_covers,
        covered_request_at is null or requested_at > covered_request_at as own_change,
        ${othersWaiting} as others_change,
        case when ${rulesWaiting} then requested_rules else '{}' end as rules, as_of::text as as_of`);
    const row = result.rows[0];
    if (!row) return null;
    return {
      covers: row.covers,
      othersCovers: row.others_covers,
      rulesCovers: row.rules_covers,
      ownChange: row.own_change,
      othersChange: row.others_change,
      rules: row.rules,
      asOf: row.as_of,
    };
  }

  /** The run's progress: `done` steps of `total` (the total claim set, unless given). */
  async progress(scope: TenantScope, done: number, total?: number): Promise<void> {
    await this.orm.execute(sql`
      update integrity_state set steps_done = ${done}, heartbeat_at = now()
        ${total === undefined ? sql`` : sql`, steps_total = ${total}`}
      where tenant_id = ${scope.tenantId}`);
  }

  /** Ends the run with its figures; answers whether a change asked for another evaluation meanwhile. */
  async finish(scope: TenantScope, run: ClaimedRun, asOf: string, summary: StoredSummary): Promise<boolean> {
    const { byPosting, ...tenantWide } = summary;
    return this.orm.transaction(async (tx) => {
      await storePostings(tx, scope, byPosting ?? []);
      const result = await tx.execute<{ again: boolean }>(sql`
        update integrity_state set run_started_at = null, heartbeat_at = null, evaluated_at = now(),
          as_of = ${asOf}::date, covered_request_at = ${run.covers}::timestamptz,
          others_covered_at = ${run.othersCovers}::timestamptz, rules_covered_at = ${run.rulesCovers}::timestamptz,
          summary = ${JSON.stringify(tenantWide)}::jsonb
        where tenant_id = ${scope.tenantId}
        returning requested_at > ${run.covers}::timestamptz
          or others_requested_at is distinct from ${run.othersCovers}::timestamptz
          or rules_requested_at is distinct from ${run.rulesCovers}::timestamptz as again`);
      return Boolean(result.rows[0]?.again);
    });
  }

  /** A run that failed leaves the tenant stale, for the next request or the watchdog. */
  async abandon(scope: TenantScope): Promise<void> {
    await this.orm.execute(sql`
      update integrity_state set run_started_at = null, heartbeat_at = null where tenant_id = ${scope.tenantId}`);
  }

  /** The figures after a decision, without evaluating the rules again. */
  async storeSummary(scope: TenantScope, summary: StoredSummary): Promise<void> {
    const { byPosting, ...tenantWide } = summary;
    await this.orm.transaction(async (tx) => {
      await storePostings(tx, scope, byPosting ?? []);
      await tx.execute(sql`
        update integrity_state set summary = ${JSON.stringify(tenantWide)}::jsonb where tenant_id = ${scope.tenantId}`);
    });
  }

  /** The stored figures of the postings a reviewer's assignments reach (their summary is the sum). */
  async postingsWithin(scope: TenantScope, a: Assignments): Promise<PostingFigures[]> {
    const p = integrityPostingFigures;
    const rows = await this.orm
      .select({
        ministryId: p.ministryId,
        ministry: p.ministry,
        departmentId: p.departmentId,
        figures: p.figures,
      })
      .from(p)
      .where(and(eq(p.tenantId, scope.tenantId), assignedPostings(a, p.ministryId, p.departmentId)));
    return rows.map(({ figures, ...posting }) => ({
      ...posting,
      ...(figures as Pick<PostingFigures, 'total' | 'rules'>),
    }));
  }

  /** Where the tenant's evaluation stands as of `today`; undefined when none was ever asked for. */
  async state(scope: TenantScope, today: string): Promise<EvaluationState | undefined> {
    const result = await this.orm.execute<Record<string, unknown>>(sql`
      select run_started_at is not null and heartbeat_at > now() - ${RUN_TIMEOUT} as running,
        covered_request_at is null or requested_at > covered_request_at or as_of < ${today}::date
          or ${othersWaiting} or ${rulesWaiting} as stale,
        steps_done as "stepsDone", steps_total as "stepsTotal", evaluated_at as "evaluatedAt",
        as_of::text as "asOf", summary
      from integrity_state where tenant_id = ${scope.tenantId}`);
    const row = result.rows[0];
    if (!row) return undefined;
    return {
      running: Boolean(row.running),
      stale: Boolean(row.stale),
      stepsDone: Number(row.stepsDone),
      stepsTotal: Number(row.stepsTotal),
      evaluatedAt: toDate(row.evaluatedAt),
      asOf: (row.asOf as string | null) ?? null,
      summary: (row.summary as StoredSummary | null) ?? null,
    };
  }

  /**
   * Today as the calendar reads in the tenant's time zone (YYYY-MM-DD; issue #31 item 12): the day
   * the rules are evaluated as of.
   */
  async today(scope: TenantScope, now: number = Date.now()): Promise<string> {
    return dayIn(now, await tenantTimeZone(this.orm, scope.tenantId));
  }

  /**
   * Tenants whose evaluation is due and not under way (a change since the last run, a new day in
   * the tenant's time zone, or a run whose worker died). Note: unscoped on purpose, the watchdog's
   * across tenants.
   */
  async dueTenants(now: number = Date.now()): Promise<DueTenant[]> {
    const result = await this.orm.execute<{
      tenant_id: string;
      own_change: boolean;
      others_change: boolean;
      rules_change: boolean;
      as_of: string | null;
      zone: string | null;
    }>(sql`
      select i.tenant_id,
        (i.covered_request_at is null or i.requested_at > i.covered_request_at) as own_change,
        ${othersWaiting} as others_change, ${rulesWaiting} as rules_change, i.as_of::text as as_of,
        s.settings ->> 'timeZone' as zone
      from integrity_state i left join tenant_settings s on s.tenant_id = i.tenant_id
      where (i.run_started_at is null or i.heartbeat_at < now() - ${RUN_TIMEOUT})`);
    return result.rows.flatMap((r) => {
      const newDay = r.as_of !== null && r.as_of < dayIn(now, zoneOrDefault(r.zone));
      if (!r.own_change && !newDay && !r.others_change && !r.rules_change) return [];
      return [{ tenantId: r.tenant_id, background: !r.own_change && !newDay && !r.rules_change }];
    });
  }

  /** Each rule's, the total's (each record once) and each ministry's figures of the OPEN flags in scope. */
  async figures(scope: AssignedScope): Promise<StoredSummary> {
    const result = await this.orm.execute<{
      rules: unknown;
      total: unknown;
      by_ministry: unknown;
      by_posting: unknown;
    }>(sql`
      with f as (
        -- From the flags alone (DECISIONS 301): each carries its record's posting and the pay at
        -- stake a month as the run found them: the record's pay, but only the excess of a pay
        -- above the salary table (PAY_ABOVE_SCALE, issue #35), never more than the pay, so a record
        -- flagged by several rules counts its pay once (per_record's largest).
        select f.rule, f.record_id, f.ministry_id, f.department_id, f.monthly_kobo as kobo,
          case when f.rule = 'PAID_AFTER_EXIT' then round((f.evidence ->> 'recoverableAmount')::numeric * 100) end as rec
        from integrity_flags f
        where f.tenant_id = ${scope.tenantId} and f.status = 'OPEN'
          and ${reachesWholeTenant(scope) ? sql`true` : sql`f.record_id in (select records.id from records where ${recordsInScope(scope)})`}
      ),
      per_record as (
        select record_id, max(kobo) as kobo, ministry_id, department_id, sum(rec) as rec
        from f group by record_id, ministry_id, department_id
      ),
      -- Each posting's total (its records once, rule null) and each of its rules' figures, put
      -- together by grouping them on the posting, not by joining two aggregates on it: a join on
      -- nullable ids needs 'is not distinct from', which can be neither hashed nor merged, and with
      -- stale statistics on the flags (one row expected) the planner ran the rules' aggregate again
      -- for every posting in a nested loop (707 times over 1,278 flags: 7 s at 20,000 records).
      -- GROUP BY takes a NULL id as equal to a NULL id, as the join did, and no plan repeats it.
      posting_figures as (
        select ministry_id, department_id, null::text as rule, jsonb_build_object('flaggedRecords', count(*)::int,
            'payUnknownRecords', (count(*) filter (where kobo is null))::int,
            'monthlyKobo', coalesce(sum(kobo), 0)::float8,
            'recoverableKobo', coalesce(sum(rec), 0)::float8) as figures
        from per_record group by ministry_id, department_id
        union all
        select ministry_id, department_id, rule, jsonb_build_object('rule', rule,
            'flaggedRecords', count(distinct record_id)::int,
            'payUnknownRecords', (count(distinct record_id) filter (where kobo is null))::int,
            'monthlyKobo', coalesce(sum(kobo), 0)::float8,
            'recoverableKobo', coalesce(sum(rec), 0)::float8)
        from f group by ministry_id, department_id, rule
      )
      select
        (select coalesce(jsonb_agg(x), '[]'::jsonb) from (
          select rule, count(distinct record_id)::int as "flaggedRecords",
            count(distinct record_id) filter (where kobo is null)::int as "payUnknownRecords",
            coalesce(sum(kobo), 0)::float8 as "monthlyKobo", coalesce(sum(rec), 0)::float8 as "recoverableKobo"
          from f group by rule) x) as rules,
        (select jsonb_build_object('flaggedRecords', count(*)::int,
            'payUnknownRecords', (count(*) filter (where kobo is null))::int,
            'monthlyKobo', coalesce(sum(kobo), 0)::float8,
            'recoverableKobo', coalesce(sum(rec), 0)::float8) from per_record) as total,
        (select coalesce(jsonb_agg(y order by y."monthlyKobo" desc, y.ministry), '[]'::jsonb) from (
          select p.ministry_id as "ministryId", mi.name as ministry, ${FIGURES_OF_RECORDS}
          from per_record p left join ministries mi on mi.id = p.ministry_id
          group by p.ministry_id, mi.name) y) as by_ministry,
        (select coalesce(jsonb_agg(z), '[]'::jsonb) from (
          select g.ministry_id as "ministryId", mi.name as ministry, g.department_id as "departmentId",
            g.total, g.rules
          from (
            select ministry_id, department_id, (jsonb_agg(figures) filter (where rule is null)) -> 0 as total,
              jsonb_agg(figures order by rule) filter (where rule is not null) as rules
            from posting_figures group by ministry_id, department_id) g
          left join ministries mi on mi.id = g.ministry_id) z) as by_posting`);
    const row = result.rows[0]!;
    return {
      rules: row.rules as StoredSummary['rules'],
      total: row.total as Figures,
      byMinistry: row.by_ministry as StoredSummary['byMinistry'],
      byPosting: row.by_posting as StoredSummary['byPosting'],
    };
  }

  /**
   * A page of the flags in scope, largest pay first, and how many match. The whole tenant's flags
   * (a tenant admin without a posting filter) are paged and counted from the flags' own indexes,
   * and only the page meets the records (searched, the matches are read once from the search index,
   * counted and sorted); a reviewer's, a ministry's or
   * department's are found through the records their scope and filter reach (a search narrows the
   * flags first, from their search index).
   */
  async page(
    scope: AssignedScope,
    filter: FlagFilter,
    page: { page: number; pageSize: number },
  ): Promise<{ rows: FlagRow[]; total: number }> {
    const list = (values: string[]) =>
      sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      );
    const flagConditions: SQL[] = [sql`f.status in (${list(filter.statuses)})`];
    if (filter.rules.length) flagConditions.push(sql`f.rule in (${list(filter.rules)})`);
    if (filter.search) flagConditions.push(searchMatch(filter.search, sql`f.search_terms`));
    const flagsWhere = and(...flagConditions)!;
    const order = sql`f.monthly_kobo desc nulls last, f.id`;
    const limit = sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}`;
    const narrowed = filter.ministryIds?.length || filter.departmentIds?.length;
    if (reachesWholeTenant(scope) && !narrowed && filter.search) {
      // A search's matches are few next to the flags (a surname's start: 560 of 161,420), but the
      // planner walks the pay order and tests each flag against the search instead (7,500 flags
      // read for a page, 14 ms against 2 ms). Its matches, from the search index, are read once:
      // counted, and the page's sorted out of them; reading them is what the count costs anyway.
      const result = await this.orm.execute<Record<string, unknown>>(sql`
        with matched as materialized (
          select f.id, f.monthly_kobo from integrity_flags f
          where f.tenant_id = ${scope.tenantId} and ${flagsWhere})
        select ${FLAG_COLUMNS}, (select count(*) from matched)::int as total
        from (select f.id from matched f order by ${order} ${limit}) p
        join integrity_flags f on f.id = p.id
        join records on records.id = f.record_id
        left join ministries m on m.id = records.ministry_id
        left join departments d on d.id = records.department_id
        where ${recordsInScope(scope)}
        order by ${order}`);
      if (result.rows.length > 0 || page.page === 1) {
        return { rows: result.rows.map(flagRow), total: Number(result.rows[0]?.total ?? 0) };
      }
    }
    if (reachesWholeTenant(scope) && !narrowed) {
      const [result, counted] = await Promise.all([
        this.orm.execute<Record<string, unknown>>(sql`
          select ${FLAG_COLUMNS}
          from (select * from integrity_flags f where f.tenant_id = ${scope.tenantId} and ${flagsWhere}
            order by ${order} ${limit}) f
          join records on records.id = f.record_id
          left join ministries m on m.id = records.ministry_id
          left join departments d on d.id = records.department_id
          where ${recordsInScope(scope)}
          order by ${order}`),
        this.orm.execute<{ n: number }>(sql`
          select count(*)::int as n from integrity_flags f where f.tenant_id = ${scope.tenantId} and ${flagsWhere}`),
      ]);
      return { rows: result.rows.map(flagRow), total: counted.rows[0]?.n ?? 0 };
    }
    const postings: SQL[] = [];
    if (filter.ministryIds?.length) postings.push(idIn(sql`records.ministry_id`, filter.ministryIds));
    if (filter.departmentIds?.length) postings.push(idIn(sql`records.department_id`, filter.departmentIds));
    const postingsWhere = postings.length ? sql` and ${and(...postings)}` : sql``;
    const from = sql`${FLAGS_IN_SCOPE(scope)} and ${flagsWhere}${postingsWhere}`;
    const result = await this.orm.execute<Record<string, unknown>>(sql`
      select ${FLAG_COLUMNS}, count(*) over () as total
      from ${from}
      order by ${order} ${limit}`);
    let total = Number(result.rows[0]?.total ?? 0);
    if (result.rows.length === 0 && page.page > 1) {
      const counted = await this.orm.execute<{ n: number }>(sql`
        select count(*)::int as n from ${from}`);
      total = counted.rows[0]?.n ?? 0;
    }
    return { rows: result.rows.map(flagRow), total };
  }

  /** One flag in scope, as the list shows it. */
  async find(scope: AssignedScope, id: string, orm: Orm = this.orm): Promise<FlagRow | undefined> {
    const result = await orm.execute<Record<string, unknown>>(sql`
      select ${FLAG_COLUMNS} from ${FLAGS_IN_SCOPE(scope)} and f.id = ${id}`);
    return result.rows[0] ? flagRow(result.rows[0]) : undefined;
  }

  /** Which of `ids` the scope reaches (a reviewer's view of a group's other records). */
  async recordsReached(scope: RecordScope, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const result = await this.orm.execute<{ id: string }>(sql`
      select records.id from records where ${recordsInScope(scope)} and ${idIn(sql`records.id`, ids)}`);
    return new Set(result.rows.map((r) => r.id));
  }

  async inTransaction<T>(fn: (s: DecisionSession) => Promise<T>): Promise<T> {
    return this.orm.transaction(async (tx) => fn(new DecisionSession(tx, this)));
  }
}

/** A decision's transaction: the flag and its record locked until it ends. */
export class DecisionSession {
  constructor(
    readonly tx: Orm,
    private readonly repo: IntegrityRepo,
  ) {}

  /** The flag in scope with its record, both locked; undefined when out of scope or absent. */
  async lock(scope: AssignedScope, id: string): Promise<FlagRow | undefined> {
    const result = await this.tx.execute<{ id: string }>(sql`
      select f.id from integrity_flags f join records on records.id = f.record_id
      where f.tenant_id = ${scope.tenantId} and f.id = ${id} and ${recordsInScope(scope)}
      for update of f, records`);
    if (!result.rows[0]) return undefined;
    return this.repo.find(scope, id, this.tx);
  }

  async close(
    scope: TenantScope,
    id: string,
    status: Exclude<FlagStatus, 'OPEN'>,
    by: { userId: string; email: string },
    reasonCode: string,
    note: string | null,
  ): Promise<void> {
    await this.tx.execute(sql`
      update integrity_flags set status = ${status}, decided_at = now(), decided_by = ${by.userId},
        decided_by_email = ${by.email}, reason_code = ${reasonCode}, note = ${note}
      where tenant_id = ${scope.tenantId} and id = ${id}`);
  }

  /** The record's new status (record-state decided it), with its version moved on. */
  async setRecordStatus(
    scope: TenantScope,
    recordId: string,
    status: string,
    reasonCode: string | null = null,
  ): Promise<void> {
    await this.tx.execute(sql`
      update records set status = ${status}, status_reason_code = coalesce(${reasonCode}, status_reason_code),
        version = version + 1, updated_at = now()
      where tenant_id = ${scope.tenantId} and id = ${recordId}`);
  }

  /** Whether the tenant's flag `id` is OPEN, locking it (a second approver's granted dismissal). */
  async lockOpen(scope: TenantScope, id: string): Promise<boolean> {
    const found = await this.tx.execute(sql`
      select 1 from integrity_flags where tenant_id = ${scope.tenantId} and id = ${id} and status = 'OPEN'
      for update`);
    return found.rows.length > 0;
  }

  /** A rejected record is not judged any more: its other OPEN flags go (the next run would drop them). */
  async dropOpenFlagsOf(scope: TenantScope, recordId: string): Promise<void> {
    await this.tx.execute(sql`
      delete from integrity_flags where tenant_id = ${scope.tenantId} and record_id = ${recordId} and status = 'OPEN'`);
  }
}
