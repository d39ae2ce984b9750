import type { Actor } from '../../access/actor.ts';
import type { TokenService } from '../../access/tokens.ts';
import { unauthorized } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LoginAttemptsRepo } from './login-attempts.repo.ts';
import { dummyPasswordHash, verifyPassword } from './passwords.ts';

/** Server-side throttling (DESIGN §7); the client's 3-attempt lockout is only a courtesy. */
export const THROTTLE = {
  accountFailures: 10,
  accountWindowMs: 15 * 60 * 1000,
  ipFailures: 100,
  ipWindowMs: 60 * 60 * 1000,
} as const;

export class AuthService {
  constructor(
    private readonly users: UsersRepo,
    private readonly attempts: LoginAttemptsRepo,
    private readonly audit: AuditRepo,
    private readonly tokens: TokenService,
  ) {}

  /**
   * Every failure (unknown email, wrong password, disabled or locked account, throttled IP) is the
   * same 401 'Invalid credentials', after the same amount of hashing work.
   */
  async authenticate(emailInput: string, password: string, ip: string): Promise<string> {
    const email = emailInput.trim().toLowerCase();
    const now = Date.now();
    const [accountFailures, ipFailures, user] = await Promise.all([
      this.attempts.accountFailuresSince(email, new Date(now - THROTTLE.accountWindowMs)),
      this.attempts.ipFailuresSince(ip, new Date(now - THROTTLE.ipWindowMs)),
      this.users.findByEmail(email),
    ]);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    const throttled = accountFailures >= THROTTLE.accountFailures || ipFailures >= THROTTLE.ipFailures;
    const ok = Boolean(user) && passwordOk && !throttled && user?.status === 'ACTIVE';
    await this.attempts.record(email, ip, ok);
    if (!ok || !user) throw unauthorized();
    await this.users.recordLogin(user.id);
    return this.tokens.sign(user);
  }

  async logout(actor: Actor): Promise<void> {
    await this.users.bumpTokenVersion(actor.userId);
    await this.audit.append({
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'USER_LOGOUT',
      entityType: 'user',
      entityId: actor.userId,
    });
  }
}
