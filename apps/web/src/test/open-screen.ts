import userEvent from '@testing-library/user-event';
import type { TokenClaims } from '@portal/contract/auth';
import type { DashboardStats } from '@portal/contract/verification';
import { storeToken } from '../lib/auth-storage.ts';
import { buildAppealFigures } from './build-appeal-figures.ts';
import { buildToken } from './build-token.ts';
import { renderApp } from './render-app.tsx';
import { stubApi, type ApiReplies } from './stub-fetch.ts';

/**
 * Signs in with a token of `claims` (a tenant admin unless overridden), answers the API from
 * `replies` and renders the whole app at `path`.
 */
export function openScreen(path: string, replies: ApiReplies = {}, claims: Partial<TokenClaims> = {}) {
  const fetchMock = stubApi(replies);
  storeToken(buildToken(claims));
  const view = renderApp(path);
  return { ...view, fetchMock, user: userEvent.setup() };
}

/** GET /users/me of the demo tenant admin, as the top bar asks for it. */
export const TENANT_ADMIN_ME_REPLY = {
  'GET /api/v1/users/me': {
    status: 200,
    body: {
      id: 'user-1',
      fullName: 'Tia Admin',
      email: 'tenant.admin@demo.local',
      role: 'TENANT_ADMIN',
      status: 'ACTIVE',
      tenantId: 'tenant-1',
      tenantName: 'Demo State',
    },
  },
};

/** The tenant's figures: 2,000 records, 120 of them not found, unless overridden. */
export function buildDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalUniqueRecords: 2000,
    totalVerified: 1880,
    totalValidated: 0,
    totalPendingApproval: 1800,
    totalMismatched: 80,
    totalNotFound: 120,
    totalReviewers: 1,
    totalSelfServiceUsers: 1,
    totalAgentAccounts: 1,
    totalUploaded: 0,
    totalAwaitingRevalidation: 0,
    totalRejected: 0,
    totalPendingSecondApproval: 0,
    totalSuspended: 0,
    totalMatchedClosely: 0,
    appeals: buildAppealFigures(),
    ...overrides,
  };
}
