import { ApiErrorSchema } from '../errors.ts';
import { TenantSettingsUpdateSchema, TenantSettingsViewSchema } from '../settings.ts';
import { defineRoute } from './define-route.ts';

const roles = ['TENANT_ADMIN'] as const;
const tags = ['settings'];

/** The tenant's settings object (server: modules/settings/settings.routes.ts). */
export const SETTINGS_ROUTES = {
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/tenant-admin/settings',
    roles,
    tags,
    summary: "The tenant's settings, every default filled (the integrity rules' thresholds and switches)",
    response: TenantSettingsViewSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/v1/tenant-admin/settings',
    roles,
    tags,
    summary:
      'Change any part of the settings (what is left out keeps its value); answers the whole object. With the second approver on, the change waits for a different tenant admin (pendingChanges)',
    body: TenantSettingsUpdateSchema,
    response: TenantSettingsViewSchema,
    errors: { 400: ApiErrorSchema },
    fourEyes: 'MAKER',
  }),
};
