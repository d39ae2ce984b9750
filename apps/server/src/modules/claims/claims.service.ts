import crypto from 'node:crypto';
import {
  CLAIM_HOLD_MS,
  CLAIM_MESSAGES as M,
  CLAIM_TTL_MS,
  CONSENT_VERSION,
  MAX_PSN_ATTEMPTS,
  type ChallengeResponse,
  type InitiateResponse,
} from '@portal/contract/claims';
import { TENANT_USER_MESSAGES } from '@portal/contract/tenant-users';
import { ERROR_CODES } from '@portal/contract/errors';
import type { RecordScope, TenantScope } from '../../access/actor.ts';
import type { TokenService } from '../../access/tokens.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../platform/errors.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { AppearanceLog } from '../campaigns/appearances.ts';
import { isClaimable, requireTransition, SUSPENDED } from '../records/record-state.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { Orm } from '../../platform/db.ts';
import type { ClaimRow, ClaimsRepo } from './claims.repo.ts';

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
const norm = (v: string) => v.replace(/\s+/g, '').toUpperCase();
/** One answer for every reason an identity cannot be claimed, so that the call reveals none. */
const genericFailure = () => new AppError(400, M.initiateFailed, ERROR_CODES.VALIDATION);
const expired = () => new AppError(400, M.claimExpired, ERROR_CODES.VALIDATION);
/** Too many wrong PSNs on the record, through any of its claims: none of them goes on for now. */
const held = () => new AppError(400, M.tooManyAttempts, ERROR_CODES.VALIDATION);

/** Who starts a claim: the agent beside the employee (null for the public flow), and the client's address. */
export interface ClaimStarter {
  ip: string;
  agent: { userId: string; email: string } | null;
}

export interface ClaimLimits {
  perIp: RateLimiter;
  perTenant: RateLimiter;
}

/**
 * Claiming an account (SPEC §4): SSID + NIN name a record, the PSN confirms it, then the
 * credentials. The id handed out is an opaque single-use token valid 15 minutes; the database
 * keeps only its hash.
 */
export class ClaimsService {
  constructor(
    private readonly claims: ClaimsRepo,
    private readonly users: UsersRepo,
    private readonly audit: AuditRepo,
    private readonly tokens: TokenService,
    private readonly limits: ClaimLimits,
    private readonly appearances: AppearanceLog,
  ) {}

  /**
   * The identity check of a claim. It runs only with the current consent statement accepted
   * (issue #22): a missing or an older version is refused before anything is looked up, whoever
   * calls the API. The acceptance is stored with the claim and in the audit trail.
   */
  async initiate(
    scope: TenantScope | RecordScope,
    input: { ssid: string; nin: string; consentVersion: string },
    starter: ClaimStarter,
  ): Promise<InitiateResponse> {
    const { ip } = starter;
    const assistedBy = starter.agent?.userId ?? null;
    if (input.consentVersion !== CONSENT_VERSION)
      throw new AppError(
        400,
        input.consentVersion ? M.consentOutdated : M.consentRequired,
        ERROR_CODES.VALIDATION,
        { consentVersion: input.consentVersion ? M.consentOutdated : M.consentRequired },
      );
    await this.limits.perIp.hit(`ip:${ip}`);
    await this.limits.perTenant.hit(`tenant:${scope.tenantId}`);
    const record = await this.claims.findByIdentity(scope, input.nin.replace(/\s+/g, ''), norm(input.ssid));
    // A signed-in agent of the tenant is told that the employee already has an account (and how to
    // recover it); the public gets the one generic answer, so that the call reveals nothing.
    if (assistedBy && record && !record.inScope) throw notFound(M.outsideAssignment);
    if (assistedBy && record?.claimed) throw conflict(M.alreadyClaimed);
    const claimable =
      record &&
      !record.claimed &&
      !record.heldUntil &&
      isClaimable(record.status, record.statusBeforeSuspension);
    if (!record || !claimable) throw genericFailure();
    const token = crypto.randomBytes(32).toString('base64url');
    const nextStep = record.psn ? 'CHALLENGE_PSN' : 'CREATE_ACCOUNT';
    await this.claims.transaction(async (tx) => {
      const consentAt = await this.claims.create(tx, scope, {
        tokenHash: hashOf(token),
        recordId: record.id,
        nextStep,
        assistedBy,
        expiresAt: new Date(Date.now() + CLAIM_TTL_MS),
        consentVersion: CONSENT_VERSION,
        consentAddress: ip,
      });
      await this.audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: assistedBy,
          actorEmail: starter.agent?.email ?? null,
          action: 'CLAIM_CONSENT_ACCEPTED',
          entityType: 'record',
          entityId: record.id,
          after: {
            consentVersion: CONSENT_VERSION,
            consentAt: consentAt.toISOString(),
            address: ip,
            agentEmail: starter.agent?.email ?? null,
          },
          note: starter.agent
            ? `Consent statement ${CONSENT_VERSION} accepted for the employee with the assistance of agent ${starter.agent.email}`
            : `Consent statement ${CONSENT_VERSION} accepted by the employee`,
          address: ip,
        },
        tx,
      );
    });
    return { recordId: token, nextStep };
  }

  /**
   * `tenantId` limits the call to claims of that tenant: an agent's own, or the one a public call
   * names by its Host or X-Tenant.
   */
  async challenge(token: string, psn: string, ip: string, tenantId?: string): Promise<ChallengeResponse> {
    await this.limits.perIp.hit(`ip:${ip}`);
    // The tenant's count before the transaction: its counter is shared by every process and
    // updated on a connection of its own (one held inside the transaction would wait on PGlite).
    const found = await this.claims.findLiveByToken(hashOf(token));
    if (!found || (tenantId && found.tenantId !== tenantId)) throw expired();
    await this.limits.perTenant.hit(`tenant:${found.tenantId}`);
    return this.claims.transaction(async (tx) => {
      const claim = await this.claims.lockLiveByToken(tx, hashOf(token));
      if (!claim || (tenantId && claim.tenantId !== tenantId)) throw expired();
      // The guesses are the record's, whichever of its claims they come through (issue #18.1).
      const guesses = await this.claims.lockGuesses(tx, claim);
      if (guesses.held) throw held();
      if (claim.nextStep !== 'CHALLENGE_PSN' || claim.psnPassedAt)
        return { success: true, message: M.challengePassed };
      const expected = await this.claims.recordPsn(tx, claim.recordId);
      const a = Buffer.from(norm(psn));
      const b = Buffer.from(norm(expected ?? ''));
      if (a.length === b.length && crypto.timingSafeEqual(a, b)) {
        await this.claims.markPassed(tx, claim.tokenHash);
        await this.claims.clearGuesses(tx, claim.recordId);
        return { success: true, message: M.challengePassed };
      }
      const exhausted = guesses.failedAttempts + 1 >= MAX_PSN_ATTEMPTS;
      await this.claims.recordWrongPsn(tx, claim, exhausted, CLAIM_HOLD_MS);
      return { success: false, message: exhausted ? M.tooManyAttempts : M.challengeFailed };
    });
  }

  /** Why a claim is not a confirmed identity of a record without an account now (thrown). */
  async #confirmed(tx: Orm, claim: ClaimRow | undefined, tenantId: string | undefined): Promise<ClaimRow> {
    if (!claim || (tenantId && claim.tenantId !== tenantId)) throw expired();
    if (claim.nextStep === 'CHALLENGE_PSN' && !claim.psnPassedAt)
      throw new AppError(400, M.challengeRequired, ERROR_CODES.VALIDATION);
    // A claim that passed before another claim got the record held waits for the hold too.
    if (await this.claims.isHeld(tx, claim.recordId)) throw held();
    if (await this.claims.isClaimed(tx, claim.recordId))
      throw conflict('An account already exists for this record.');
    return claim;
  }

  /**
   * Runs `fn` for the record of a claim that passed the identity check (SSID and NIN, then the PSN
   * when the record has one), in place of making the account (issue #34: the public appeal). The
   * claim's guards and answers as createAccount's: limited per address and per tenant, 400 when
   * expired, spent, unconfirmed or held, 409 when the record has an account. The claim is spent in
   * `fn`'s transaction: a second call with it is answered as an expired claim.
   */
  async spendConfirmed<T>(
    token: string,
    ip: string,
    tenantId: string | undefined,
    fn: (tx: Orm, claim: { tenantId: string; recordId: string }) => Promise<T>,
  ): Promise<T> {
    await this.limits.perIp.hit(`ip:${ip}`);
    const found = await this.#confirmed(
      this.claims.orm,
      await this.claims.findLiveByToken(hashOf(token)),
      tenantId,
    );
    await this.limits.perTenant.hit(`tenant:${found.tenantId}`);
    return this.claims.transaction(async (tx) => {
      const claim = await this.#confirmed(tx, await this.claims.lockLiveByToken(tx, hashOf(token)), tenantId);
      const result = await fn(tx, { tenantId: claim.tenantId, recordId: claim.recordId });
      await this.claims.markUsed(tx, claim.tokenHash);
      return result;
    });
  }

  /**
   * Why a claim cannot make an account now (thrown), or the claim. Run twice: before the password
   * is hashed, without a lock, so that a made-up or spent claim id costs no hash (issue #31 item 2:
   * 0.1 s of CPU each); then inside the transaction that creates the account, on the locked row.
   */
  async #readyClaim(
    tx: Orm,
    claim: ClaimRow | undefined,
    input: { email: string },
    tenantId: string | undefined,
  ): Promise<ClaimRow> {
    const confirmed = await this.#confirmed(tx, claim, tenantId);
    if (await this.users.findByEmail(input.email, tx))
      throw conflict(TENANT_USER_MESSAGES.emailTaken, { email: TENANT_USER_MESSAGES.emailTaken });
    return confirmed;
  }

  /**
   * `tenantId` as for challenge(). Limited per address and per tenant like the claim's other
   * calls; the password is hashed only once the claim's checks pass.
   */
  async createAccount(
    input: { email: string; password: string; recordId: string },
    ip: string,
    tenantId?: string,
  ): Promise<{ token: string }> {
    await this.limits.perIp.hit(`ip:${ip}`);
    const found = await this.#readyClaim(
      this.claims.orm,
      await this.claims.findLiveByToken(hashOf(input.recordId)),
      input,
      tenantId,
    );
    await this.limits.perTenant.hit(`tenant:${found.tenantId}`);
    const passwordHash = await hashPassword(input.password);
    try {
      const user = await this.claims.transaction(async (tx) => {
        const claim = await this.#readyClaim(
          tx,
          await this.claims.lockLiveByToken(tx, hashOf(input.recordId)),
          input,
          tenantId,
        );
        const created = await this.users.insert(
          {
            tenantId: claim.tenantId,
            recordId: claim.recordId,
            fullName: await this.claims.recordName(tx, claim.recordId),
            email: input.email,
            role: 'SELF_SERVICE_USER',
            passwordHash,
          },
          tx,
        );
        await this.claims.markUsed(tx, claim.tokenHash);
        const assisted = claim.assistedBy ? await this.users.findById(claim.assistedBy, tx) : undefined;
        // The identity check passed and the account exists: the person appeared (issue #33).
        await this.appearances.record(tx, {
          tenantId: claim.tenantId,
          recordId: claim.recordId,
          via: claim.assistedBy ? 'AGENT_CLAIM' : 'ONLINE_CLAIM',
          agent: claim.assistedBy ? { userId: claim.assistedBy, email: assisted?.email ?? '' } : null,
        });
        // A suspended no-show who comes forward is verified again, then reviewed (issue #33).
        const status = await this.claims.lockRecordStatus(tx, claim.recordId);
        if (status === SUSPENDED) {
          const t = requireTransition(status, { type: 'REAPPEARED' });
          await this.claims.setRecordStatus(tx, claim.recordId, t.to);
          await this.audit.append(
            {
              tenantId: claim.tenantId,
              actorUserId: claim.assistedBy ?? created.id,
              actorEmail: assisted?.email ?? created.email,
              ...t.audit!,
              entityType: 'record',
              entityId: claim.recordId,
              note: 'Came forward after being suspended as a no-show: to be verified again, then reviewed',
            },
            tx,
          );
        }
        await this.audit.append(
          {
            tenantId: claim.tenantId,
            actorUserId: claim.assistedBy ?? created.id,
            actorEmail: assisted?.email ?? created.email,
            action: 'ACCOUNT_CLAIMED',
            entityType: 'record',
            entityId: claim.recordId,
            after: { userId: created.id, email: created.email },
            note: assisted
              ? `Account created with the assistance of agent ${assisted.email}`
              : 'Claimed by the employee',
          },
          tx,
        );
        return created;
      });
      return { token: await this.tokens.sign(user) };
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('An account already exists for this record or email.');
      throw err;
    }
  }
}
