import { APPEALS_ROUTES } from './appeals.ts';
import { AUDIT_ROUTES } from './audit.ts';
import { AUTH_ROUTES } from './auth.ts';
import { CAMPAIGNS_ROUTES } from './campaigns.ts';
import { CLAIMS_ROUTES } from './claims.ts';
import { APPROVALS_ROUTES, EXPORT_CHANGES_ROUTES, REASON_CODES_ROUTES } from './decisions.ts';
import type { ApiRoute } from './define-route.ts';
import { EXPORTS_ROUTES } from './exports.ts';
import { FIELD_ROUTES } from './field.ts';
import { HEALTH_ROUTES } from './health.ts';
import { HR_LISTS_ROUTES } from './hr-lists.ts';
import { INTEGRITY_ROUTES } from './integrity.ts';
import { OVERVIEW_ROUTES } from './overview.ts';
import { PEOPLE_ROUTES } from './people.ts';
import { RECORDS_ROUTES } from './records.ts';
import { SETTINGS_ROUTES } from './settings.ts';
import { TENANTS_ROUTES } from './tenants.ts';
import { USERS_ROUTES } from './users.ts';
import { VALIDATION_ROUTES } from './validation.ts';
import { VERIFICATION_ROUTES } from './verification.ts';

/** The route tables by feature; a route's operationId is its feature and its key (issue #31). */
export const API_ROUTE_TABLES = {
  health: HEALTH_ROUTES,
  auth: AUTH_ROUTES,
  users: USERS_ROUTES,
  tenants: TENANTS_ROUTES,
  people: PEOPLE_ROUTES,
  overview: OVERVIEW_ROUTES,
  records: RECORDS_ROUTES,
  claims: CLAIMS_ROUTES,
  exports: EXPORTS_ROUTES,
  validation: VALIDATION_ROUTES,
  verification: VERIFICATION_ROUTES,
  settings: SETTINGS_ROUTES,
  integrity: INTEGRITY_ROUTES,
  reasonCodes: REASON_CODES_ROUTES,
  approvals: APPROVALS_ROUTES,
  exportChanges: EXPORT_CHANGES_ROUTES,
  audit: AUDIT_ROUTES,
  campaigns: CAMPAIGNS_ROUTES,
  field: FIELD_ROUTES,
  appeals: APPEALS_ROUTES,
  hrLists: HR_LISTS_ROUTES,
} as const satisfies Record<string, Record<string, ApiRoute>>;

/** Every route of the API, one table per feature; the server serves exactly these (a test holds it). */
export const API_ROUTES: readonly ApiRoute[] = Object.values(API_ROUTE_TABLES).flatMap((table): ApiRoute[] =>
  Object.values(table),
);

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1);

const OPERATION_IDS = new Map<ApiRoute, string>(
  Object.entries(API_ROUTE_TABLES).flatMap(([feature, table]) =>
    Object.entries(table).map(([key, route]): [ApiRoute, string] => [route, feature + capitalized(key)]),
  ),
);

/**
 * The route's OpenAPI operationId, from its feature and its key in the route table (e.g.
 * `recordsUpload`): stable while the table is, and what client generators name their methods by.
 * A route outside the table (a unit test's) is named by its method and path.
 */
export function operationIdOf(route: ApiRoute): string {
  return (
    OPERATION_IDS.get(route) ??
    route.method.toLowerCase() +
      route.path
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalized)
        .join('')
  );
}
