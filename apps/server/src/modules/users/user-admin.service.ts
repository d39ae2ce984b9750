import type { Role, UserStatus } from '@portal/contract/roles';
import { TENANT_USER_MESSAGES } from '@portal/contract/tenant-users';
import type { Actor } from '../../access/actor.ts';
import { conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { UsersRepo } from './users.repo.ts';
import type { Orm } from '../../platform/db.ts';

export interface CreateTenantUser {
  tenantId: string;
  fullName: string;
  email: string;
  password: string;
  role: Exclude<Role, 'GLOBAL_SUPER_ADMIN'>;
  /** PENDING_APPROVAL: a tenant admin waiting for a second approver (issue #30). */
  status?: UserStatus;
}

/** Creating users of a tenant; emails are unique across the platform, case-insensitively. */
export class UserAdminService {
  constructor(
    private readonly users: UsersRepo,
    private readonly audit: AuditRepo,
  ) {}

  async emailExists(email: string): Promise<boolean> {
    return Boolean(await this.users.findByEmail(email));
  }

  /**
   * Creates the user, remembering who created it (issue #30); `inSameTransaction` adds what must be
   * written with it (e.g. assignments, or the approval a new tenant admin waits for).
   */
  async create(
    actor: Actor,
    input: CreateTenantUser,
    inSameTransaction?: (tx: Orm, user: { id: string; fullName: string; email: string }) => Promise<unknown>,
  ) {
    if (!(await this.users.tenantExists(input.tenantId))) throw notFound('Tenant not found');
    if (await this.emailExists(input.email)) {
      throw conflict(TENANT_USER_MESSAGES.emailTaken, { email: TENANT_USER_MESSAGES.emailTaken });
    }
    const passwordHash = await hashPassword(input.password);
    try {
      return await this.users.transaction(async (tx) => {
        const user = await this.users.insert(
          {
            tenantId: input.tenantId,
            fullName: input.fullName.trim(),
            email: input.email,
            role: input.role,
            passwordHash,
            status: input.status ?? 'ACTIVE',
            createdBy: actor.userId,
          },
          tx,
        );
        const extra = await inSameTransaction?.(tx, user);
        await this.audit.append(
          {
            tenantId: input.tenantId,
            actorUserId: actor.userId,
            actorEmail: actor.email,
            address: actor.address ?? null,
            action: 'USER_CREATED',
            entityType: 'user',
            entityId: user.id,
            after: {
              fullName: user.fullName,
              email: user.email,
              role: user.role,
              ...(user.status !== 'ACTIVE' ? { status: user.status } : {}),
              ...(extra ? { assignments: extra } : {}),
            },
          },
          tx,
        );
        return {
          id: user.id,
          fullName: user.fullName,
          email: user.email,
          role: user.role,
          tenantId: user.tenantId,
          status: user.status,
        };
      });
    } catch (err) {
      if (isUniqueViolation(err))
        throw conflict(TENANT_USER_MESSAGES.emailTaken, { email: TENANT_USER_MESSAGES.emailTaken });
      throw err;
    }
  }
}
