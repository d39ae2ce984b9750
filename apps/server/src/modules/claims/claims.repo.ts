import { and, eq, sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { claimHolds, claims, records, users } from '../../db/schema/index.ts';

export type ClaimRow = typeof claims.$inferSelect;

export interface ClaimableRecord {
  id: string;
  psn: string | null;
  status: string;
  claimed: boolean;
  heldUntil: Date | null;
}

export class ClaimsRepo {
  constructor(private readonly orm: Orm) {}

  /** The record with this NIN and SSID in the tenant (both must match), with its claim state. */
  async findByIdentity(scope: TenantScope, nin: string, ssid: string): Promise<ClaimableRecord | undefined> {
    const result = await this.orm.execute<{
      id: string;
      psn: string | null;
      status: string;
      claimed: boolean;
      held_until: string | null;
    }>(sql`
      select r.id, r.psn, r.status,
        exists (select 1 from users u where u.record_id = r.id) as claimed,
        (select held_until from claim_holds h where h.record_id = r.id and h.held_until > now()) as held_until
      from records r
      where r.tenant_id = ${scope.tenantId} and r.nin = ${nin} and upper(replace(coalesce(r.ssid, ''), ' ', '')) = ${ssid}
      limit 1`);
    const r = result.rows[0];
    return (
      r && {
        id: r.id,
        psn: r.psn,
        status: r.status,
        claimed: Boolean(r.claimed),
        heldUntil: r.held_until ? new Date(r.held_until) : null,
      }
    );
  }

  async create(
    scope: TenantScope,
    c: { tokenHash: string; recordId: string; nextStep: string; assistedBy: string | null; expiresAt: Date },
  ) {
    await this.orm.insert(claims).values({ ...c, tenantId: scope.tenantId });
  }

  /**
   * A live claim (not used, not expired), locked for the rest of the transaction. Note: found by
   * its token alone on purpose: the unguessable token is what names the tenant and the record.
   */
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

  /** Counts a wrong PSN; at the limit the claim ends and the record's claims are held. */
  async markFailed(tx: Orm, claim: ClaimRow, maxAttempts: number, holdMs: number): Promise<boolean> {
    const attempts = claim.failedAttempts + 1;
    const exhausted = attempts >= maxAttempts;
    await tx
      .update(claims)
      .set({ failedAttempts: attempts, ...(exhausted ? { usedAt: sql`now()` } : {}) })
      .where(eq(claims.tokenHash, claim.tokenHash));
    if (exhausted) {
      const until = new Date(Date.now() + holdMs);
      await tx
        .insert(claimHolds)
        .values({ recordId: claim.recordId, tenantId: claim.tenantId, heldUntil: until })
        .onConflictDoUpdate({ target: claimHolds.recordId, set: { heldUntil: until } });
    }
    return exhausted;
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
