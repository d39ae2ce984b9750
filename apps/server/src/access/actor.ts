import type { Role } from '@portal/contract/roles';

/** Who is calling: built from the token, then confirmed against the user's database row. */
export interface Actor {
  userId: string;
  email: string;
  role: Role;
  /** null only for GLOBAL_SUPER_ADMIN. */
  tenantId: string | null;
  /** The user's name and their tenant's, from the same row (set for a signed-in caller). */
  fullName?: string;
  tenantName?: string | null;
  /** The tenant's time zone from the same row (the platform's for no tenant). */
  timeZone?: string;
  /**
   * The client's address as the portal saw it (request.ip, after TRUST_PROXY): the audit trail's
   * 'from which address'. Absent for an actor the portal itself acts as (jobs, tests).
   */
  address?: string;
}

/**
 * The tenant a repository may read and write. Only access/ creates one, from the actor's own
 * database row (never from a URL, body or header), so a repository cannot be handed another tenant.
 */
export interface TenantScope {
  readonly tenantId: string;
  readonly __brand: 'TenantScope';
}

export function tenantScope(tenantId: string): TenantScope {
  return { tenantId } as TenantScope;
}

/** The actor's own tenant; a tenant route reached by an actor without one is refused. */
export function scopeOf(actor: Actor): TenantScope {
  if (!actor.tenantId) throw new Error('tenant route reached by an actor without a tenant');
  return tenantScope(actor.tenantId);
}

/**
 * A tenant scope narrowed to the records a role reaches (SPEC "Reviewers see only records assigned
 * to them … Employees see only their own record"). Repositories apply it with `recordsInScope`
 * (record-scope.repo.ts); at most one of the two is set.
 */
export interface RecordScope extends TenantScope {
  /** A reviewer: only the records of their assigned ministries and departments. */
  readonly reviewerId: string | null;
  /** An employee: only the record linked to their account. */
  readonly ownerId: string | null;
  /**
   * A field agent: the people of their assigned ministries and departments, or the whole tenant
   * while they have none (issue #33, DECISIONS 183).
   */
  readonly agentId?: string | null;
}

/**
 * TENANT_ADMIN sees the whole tenant; a REVIEWER only their assignments (DESIGN §6); an AGENT the
 * people of their assignments, or the whole tenant while they have none (DECISIONS 183); a
 * SELF_SERVICE_USER only their own record.
 */
export function recordScopeOf(actor: Actor): RecordScope {
  const scope = scopeOf(actor);
  switch (actor.role) {
    case 'TENANT_ADMIN':
      return { ...scope, reviewerId: null, ownerId: null };
    case 'AGENT':
      return { ...scope, reviewerId: null, ownerId: null, agentId: actor.userId };
    case 'REVIEWER':
      return { ...scope, reviewerId: actor.userId, ownerId: null };
    case 'SELF_SERVICE_USER':
      return { ...scope, reviewerId: null, ownerId: actor.userId };
    default:
      throw new Error(`role ${actor.role} has no record scope`);
  }
}

/** Whether a scope reaches every record of its tenant (nothing narrows it). */
export function reachesWholeTenant(scope: TenantScope | RecordScope): boolean {
  return (
    !('reviewerId' in scope && scope.reviewerId) &&
    !('ownerId' in scope && scope.ownerId) &&
    !('agentId' in scope && scope.agentId)
  );
}
