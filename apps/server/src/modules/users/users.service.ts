import type { Me } from '@portal/contract/auth';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { UsersRepo } from './users.repo.ts';

type Named = { id: string; name: string };

/** Reviewers' assigned ministries and departments by name: the people repository, handed in by app.ts. */
export interface AssignmentNames {
  assignments(scope: TenantScope, userIds: string[]): Promise<{ ministries: Named[]; departments: Named[] }>;
}

export class UsersService {
  constructor(
    private readonly users: UsersRepo,
    private readonly people: AssignmentNames,
  ) {}

  async me(actor: Actor): Promise<Me> {
    const profile = await this.users.profile(actor.userId);
    if (!profile) throw unauthorized('Invalid or expired token');
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
