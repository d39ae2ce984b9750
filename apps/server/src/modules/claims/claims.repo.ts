import { and, eq, sql } from 'drizzle-orm';
import type { RecordScope, TenantScope } from '../../access/actor.ts';
import { recordsInScope } from '../../access/record-scope.repo.ts';
import type { Orm } from '../../platform/db.ts';
import { claimHolds, claims, records, users } from '../../db/schema/index.ts';

export type ClaimRow = typeof claims.$inferSelect;

export interface ClaimableRecord {
  id: string;
  psn: string | null;
  status: string;
  statusBeforeSuspension: string | null;
  claimed: boolean;
  heldUntil: Date | null;
  /** Whether the caller's record scope reaches it (an agent's assignment; always for the public). */
  inScope: boolean;
}

export class ClaimsRepo {
  constructor(readonly orm: Orm) {}

  /** The record with this NIN and SSID in the tenant (both must match), with its claim state. */
  async findByIdentity(
    scope: TenantScope | RecordScope,
    nin: string,
    ssid: string,
  ): Promise<ClaimableRecord | undefined> {
    const result = await this.orm.execute<{
      id: string;
      psn: string | null;
      status: string;
      status_before_suspension: string | null;
      claimed: boolean;
      held_until: string | null;
      in_scope: boolean;
    }>(sql`
      select records.id, records.psn, records.status, records.status_before_suspension,
        exists (select 1 from users u where u.record_id = records.id) as claimed,
        (select held_until from claim_holds h where h.record_id = records.id and h.held_until > now()) as held_until,
        ${recordsInScope(scope)} as in_scope
      from records
      where records.tenant_id = ${scope.tenantId} and records.nin = ${nin}
        and upper(replace(coalesce(records.ssid, ''), ' ', '')) = ${ssid}
      limit 1`);
    const r = result.rows[0];
    return (
      r && {
        id: r.id,
        psn: r.psn,
        status: r.status,
        statusBeforeSuspension: r.status_before_suspension,
        claimed: Boolean(r.claimed),
        heldUntil: r.held_until ? new Date(r.held_until) : null,
        inScope: Boolean(r.in_scope),
      }
    );
  }

  /** A new claim with its consent (accepted now, from `consentAddress`); returns the time of the consent. */
  async create(
    tx: Orm,
    scope: TenantScope,
    c: {
      tokenHash: string;
      recordId: string;
      nextStep: string;
      assistedBy: string | null;
      expiresAt: Date;
      consentVersion: string;
      consentAddress: string;
    },
  ): Promise<Date> {
    const [row] = await tx
      .insert(claims)
      .values({ ...c, tenantId: scope.tenantId, consentAt: sql`now()` })
      .returning({ consentAt: claims.consentAt });
    return row!.consentAt!;
  }

  /**
   * A live claim (not used, not expired), locked for the rest of the transaction. Note: found by
   * its token alone on purpose: the unguessable token is what names the tenant and the record.
   */
  /** The live claim of a token, read without a lock (the checks before a transaction). */
  async findLiveByToken(tokenHash: string): Promise<ClaimRow | undefined> {
    const [row] = await this.orm
      .select()
      .from(claims)
      .where(
        and(eq(claims.tokenHash, tokenHash), sql`${claims.usedAt} is null`, sql`${claims.expiresAt} > now()`),
      );
    return row;
  }

  async lockLiveByToken(tx: Orm, tokenHash: string): Promise<ClaimRow | undefined> {
    const [row] = await tx
      .select()
      .from(claims)
      .where(
        and(eq(claims.tokenHash, tokenHash), sql`${claims.usedAt} is null`, sql`${claims.expiresAt} > now()`),
      )
      .for('update');
    return row;
  }

  async recordName(tx: Orm, recordId: string): Promise<string> {
    const [row] = await tx.select({ name: records.fullName }).from(records).where(eq(records.id, recordId));
    return row?.name ?? 'Employee';
  }

  /** The record's status, its row locked for the rest of the transaction. */
  async lockRecordStatus(tx: Orm, recordId: string): Promise<string | undefined> {
    const result = await tx.execute<{ status: string }>(
      sql`select status from records where id = ${recordId} for update`,
    );
    return result.rows[0]?.status;
  }

  /** Moves the record to `status` (its version moves, so a pending decision on it cannot apply). */
  async setRecordStatus(tx: Orm, recordId: string, status: string): Promise<void> {
    await tx
      .update(records)
      .set({ status, statusReasonCode: null, version: sql`${records.version} + 1`, updatedAt: sql`now()` })
      .where(eq(records.id, recordId));
  }

  async recordPsn(tx: Orm, recordId: string): Promise<string | null> {
    const [row] = await tx.select({ psn: records.psn }).from(records).where(eq(records.id, recordId));
    return row?.psn ?? null;
  }

  async markPassed(tx: Orm, tokenHash: string) {
    await tx
      .update(claims)
      .set({ psnPassedAt: sql`now()` })
      .where(eq(claims.tokenHash, tokenHash));
  }

  /**
   * The record's PSN guesses, locked for the rest of the transaction (the row is created on first
   * use). Every claim of the record, public or an agent's, goes through this one row, so parallel
   * claims share one count and wait for each other's guesses.
   */
  async lockGuesses(tx: Orm, claim: ClaimRow): Promise<{ failedAttempts: number; held: boolean }> {
    const result = await tx.execute<{ failed_attempts: number; held: boolean }>(sql`
      insert into ${claimHolds} (record_id, tenant_id) values (${claim.recordId}, ${claim.tenantId})
      on conflict (record_id) do update set tenant_id = excluded.tenant_id
      returning failed_attempts, coalesce(held_until > now(), false) as held`);
    const row = result.rows[0]!;
    return { failedAttempts: Number(row.failed_attempts), held: Boolean(row.held) };
  }

  /** Whether too many wrong PSNs hold the record's claims now. */
  async isHeld(tx: Orm, recordId: string): Promise<boolean> {
    const [row] = await tx
      .select({ recordId: claimHolds.recordId })
      .from(claimHolds)
      .where(and(eq(claimHolds.recordId, recordId), sql`${claimHolds.heldUntil} > now()`));
    return Boolean(row);
  }

  /** A right PSN: the record's count of wrong ones starts again. */
  async clearGuesses(tx: Orm, recordId: string) {
    await tx.update(claimHolds).set({ failedAttempts: 0 }).where(eq(claimHolds.recordId, recordId));
  }

  /**
   * Counts a wrong PSN on the record (its row locked by lockGuesses) and on the claim. At the limit
   * the claim ends and the record's claims, every one of them, are held for `holdMs`; the count
   * starts again after the hold.
   */
  async recordWrongPsn(tx: Orm, claim: ClaimRow, exhausted: boolean, holdMs: number) {
    await tx
      .update(claims)
      .set({
        failedAttempts: sql`${claims.failedAttempts} + 1`,
        ...(exhausted ? { usedAt: sql`now()` } : {}),
      })
      .where(eq(claims.tokenHash, claim.tokenHash));
    await tx
      .update(claimHolds)
      .set(
        exhausted
          ? { failedAttempts: 0, heldUntil: sql`now() + ${holdMs} * interval '1 millisecond'` }
          : { failedAttempts: sql`${claimHolds.failedAttempts} + 1` },
      )
      .where(eq(claimHolds.recordId, claim.recordId));
  }

  async markUsed(tx: Orm, tokenHash: string) {
    await tx
      .update(claims)
      .set({ usedAt: sql`now()` })
      .where(eq(claims.tokenHash, tokenHash));
  }

  async isClaimed(tx: Orm, recordId: string): Promise<boolean> {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.recordId, recordId)).limit(1);
    return Boolean(row);
  }

  async transaction<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(fn);
  }
}
