import { PEOPLE_MESSAGES, type Agent, type Reviewer } from '@portal/contract/people';
import { isAssignedRole, type AssignedRole } from '@portal/contract/roles';
import type { z } from 'zod';
import type { AssignmentsSchema, CreateTenantUserSchema } from '@portal/contract/people';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { UserAdminService } from '../users/user-admin.service.ts';
import { roleGrantWaits, type FourEyes } from '../approvals/four-eyes.ts';
import type { PeopleRepo } from './people.repo.ts';

type CreateInput = z.output<typeof CreateTenantUserSchema>;
type AssignmentInput = z.output<typeof AssignmentsSchema>;

/** The tenant admin's people: users of the own tenant, reviewers and their assignments. */
export class PeopleService {
  constructor(
    private readonly people: PeopleRepo,
    private readonly userAdmin: UserAdminService,
    private readonly audit: AuditRepo,
    /** Four-eyes (issue #30): a new tenant admin waits for a second approver (app.ts hands it in). */
    private readonly fourEyes?: Pick<FourEyes, 'secondApproverOn' | 'holdAdminGrant'>,
  ) {}

  async listUsers(actor: Actor) {
    return (await this.people.users(scopeOf(actor))).map((u) => ({
      ...u,
      createdAt: u.createdAt.toISOString(),
    }));
  }

  emailExists(email: string): Promise<boolean> {
    return this.userAdmin.emailExists(email);
  }

  async createUser(actor: Actor, input: CreateInput) {
    const scope = scopeOf(actor);
    const assignments = {
      ministryIds: unique(input.assignedMinistryIds),
      departmentIds: unique(input.assignedDepartmentIds),
    };
    await this.#checkOwned(scope, assignments);
    // Issue #30: with the second approver on, a tenant admin added here is created PENDING_APPROVAL
    // and waits for a different tenant admin outside the maker's family (four-eyes.ts).
    const grants = this.fourEyes;
    const waits = grants ? roleGrantWaits(input.role, await grants.secondApproverOn(actor)) : false;
    let approvalId: string | null = null;
    const created = await this.userAdmin.create(
      actor,
      {
        tenantId: scope.tenantId,
        fullName: input.fullName,
        email: input.email,
        password: input.password,
        role: input.role,
        status: waits ? 'PENDING_APPROVAL' : 'ACTIVE',
      },
      async (tx, user) => {
        if (waits) approvalId = await grants!.holdAdminGrant(tx, actor, user);
        if (!isAssignedRole(input.role)) return undefined;
        await this.people.replaceAssignments(scope, user.id, assignments, tx);
        return assignments;
      },
    );
    return { ...created, approvalId };
  }

  async reviewers(actor: Actor): Promise<Reviewer[]> {
    const scope = scopeOf(actor);
    const rows = await this.people.reviewersWithPending(scope);
    return this.#withAssignments(
      scope,
      rows.map((r) => ({
        id: r.id,
        fullName: r.full_name,
        email: r.email,
        pendingValidationCount: Number(r.pending),
      })),
    );
  }

  async agents(actor: Actor): Promise<Agent[]> {
    const scope = scopeOf(actor);
    return this.#withAssignments(scope, await this.people.agents(scope));
  }

  /** The users with their assigned ministries and departments, by name. */
  async #withAssignments<U extends { id: string }>(scope: TenantScope, users: U[]) {
    const { ministries, departments } = await this.people.assignments(
      scope,
      users.map((u) => u.id),
    );
    const of = (rows: { userId: string; id: string; name: string }[], userId: string) =>
      rows.filter((row) => row.userId === userId).map(({ id, name }) => ({ id, name }));
    return users.map((u) => ({
      ...u,
      assignedMinistries: of(ministries, u.id),
      assignedDepartments: of(departments, u.id),
    }));
  }

  async updateAssignments(actor: Actor, reviewerId: string, input: AssignmentInput): Promise<Reviewer> {
    await this.#replaceAssignments(actor, 'REVIEWER', reviewerId, input);
    return (await this.reviewers(actor)).find((r) => r.id === reviewerId)!;
  }

  async updateAgentAssignments(actor: Actor, agentId: string, input: AssignmentInput): Promise<Agent> {
    await this.#replaceAssignments(actor, 'AGENT', agentId, input);
    return (await this.agents(actor)).find((r) => r.id === agentId)!;
  }

  async #replaceAssignments(actor: Actor, role: AssignedRole, userId: string, input: AssignmentInput) {
    const scope = scopeOf(actor);
    const user = await this.people.findWithRole(scope, userId, role);
    if (!user) {
      throw notFound(role === 'AGENT' ? PEOPLE_MESSAGES.agentNotFound : PEOPLE_MESSAGES.reviewerNotFound);
    }
    const next = { ministryIds: unique(input.ministryIds), departmentIds: unique(input.departmentIds) };
    await this.#checkOwned(scope, next, { ministry: 'ministryIds', department: 'departmentIds' });
    const before = await this.people.assignments(scope, [userId]);
    await this.people.transaction(async (tx) => {
      await this.people.replaceAssignments(scope, userId, next, tx);
      await this.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: role === 'AGENT' ? 'AGENT_ASSIGNMENTS_UPDATED' : 'REVIEWER_ASSIGNMENTS_UPDATED',
          entityType: 'user',
          entityId: userId,
          before: {
            ministryIds: before.ministries.map((m) => m.id),
            departmentIds: before.departments.map((d) => d.id),
          },
          after: next,
        },
        tx,
      );
    });
  }

  /**
   * Ids of another tenant (or of nothing) are refused, never silently dropped; the details name the
   * request's own fields (`fields`).
   */
  async #checkOwned(
    scope: TenantScope,
    a: { ministryIds: string[]; departmentIds: string[] },
    fields = { ministry: 'assignedMinistryIds', department: 'assignedDepartmentIds' },
  ) {
    if ((await this.people.countOwned(scope, 'ministry', a.ministryIds)) !== a.ministryIds.length) {
      throw badRequest(PEOPLE_MESSAGES.unknownMinistry, {
        [fields.ministry]: PEOPLE_MESSAGES.unknownMinistry,
      });
    }
    if ((await this.people.countOwned(scope, 'department', a.departmentIds)) !== a.departmentIds.length) {
      throw badRequest(PEOPLE_MESSAGES.unknownDepartment, {
        [fields.department]: PEOPLE_MESSAGES.unknownDepartment,
      });
    }
  }
}

const unique = (ids: string[]) => [...new Set(ids)];
