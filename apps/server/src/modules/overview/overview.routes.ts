import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PlatformOverviewSchema } from '@portal/contract/tenants';
import type { OverviewService } from './overview.service.ts';

export function overviewRoutes(app: FastifyInstance, overview: OverviewService): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/global-admin/overview', {
    config: { roles: ['GLOBAL_SUPER_ADMIN'] },
    schema: {
      tags: ['global-admin'],
      summary: 'Live platform health and metrics',
      response: { 200: PlatformOverviewSchema },
    },
    handler: async () => overview.overview(),
  });
}
