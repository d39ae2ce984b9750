import type { FastifyInstance } from 'fastify';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import { scopeOf } from '../../access/actor.ts';
import { serveRoute } from '../../access/route.ts';
import type { TenantLegalBasis } from '../identity/provider-settings.ts';
import type { RecordsService } from '../records/records.service.ts';
import type { AccountCheckService } from './account-check.service.ts';
import type { VerificationService } from './verification.service.ts';

export function verificationRoutes(
  app: FastifyInstance,
  verification: VerificationService,
  records: RecordsService,
  legalBasis: TenantLegalBasis,
  accountCheck: AccountCheckService,
): void {
  serveRoute(app, VERIFICATION_ROUTES.legalBasis, async ({ actor }) =>
    legalBasis.forTenant(scopeOf(actor).tenantId),
  );

  serveRoute(app, VERIFICATION_ROUTES.startBulk, async ({ actor }) => verification.start(actor));

  serveRoute(app, VERIFICATION_ROUTES.bulkJobs, async ({ actor }) => verification.list(actor));

  serveRoute(app, VERIFICATION_ROUTES.startAccountCheck, async ({ actor }) => accountCheck.start(actor));

  serveRoute(app, VERIFICATION_ROUTES.accountCheckJobs, async ({ actor }) => accountCheck.list(actor));

  serveRoute(app, VERIFICATION_ROUTES.comparison, async ({ actor, params }) =>
    verification.comparison(actor, params.id),
  );

  serveRoute(app, VERIFICATION_ROUTES.notFound, async ({ actor, query }) =>
    records.listNotFound(actor, query),
  );

  serveRoute(app, VERIFICATION_ROUTES.dashboardStats, async ({ actor }) =>
    verification.dashboardStats(actor),
  );
}
