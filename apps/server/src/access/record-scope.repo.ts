import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Orm } from '../platform/db.ts';
import { records, reviewerDepartments, reviewerMinistries } from '../db/schema/index.ts';
import type { RecordScope, TenantScope } from './actor.ts';

// Which records a scope reaches, as conditions on `records` that every repository reading or
// writing records applies: the rules live here, not in the queries.

/** A reviewer's assigned ministries and departments, by id. */
export interface Assignments {
  ministryIds: string[];
  departmentIds: string[];
}

/** A scope whose reviewer's assignments were read once for a request (`withAssignments`). */
export type AssignedScope = (TenantScope | RecordScope) & { readonly assignments?: Assignments };

/**
 * The records a reviewer reaches (DESIGN §6): those of their assigned ministries or departments.
 * `reviewer` is the reviewer's id, or an expression naming one reviewer per row of an outer query.
 */
export function reviewerRecords(reviewer: string | SQL): SQL {
  return sql`(${records.ministryId} in (select ministry_id from reviewer_ministries where user_id = ${reviewer})
    or ${records.departmentId} in (select department_id from reviewer_departments where user_id = ${reviewer}))`;
}

/** A reviewer's records with the assignments as values: the planner sees real estimates. */
export function assignedRecords(a: Assignments): SQL {
  const [inMinistries, inDepartments] = assignedIn(a);
  return sql`(${inMinistries} or ${inDepartments})`;
}

/**
 * A reviewer's records as two disjoint conditions: those of their ministries, and those of their
 * departments outside those ministries, so that each is counted once and from its own index.
 */
export function assignedRecordBranches(a: Assignments): [SQL, SQL] {
  return assignedPostingBranches(a, records.ministryId, records.departmentId);
}

/**
 * The same two disjoint conditions over another table's posting columns (a ministry and a
 * department, as columns or as SQL naming them): each read from an index that starts with its column.
 */
export function assignedPostingBranches(
  a: Assignments,
  ministryId: AnyColumn | SQL,
  departmentId: AnyColumn | SQL,
): [SQL, SQL] {
  const [inMinistries, inDepartments] = assignedIn(a, ministryId, departmentId);
  return [inMinistries, sql`${inDepartments} and (${ministryId} is null or not ${inMinistries})`];
}

/**
 * The same rule as `assignedRecords` over another table's posting columns (a ministry and a
 * department, as columns or as SQL naming them): the rows of the postings a reviewer with these
 * assignments reaches.
 */
export function assignedPostings(
  a: Assignments,
  ministryId: AnyColumn | SQL,
  departmentId: AnyColumn | SQL,
): SQL {
  const [inMinistries, inDepartments] = assignedIn(a, ministryId, departmentId);
  return sql`(${inMinistries} or ${inDepartments})`;
}

function assignedIn(
  a: Assignments,
  ministryId: AnyColumn | SQL = records.ministryId,
  departmentId: AnyColumn | SQL = records.departmentId,
): [SQL, SQL] {
  return [
    a.ministryIds.length ? inArray(sql`${ministryId}`, a.ministryIds) : sql`false`,
    a.departmentIds.length ? inArray(sql`${departmentId}`, a.departmentIds) : sql`false`,
  ];
}

/**
 * The people a field agent reaches: those of their assigned ministries or departments, or every
 * record of the tenant while the agent has no assignment (DECISIONS 183).
 */
export function agentRecords(agentId: string): SQL {
  return sql`(${reviewerRecords(agentId)}
    or (not exists (select 1 from reviewer_ministries where user_id = ${agentId})
      and not exists (select 1 from reviewer_departments where user_id = ${agentId})))`;
}

/** The record linked to an employee's account (SPEC: employees see only their own record). */
export function ownRecord(userId: string): SQL {
  return sql`${records.id} = (select record_id from users where id = ${userId})`;
}

/**
 * The records a scope reaches: its tenant's, narrowed to a reviewer's assignments (as values when
 * `withAssignments` has read them) or to an employee's own record.
 */
export function recordsInScope(scope: AssignedScope): SQL {
  const tenant = eq(records.tenantId, scope.tenantId);
  const reviewerId = 'reviewerId' in scope ? scope.reviewerId : null;
  const ownerId = 'ownerId' in scope ? scope.ownerId : null;
  const agentId = 'agentId' in scope ? scope.agentId : null;
  if (agentId) {
    return and(tenant, scope.assignments ? assignedRecords(scope.assignments) : agentRecords(agentId))!;
  }
  if (reviewerId) {
    return and(tenant, scope.assignments ? assignedRecords(scope.assignments) : reviewerRecords(reviewerId))!;
  }
  if (ownerId) return and(tenant, ownRecord(ownerId))!;
  return tenant;
}

/**
 * The scope with a reviewer's or an agent's assignments read once, for the counts and the page of
 * one request; an agent without assignments comes back reaching the whole tenant. Any other scope
 * comes back as it is.
 */
export async function withAssignments<S extends TenantScope | RecordScope>(
  orm: Orm,
  scope: S,
): Promise<S & { assignments?: Assignments }> {
  const agentId = 'agentId' in scope ? scope.agentId : null;
  const reviewerId = ('reviewerId' in scope ? scope.reviewerId : null) ?? agentId;
  if (!reviewerId) return scope;
  const [ministryRows, departmentRows] = await Promise.all([
    orm
      .select({ id: reviewerMinistries.ministryId })
      .from(reviewerMinistries)
      .where(and(eq(reviewerMinistries.tenantId, scope.tenantId), eq(reviewerMinistries.userId, reviewerId))),
    orm
      .select({ id: reviewerDepartments.departmentId })
      .from(reviewerDepartments)
      .where(
        and(eq(reviewerDepartments.tenantId, scope.tenantId), eq(reviewerDepartments.userId, reviewerId)),
      ),
  ]);
  const assignments = {
    ministryIds: ministryRows.map((r) => r.id),
    departmentIds: departmentRows.map((r) => r.id),
  };
  if (agentId && !assignments.ministryIds.length && !assignments.departmentIds.length) {
    return { ...scope, agentId: null } as S & { assignments?: Assignments };
  }
  return { ...scope, assignments };
}
