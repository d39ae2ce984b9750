import type { FastifyInstance } from 'fastify';
import { CLAIM_CONSENT } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { recordScopeOf, scopeOf } from '../../access/actor.ts';
import type { PublicTenantResolver } from '../../access/public-tenant.ts';
import { serveRoute } from '../../access/route.ts';
import { asPlatform, withTenant } from '../../platform/tenant-context.ts';
import type { EmployeeService } from '../employee/employee.service.ts';
import type { ClaimsService } from './claims.service.ts';

export function claimsRoutes(
  app: FastifyInstance,
  deps: { claims: ClaimsService; employee: EmployeeService; tenants: PublicTenantResolver },
): void {
  const { claims, employee, tenants } = deps;

  // A public call sees the rows of the tenant it names (row-level security, DECISIONS 110); one
  // that names none (a claim's later steps, found by the claim's token) the platform's.
  const within = <T>(tenantId: string | undefined, fn: () => Promise<T>) =>
    tenantId ? withTenant(tenantId, fn) : asPlatform(fn);

  // The same statement for every tenant: nothing of a tenant's is in it.
  serveRoute(app, CLAIMS_ROUTES.consent, async () => ({
    ...CLAIM_CONSENT,
    paragraphs: [...CLAIM_CONSENT.paragraphs],
  }));
  serveRoute(app, CLAIMS_ROUTES.tenant, async ({ request }) => tenants.name(request));

  serveRoute(app, CLAIMS_ROUTES.initiate, async ({ body, request }) => {
    const scope = await tenants.resolve(request);
    return withTenant(scope.tenantId, () => claims.initiate(scope, body, { ip: request.ip, agent: null }));
  });

  // A claim started for one tenant goes on only where no other tenant is named.
  serveRoute(app, CLAIMS_ROUTES.challenge, async ({ body, request }) => {
    const named = await tenants.named(request);
    return within(named, () => claims.challenge(body.recordId, body.psn, request.ip, named));
  });

  for (const route of [CLAIMS_ROUTES.createAccount, CLAIMS_ROUTES.registerEmployee]) {
    serveRoute(app, route, async ({ body, request }) => {
      const named = await tenants.named(request);
      return within(named, () => claims.createAccount(body, request.ip, named));
    });
  }

  serveRoute(app, CLAIMS_ROUTES.agentInitiate, async ({ actor, body, request }) =>
    claims.initiate(recordScopeOf(actor), body, {
      ip: actor.address ?? request.ip,
      agent: { userId: actor.userId, email: actor.email },
    }),
  );

  serveRoute(app, CLAIMS_ROUTES.agentChallenge, async ({ actor, body, request }) =>
    claims.challenge(body.recordId, body.psn, request.ip, scopeOf(actor).tenantId),
  );

  serveRoute(app, CLAIMS_ROUTES.reverify, async ({ actor, params, body }) =>
    employee.reverify(actor, params.id, body),
  );

  serveRoute(app, CLAIMS_ROUTES.myRecord, async ({ actor }) => employee.myRecord(actor));

  serveRoute(app, CLAIMS_ROUTES.myRecordHistory, async ({ actor }) => employee.myRecordHistory(actor));
}
