import { PlatformOverviewSchema } from '../tenants.ts';
import { defineRoute } from './define-route.ts';

/** The global admin's live platform figures (server: modules/overview/overview.routes.ts). */
export const OVERVIEW_ROUTES = {
  platform: defineRoute({
    method: 'GET',
    path: '/api/v1/global-admin/overview',
    roles: ['GLOBAL_SUPER_ADMIN'],
    tags: ['global-admin'],
    summary: 'Live platform health and metrics',
    response: PlatformOverviewSchema,
  }),
};
