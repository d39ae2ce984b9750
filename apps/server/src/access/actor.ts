import type { Role } from '@portal/contract/roles';

/** Who is calling: built from the token, then confirmed against the user's database row. */
export interface Actor {
  userId: string;
  email: string;
  role: Role;
  /** null only for GLOBAL_SUPER_ADMIN. */
  tenantId: string | null;
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

/** A tenant scope narrowed, for a reviewer, to the records of their assigned ministries and departments. */
export interface RecordScope extends TenantScope {
  readonly reviewerId: string | null;
}

/** TENANT_ADMIN sees the whole tenant; REVIEWER only their assignments (DESIGN §6). */
export function recordScopeOf(actor: Actor): RecordScope {
  const scope = scopeOf(actor);
  if (actor.role === 'TENANT_ADMIN') return { ...scope, reviewerId: null };
  if (actor.role === 'REVIEWER') return { ...scope, reviewerId: actor.userId };
  throw new Error(`role ${actor.role} has no record scope`);
}
