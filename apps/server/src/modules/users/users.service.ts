import type { Me } from '@portal/contract/auth';
import type { Actor } from '../../access/actor.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { UsersRepo } from './users.repo.ts';

export class UsersService {
  constructor(private readonly users: UsersRepo) {}

  async me(actor: Actor): Promise<Me> {
    const profile = await this.users.profile(actor.userId);
    if (!profile) throw unauthorized('Invalid or expired token');
    return profile;
  }
}
