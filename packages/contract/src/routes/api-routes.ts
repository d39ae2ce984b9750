import { AUDIT_ROUTES } from './audit.ts';
import { AUTH_ROUTES } from './auth.ts';
import { CLAIMS_ROUTES } from './claims.ts';
import { APPROVALS_ROUTES, EXPORT_CHANGES_ROUTES, REASON_CODES_ROUTES } from './decisions.ts';
import type { ApiRoute } from './define-route.ts';
import { EXPORTS_ROUTES } from './exports.ts';
import { HEALTH_ROUTES } from './health.ts';
import { INTEGRITY_ROUTES } from './integrity.ts';
import { OVERVIEW_ROUTES } from './overview.ts';
import { PEOPLE_ROUTES } from './people.ts';
import { RECORDS_ROUTES } from './records.ts';
import { SETTINGS_ROUTES } from './settings.ts';
import { TENANTS_ROUTES } from './tenants.ts';
import { USERS_ROUTES } from './users.ts';
import { VALIDATION_ROUTES } from './validation.ts';
import { VERIFICATION_ROUTES } from './verification.ts';

/** Every route of the API, one table per feature; the server serves exactly these (a test holds it). */
export const API_ROUTES: readonly ApiRoute[] = [
  HEALTH_ROUTES,
  AUTH_ROUTES,
  USERS_ROUTES,
  TENANTS_ROUTES,
  PEOPLE_ROUTES,
  OVERVIEW_ROUTES,
  RECORDS_ROUTES,
  CLAIMS_ROUTES,
  EXPORTS_ROUTES,
  VALIDATION_ROUTES,
  VERIFICATION_ROUTES,
  SETTINGS_ROUTES,
  INTEGRITY_ROUTES,
  REASON_CODES_ROUTES,
  APPROVALS_ROUTES,
  EXPORT_CHANGES_ROUTES,
  AUDIT_ROUTES,
].flatMap((table): ApiRoute[] => Object.values(table));
