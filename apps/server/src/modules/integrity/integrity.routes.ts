import type { FastifyInstance } from 'fastify';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { APPROVALS_ROUTES } from '@portal/contract/routes/decisions';
import { HR_LISTS_ROUTES } from '@portal/contract/routes/hr-lists';
import { INTEGRITY_ROUTES } from '@portal/contract/routes/integrity';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';
import type { ApiRoute } from '@portal/contract/routes/define-route';
import { serveRoute } from '../../access/route.ts';
import type { CrossTenantPairs, IntegrityRule } from '@portal/contract/integrity';
import type { IntegrityRequest } from './integrity.jobs.ts';
import type { IntegrityService } from './integrity.service.ts';

export function integrityRoutes(
  app: FastifyInstance,
  integrity: IntegrityService,
  crossTenant: { pairs(): Promise<CrossTenantPairs> },
): void {
  serveRoute(app, INTEGRITY_ROUTES.summary, async ({ actor }) => integrity.summary(actor));
  serveRoute(app, INTEGRITY_ROUTES.flags, async ({ actor, query }) => integrity.flags(actor, query));
  serveRoute(app, INTEGRITY_ROUTES.decide, async ({ actor, params, body }) =>
    integrity.decide(actor, params.id, body),
  );
  serveRoute(app, INTEGRITY_ROUTES.evaluate, async ({ actor }) => integrity.evaluate(actor));
  // The global admin's counts per pair of tenants (issue #36 item 4), in the platform's context.
  serveRoute(app, INTEGRITY_ROUTES.crossTenantPairs, async () => crossTenant.pairs());
}

/**
 * The routes whose success changes a tenant's records: an upload, the review decisions (edit,
 * approve or reject, approve selected, resolve) and a re-verification. Bulk verification ends in
 * its job, which asks by itself; an integrity decision asks in its service.
 */
const RECORD_CHANGING = [
  RECORDS_ROUTES.upload,
  VALIDATION_ROUTES.edit,
  VALIDATION_ROUTES.decide,
  VALIDATION_ROUTES.approveMany,
  VALIDATION_ROUTES.resolve,
  CLAIMS_ROUTES.reverify,
  // Issue #22: a second approver's decision rejects a record or returns it to its queue.
  APPROVALS_ROUTES.approve,
  APPROVALS_ROUTES.decline,
  APPROVALS_ROUTES.withdraw,
];

/**
 * The routes whose success changes the input of some rules only (issue #35's HR lists, each read
 * by its own rule and by nothing else the rules read), with those rules: their run evaluates those
 * rules alone, unless a change of the tenant's own (or a new day) asks for every rule (DECISIONS
 * 304).
 */
const RULES_CHANGING: [ApiRoute, IntegrityRule[]][] = [
  [HR_LISTS_ROUTES.uploadSeparations, ['PAID_AFTER_EXIT']],
  [HR_LISTS_ROUTES.uploadNominalRoll, ['NOT_ON_NOMINAL_ROLL']],
  [HR_LISTS_ROUTES.uploadSalaryTable, ['PAY_ABOVE_SCALE']],
];

/**
 * After a route of RECORD_CHANGING succeeds, the integrity rules are asked to run again (issue
 * #21), before the answer is sent: a caller who then reads the summary sees it stale or running,
 * never the old figures as current. Registered before the routes, so that it applies to them all.
 */
export function evaluateIntegrityAfterChanges(app: FastifyInstance, request: IntegrityRequest): void {
  const key = (r: ApiRoute) => `${r.method} ${r.path}`;
  // Each changing route with the rules it asks for (undefined: every rule).
  const changing = new Map<string, IntegrityRule[] | undefined>([
    ...RECORD_CHANGING.map((r): [string, undefined] => [key(r), undefined]),
    ...RULES_CHANGING.map(([r, rules]): [string, IntegrityRule[]] => [key(r), rules]),
  ]);
  app.addHook('onSend', async (req, reply, payload) => {
    const tenantId = req.actor?.tenantId;
    const route = `${req.method} ${req.routeOptions.url}`;
    if (reply.statusCode < 300 && tenantId && changing.has(route)) {
      const rules = changing.get(route);
      await request(tenantId, route, rules ? { rules } : {}).catch((err: unknown) =>
        req.log.warn({ err }, 'integrity evaluation not queued'),
      );
    }
    return payload;
  });
}
