import type { FastifyInstance } from 'fastify';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { scopeOf } from '../../access/actor.ts';
import type { PublicTenantResolver } from '../../access/public-tenant.ts';
import { serveRoute } from '../../access/route.ts';
import type { EmployeeService } from '../employee/employee.service.ts';
import type { ClaimsService } from './claims.service.ts';

export function claimsRoutes(
  app: FastifyInstance,
  deps: { claims: ClaimsService; employee: EmployeeService; tenants: PublicTenantResolver },
): void {
  const { claims, employee, tenants } = deps;

  serveRoute(app, CLAIMS_ROUTES.initiate, async ({ body, request }) =>
    claims.initiate(await tenants.resolve(request), body, { ip: request.ip, agent: null }),
  );

  // A claim started for one tenant goes on only where no other tenant is named.
  serveRoute(app, CLAIMS_ROUTES.challenge, async ({ body, request }) =>
    claims.challenge(body.recordId, body.psn, request.ip, await tenants.named(request)),
  );

  for (const route of [CLAIMS_ROUTES.createAccount, CLAIMS_ROUTES.registerEmployee]) {
    serveRoute(app, route, async ({ body, request }) =>
      claims.createAccount(body, await tenants.named(request)),
    );
  }

  serveRoute(app, CLAIMS_ROUTES.agentInitiate, async ({ actor, body, request }) =>
    claims.initiate(scopeOf(actor), body, {
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
