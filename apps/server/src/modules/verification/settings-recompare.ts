import type { OptimaPerson } from '@portal/optima/protocol';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import type { MatchSettings } from '../identity/provider-settings.ts';
import { transition } from '../records/record-state.ts';
import { comparisonFrom, comparisonRows, nameMatchOf } from './compare.ts';
import type { QueueMove, SettingsRecompareRepo } from './settings-recompare.repo.ts';

/** Records read, compared and moved per statement: a tenant of 100,000 in review takes 50 rounds. */
const BATCH = 2_000;

/**
 * After a change of a tenant's name-match settings: every record still in review (pending approval
 * or mismatched) with a stored provider answer is compared again with that answer under the new
 * settings and moved between the two queues (record-state SETTINGS_RECOMPARED), each move audited.
 * Decided records (VALIDATED, REJECTED) and records never looked up are not touched. Runs in the
 * caller's transaction, so the settings and the queues change together.
 */
export class SettingsRecompare {
  constructor(
    private readonly repo: SettingsRecompareRepo,
    private readonly batchSize = BATCH,
  ) {}

  async run(
    tx: Orm,
    tenantId: string,
    settings: MatchSettings,
    actor: { userId: string; email: string; address?: string | null },
  ): Promise<{ compared: number; moved: number }> {
    const scope = tenantScope(tenantId);
    const note = `Name-match settings changed: minimum word similarity ${settings.minWordSimilarity.toFixed(2)}, close names ${settings.closeIsDifferent ? 'reviewed as mismatches' : 'pending approval'}.`;
    let compared = 0;
    let moved = 0;
    let after: string | null = null;
    for (;;) {
      const batch = await this.repo.inReview(tx, scope, after, this.batchSize);
      if (batch.length === 0) break;
      compared += batch.length;
      after = batch[batch.length - 1]!.id;
      const judged = batch.map((r) => ({
        record: r,
        rows: comparisonRows(r, r.sotData as Partial<OptimaPerson>, settings),
      }));
      await this.repo.setNameMatches(
        tx,
        scope,
        judged.map(({ record, rows }) => ({ id: record.id, nameMatch: nameMatchOf(rows) })),
      );
      const moves: QueueMove[] = judged.flatMap(({ record: r, rows }) => {
        const t = transition(r.status, {
          type: 'SETTINGS_RECOMPARED',
          comparison: comparisonFrom(rows),
        });
        return t.allowed && t.audit
          ? [{ id: r.id, before: t.from, after: t.to, action: t.audit.action }]
          : [];
      });
      moved += await this.repo.applyMoves(tx, scope, moves, actor, note);
      if (batch.length < this.batchSize) break;
    }
    return { compared, moved };
  }
}
