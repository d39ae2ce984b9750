import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { assignedPostings, recordsInScope, type AssignedScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { campaigns, records } from '../../db/schema/index.ts';
import { searchMatch } from '../records/records.repo.ts';
import { expectedWithAppearanceSql, type CampaignRow } from './campaigns.repo.ts';

/** An exercise's counts over the people a field agent reaches. */
export interface FieldCounts {
  inAssignment: number;
  appeared: number;
  excused: number;
  remaining: number;
  verifiedByMeToday: number;
}

/** A person as the field agent's search and screen read them. */
export interface FieldPersonRow {
  id: string;
  fullName: string;
  psn: string | null;
  employeeId: string | null;
  ministry: string | null;
  department: string | null;
  status: string;
  statusBeforeSuspension: string | null;
  claimed: boolean;
  lastAppearedOn: string | null;
}

/**
 * The field agent's desk (issue #33 item 6). Every query starts from the agent's record scope
 * (recordsInScope, with the assignments read once): an agent reads only its assignment's people.
 */
export class FieldRepo {
  constructor(private readonly orm: Orm) {}

  /** The tenant's exercises running on `today`: opened, grace not yet over. Oldest opening first. */
  async running(scope: AssignedScope, today: string): Promise<CampaignRow[]> {
    return this.orm
      .select()
      .from(campaigns)
      .where(
        and(
          eq(campaigns.tenantId, scope.tenantId),
          lte(campaigns.opensOn, today),
          gte(sql`${campaigns.closesOn} + ${campaigns.graceDays}`, sql`${today}::date`),
        ),
      )
      .orderBy(asc(campaigns.opensOn), asc(campaigns.id));
  }

  /**
   * The exercise's counts over the people of the agent's reach (the exercise's one scope rule,
   * narrowed to the agent's postings), and those of them the agent helped appear today.
   */
  async counts(
    scope: AssignedScope,
    c: CampaignRow,
    days: { graceEndsOn: string; today: string },
    agentId: string,
  ): Promise<FieldCounts> {
    const result = await this.orm.execute<Record<keyof FieldCounts, number>>(sql`
      with x as (${expectedWithAppearanceSql(scope, c)})
      select count(*)::int as "inAssignment",
        count(*) filter (where x.day is not null and x.day <= ${days.graceEndsOn})::int as appeared,
        count(*) filter (where x.day is null and x.excused)::int as excused,
        count(*) filter (where x.day is null and not x.excused)::int as remaining,
        count(*) filter (where exists (select 1 from appearances a
          where a.tenant_id = ${scope.tenantId} and a.record_id = x.id
            and a.agent_id = ${agentId} and a.day = ${days.today}::date))::int as "verifiedByMeToday"
      from x where ${reach(scope, sql`x.ministry_id`, sql`x.department_id`)}`);
    const row = result.rows[0]!;
    return {
      inAssignment: Number(row.inAssignment),
      appeared: Number(row.appeared),
      excused: Number(row.excused),
      remaining: Number(row.remaining),
      verifiedByMeToday: Number(row.verifiedByMeToday),
    };
  }

  /**
   * People of the agent's reach: the one with this id, or those a search finds (`query`, the text
   * search query of records.repo's searchQuery: name, PSN or Work ID), by name; `limit` of them.
   */
  async people(
    scope: AssignedScope,
    find: { id: string } | { query: string },
    limit: number,
  ): Promise<FieldPersonRow[]> {
    const which: SQL = 'id' in find ? eq(records.id, find.id) : searchMatch(find.query);
    const result = await this.orm.execute<{
      id: string;
      full_name: string;
      psn: string | null;
      employee_id: string | null;
      ministry: string | null;
      department: string | null;
      status: string;
      status_before_suspension: string | null;
      claimed: boolean;
      last_appeared_on: string | null;
    }>(sql`
      select records.id, records.full_name, records.psn, records.employee_id,
        m.name as ministry, d.name as department, records.status, records.status_before_suspension,
        exists (select 1 from users u where u.record_id = records.id) as claimed,
        (select max(a.day)::text from appearances a
          where a.tenant_id = ${scope.tenantId} and a.record_id = records.id) as last_appeared_on
      from records
      left join ministries m on m.id = records.ministry_id
      left join departments d on d.id = records.department_id
      where ${recordsInScope(scope)} and ${which}
      order by records.full_name, records.id
      limit ${limit}`);
    return result.rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      psn: r.psn,
      employeeId: r.employee_id,
      ministry: r.ministry,
      department: r.department,
      status: r.status,
      statusBeforeSuspension: r.status_before_suspension,
      claimed: Boolean(r.claimed),
      lastAppearedOn: r.last_appeared_on,
    }));
  }
}

/** The agent's postings over another row's posting columns; everything for a whole-tenant agent. */
function reach(scope: AssignedScope, ministryId: SQL, departmentId: SQL): SQL {
  if (scope.assignments) return assignedPostings(scope.assignments, ministryId, departmentId);
  // An agent's scope is read with its assignments first (withAssignments): never guess its reach.
  if ('agentId' in scope && scope.agentId) throw new Error("an agent's assignments were not read");
  return sql`true`;
}
