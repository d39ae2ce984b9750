import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AssignedRole } from '@portal/contract/roles';
import type { TenantScope } from '../../access/actor.ts';
import { reviewerRecords } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { REVIEWABLE, statusLiterals } from '../records/record-state.ts';
import {
  departments,
  ministries,
  reviewerDepartments,
  reviewerMinistries,
  users,
} from '../../db/schema/index.ts';

/** Users of one tenant and the reviewers' assignments; every query starts from the scope. */
export class PeopleRepo {
  constructor(private readonly orm: Orm) {}

  async users(scope: TenantScope) {
    return this.orm
      .select({
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        role: users.role,
        status: users.status,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.tenantId, scope.tenantId))
      .orderBy(asc(users.createdAt));
  }

  /** A user of the tenant with this role (a reviewer or an agent whose assignments change). */
  async findWithRole(scope: TenantScope, id: string, role: AssignedRole) {
    const [row] = await this.orm
      .select({ id: users.id, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.tenantId, scope.tenantId), eq(users.id, id), eq(users.role, role)))
      .limit(1);
    return row;
  }

  /** The tenant's field agents, by name. */
  async agents(scope: TenantScope) {
    return this.orm
      .select({ id: users.id, fullName: users.fullName, email: users.email })
      .from(users)
      .where(and(eq(users.tenantId, scope.tenantId), eq(users.role, 'AGENT')))
      .orderBy(asc(users.fullName));
  }

  /** How many of the ids are ministries (or departments) of this tenant. */
  async countOwned(scope: TenantScope, kind: 'ministry' | 'department', ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const table = kind === 'ministry' ? ministries : departments;
    const [row] = await this.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(table)
      .where(and(eq(table.tenantId, scope.tenantId), inArray(table.id, ids)));
    return Number(row?.n ?? 0);
  }

  async replaceAssignments(
    scope: TenantScope,
    userId: string,
    a: { ministryIds: string[]; departmentIds: string[] },
    tx: Orm = this.orm,
  ) {
    await tx
      .delete(reviewerMinistries)
      .where(and(eq(reviewerMinistries.tenantId, scope.tenantId), eq(reviewerMinistries.userId, userId)));
    await tx
      .delete(reviewerDepartments)
      .where(and(eq(reviewerDepartments.tenantId, scope.tenantId), eq(reviewerDepartments.userId, userId)));
    if (a.ministryIds.length) {
      await tx
        .insert(reviewerMinistries)
        .values(a.ministryIds.map((ministryId) => ({ tenantId: scope.tenantId, userId, ministryId })));
    }
    if (a.departmentIds.length) {
      await tx
        .insert(reviewerDepartments)
        .values(a.departmentIds.map((departmentId) => ({ tenantId: scope.tenantId, userId, departmentId })));
    }
  }

  async assignments(scope: TenantScope, userIds: string[]) {
    if (userIds.length === 0) return { ministries: [], departments: [] };
    const [m, d] = await Promise.all([
      this.orm
        .select({ userId: reviewerMinistries.userId, id: ministries.id, name: ministries.name })
        .from(reviewerMinistries)
        .innerJoin(ministries, eq(ministries.id, reviewerMinistries.ministryId))
        .where(
          and(eq(reviewerMinistries.tenantId, scope.tenantId), inArray(reviewerMinistries.userId, userIds)),
        )
        .orderBy(asc(ministries.name)),
      this.orm
        .select({ userId: reviewerDepartments.userId, id: departments.id, name: departments.name })
        .from(reviewerDepartments)
        .innerJoin(departments, eq(departments.id, reviewerDepartments.departmentId))
        .where(
          and(eq(reviewerDepartments.tenantId, scope.tenantId), inArray(reviewerDepartments.userId, userIds)),
        )
        .orderBy(asc(departments.name)),
    ]);
    return { ministries: m, departments: d };
  }

  /** Reviewers with the number of records awaiting a decision in their scope (DESIGN §6). */
  async reviewersWithPending(scope: TenantScope) {
    const result = await this.orm.execute<{
      id: string;
      full_name: string;
      email: string;
      pending: number;
    }>(sql`
      select u.id, u.full_name, u.email,
        (select count(*)::int from records
          where records.tenant_id = ${scope.tenantId} and records.status in (${sql.raw(statusLiterals(REVIEWABLE))})
            and ${reviewerRecords(sql`u.id`)}) as pending
      from users u where u.tenant_id = ${scope.tenantId} and u.role = 'REVIEWER'
      order by u.full_name`);
    return result.rows;
  }

  async transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }
}
