import { tenantScope } from '../../access/actor.ts';
import type { IntegrityDecisions } from '../approvals/four-eyes.ts';
import { DecisionSession, type IntegrityRepo } from './integrity.repo.ts';

/**
 * The integrity side of a second approver's granted confirmation (issue #22) or dismissal of
 * SHARES_REMOVED_IDENTITY (issue #30): the port four-eyes
 * declares, so that approvals need not import integrity (which imports approvals to hand its
 * confirmations to four-eyes). The composition root passes it to FourEyes.
 */
export function integrityDecisions(repo: IntegrityRepo): IntegrityDecisions {
  return {
    async confirm(tx, tenantId, c) {
      const s = new DecisionSession(tx, repo);
      const scope = tenantScope(tenantId);
      await s.close(scope, c.flagId, 'CONFIRMED', c.by, c.reasonCode, c.note);
      await s.dropOpenFlagsOf(scope, c.recordId);
    },
    async dismiss(tx, tenantId, d) {
      const s = new DecisionSession(tx, repo);
      const scope = tenantScope(tenantId);
      if (!(await s.lockOpen(scope, d.flagId))) return false;
      await s.close(scope, d.flagId, 'DISMISSED', d.by, d.reasonCode, d.note);
      return true;
    },
    async refreshSummary(tenantId) {
      const scope = tenantScope(tenantId);
      await repo.storeSummary(scope, await repo.figures(scope));
    },
  };
}
