import { dayIn } from '@portal/contract/time-zone';
import type { Orm } from '../../platform/db.ts';
import { appearances } from '../../db/schema/index.ts';

/** How a person appeared: their own claim, a claim with an agent, or a re-verification. */
export type AppearanceVia = 'ONLINE_CLAIM' | 'AGENT_CLAIM' | 'REVERIFY';

export interface Appearance {
  tenantId: string;
  recordId: string;
  via: AppearanceVia;
  /** The agent who helped, if one did. */
  agent: { userId: string; email: string } | null;
}

/**
 * Writes that a person appeared (issue #33, DECISIONS 177), in the caller's transaction, so that an
 * appearance exists exactly when the claim or the re-verification it stands for was committed. The
 * instant comes from the portal's clock (tests move it) and the day is the tenant's at that instant.
 * Exercises read these rows (campaigns.repo.ts); nothing derives appearances from the audit text.
 */
export class AppearanceLog {
  constructor(
    private readonly deps: {
      timeZoneOf: (tenantId: string, orm: Orm) => Promise<string>;
      now: () => Date;
    },
  ) {}

  async record(tx: Orm, a: Appearance): Promise<void> {
    const at = this.deps.now();
    const zone = await this.deps.timeZoneOf(a.tenantId, tx);
    await tx.insert(appearances).values({
      tenantId: a.tenantId,
      recordId: a.recordId,
      at,
      day: dayIn(at, zone),
      via: a.via,
      agentId: a.agent?.userId ?? null,
      agentEmail: a.agent?.email ?? null,
    });
  }
}
