import type { Actor } from '../../access/actor.ts';
import type { TokenService } from '../../access/tokens.ts';
import type { LoginThrottle } from '../../platform/config.ts';
import type { Orm } from '../../platform/db.ts';
import { unauthorized } from '../../platform/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../platform/passwords.ts';
import { RateLimiter } from '../../platform/rate-limit.ts';
import { MESSAGES } from '@portal/contract/messages';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LoginAttemptsRepo, LoginHistory } from './login-attempts.repo.ts';

const HOUR_MS = 3600 * 1000;

/** Why a sign-in failed, in the trail only: the caller always reads 'Invalid credentials'. */
type SignInFailure = 'UNKNOWN_ACCOUNT' | 'WRONG_PASSWORD' | 'ACCOUNT_DISABLED' | 'THROTTLED';

/**
 * How long the addresses that failed on an account wait before their next attempt: nothing below
 * `waitAfterFailures` failures, then one step more for each failure, up to `waitMaxMs` (Keycloak's
 * wait increment; NIST SP 800-63B §5.2.2's waits that grow towards the failure limit).
 */
export function accountWaitMs(failures: number, t: LoginThrottle): number {
  if (failures < t.waitAfterFailures) return 0;
  return Math.min(t.waitStepMs * (failures - t.waitAfterFailures + 1), t.waitMaxMs);
}

/**
 * Whether the throttle refuses an attempt before its password is checked (DECISIONS 7): the
 * (account, address) pair has too many failures, or the account's wait runs and this address is
 * one of those that failed on it. An address that has not failed on the account is never refused:
 * the throttle hands nobody a way to lock an owner out.
 */
export function throttled(h: LoginHistory, t: LoginThrottle): boolean {
  if (h.pairFailures >= t.pairMaxFailures) return true;
  const wait = accountWaitMs(h.accountFailures, t);
  return h.accountFailuresFromHere > 0 && h.msSinceLastFailure !== null && h.msSinceLastFailure < wait;
}

/**
 * Sign-in requests per minute from one address, counted in the database where every API process
 * sees it (issue #31 item 4: counted per process, API_PROCESSES=2 let twice the rate through).
 */
export function loginRateLimiter(orm: Orm, t: LoginThrottle): RateLimiter {
  return new RateLimiter(orm, t.ratePerIp, 60_000, MESSAGES.auth.tooManySignIns);
}

export class AuthService {
  #lastPrune = 0;

  constructor(
    private readonly users: UsersRepo,
    private readonly attempts: LoginAttemptsRepo,
    private readonly audit: AuditRepo,
    private readonly tokens: TokenService,
    private readonly throttle: LoginThrottle,
    /** Sign-in requests per address; a 429 costs no password hash. */
    private readonly perIp: RateLimiter,
  ) {}

  /**
   * Every failure (unknown email, wrong password, disabled account, throttled attempt) is the same
   * 401 'Invalid credentials'. A throttled attempt checks no password: a blocked address cannot
   * spend the server's CPU on hashes, and it learns only that it is blocked, as it would for an
   * unknown email (the failures are counted per email whether or not an account has it).
   */
  async authenticate(
    emailInput: string,
    password: string,
    ip: string,
    pageTenantId?: string,
  ): Promise<string> {
    await this.perIp.hit(`login:${ip}`);
    const email = emailInput.trim().toLowerCase();
    await this.#pruneHourly();
    const attempt = await this.attempts.begin(email, ip);
    const history = await this.attempts.history(email, ip, attempt, this.throttle);
    const failed = async (reason: SignInFailure, user?: { id: string; tenantId: string | null }) => {
      await this.#auditFailure(email, ip, reason, user, pageTenantId);
      return unauthorized();
    };
    if (throttled(history, this.throttle)) {
      await this.attempts.discard(attempt);
      throw await failed('THROTTLED', await this.users.findByEmail(email));
    }
    const user = await this.users.findByEmail(email);
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
    // A failure stays recorded as begin() wrote it.
    if (!user) throw await failed('UNKNOWN_ACCOUNT');
    if (!passwordOk) throw await failed('WRONG_PASSWORD', user);
    if (user.status !== 'ACTIVE') throw await failed('ACCOUNT_DISABLED', user);
    await this.attempts.succeeded(attempt);
    await this.users.recordLogin(user.id);
    await this.audit.append({
      tenantId: user.tenantId,
      actorUserId: user.id,
      actorEmail: user.email,
      action: 'SIGN_IN',
      entityType: 'user',
      entityId: user.id,
      address: ip,
    });
    return this.tokens.sign(user);
  }

  /**
   * A failed sign-in in the trail (issue #22): the email tried, the address and why (never the
   * password). It belongs to the account's tenant when the email is an account's (the platform's
   * for a global admin), else to the tenant whose sign-in page was used, else to the platform.
   */
  async #auditFailure(
    email: string,
    ip: string,
    reason: SignInFailure,
    user: { id: string; tenantId: string | null } | undefined,
    pageTenantId: string | undefined,
  ) {
    await this.audit.append({
      tenantId: user ? user.tenantId : (pageTenantId ?? null),
      actorUserId: user?.id ?? null,
      actorEmail: email.slice(0, 254),
      action: 'SIGN_IN_FAILED',
      entityType: 'user',
      entityId: user?.id ?? null,
      after: { reason },
      address: ip,
    });
  }

  /** Attempts older than both windows say nothing any more. */
  async #pruneHourly() {
    const now = Date.now();
    if (now - this.#lastPrune < HOUR_MS) return;
    this.#lastPrune = now;
    await this.attempts.pruneBefore(Math.max(this.throttle.pairWindowMs, this.throttle.accountWindowMs));
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
      address: actor.address ?? null,
    });
  }
}
