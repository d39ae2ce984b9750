import type { Me } from '@portal/contract/auth';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { TokenHolder } from '../../access/access.repo.ts';

type Named = { id: string; name: string };

/** Reviewers' assigned ministries and departments by name: the people repository, handed in by app.ts. */
export interface AssignmentNames {
  assignments(scope: TenantScope, userIds: string[]): Promise<{ ministries: Named[]; departments: Named[] }>;
}

/** The signed-in user's row as access/ already holds it (access/token-holders.ts): no second read. */
export interface SignedInUsers {
  get(userId: string): Promise<TokenHolder | undefined>;
}

export class UsersService {
  constructor(
    private readonly signedIn: SignedInUsers,
    private readonly people: AssignmentNames,
  ) {}

  async me(actor: Actor): Promise<Me> {
    // access/ built the actor from the user's row as it stands now, names and the tenant's time
    // zone included (a settings change is announced like a rename: migration 0053).
    const holder =
      actor.fullName !== undefined && actor.tenantName !== undefined && actor.timeZone !== undefined
        ? {
            ...actor,
            id: actor.userId,
            fullName: actor.fullName,
            tenantName: actor.tenantName,
            timeZone: actor.timeZone,
            status: 'ACTIVE' as const,
          }
        : await this.signedIn.get(actor.userId);
    if (!holder) throw unauthorized('Invalid or expired token');
    const { id, fullName, email, role, status, tenantId, tenantName, timeZone } = holder;
    const profile: Me = { id, fullName, email, role, status, tenantId, tenantName, timeZone };
    if (profile.role !== 'REVIEWER') return profile;
    // A reviewer's screen says why their queue is empty when nothing is assigned to them.
    const { ministries, departments } = await this.people.assignments(scopeOf(actor), [actor.userId]);
    return {
      ...profile,
      assignments: {
        ministries: ministries.map(({ id, name }) => ({ id, name })),
        departments: departments.map(({ id, name }) => ({ id, name })),
      },
    };
  }
}
