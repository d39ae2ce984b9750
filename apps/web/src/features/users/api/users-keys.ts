import { API_BASE } from '@portal/contract/api-paths';

/** Paths of the tenant admin's people API (SPEC §7). */
export const TENANT_ADMIN_PATH = `${API_BASE}/tenant-admin`;
export const USERS_PATH = `${TENANT_ADMIN_PATH}/users`;
export const CHECK_EMAIL_PATH = `${USERS_PATH}/check-email`;
export const REVIEWERS_PATH = `${API_BASE}/users/reviewers`;
export const MINISTRIES_PATH = `${TENANT_ADMIN_PATH}/ministries`;
export const DEPARTMENTS_PATH = `${TENANT_ADMIN_PATH}/departments`;
export const reviewerAssignmentsPath = (id: string) =>
  `${TENANT_ADMIN_PATH}/reviewers/${encodeURIComponent(id)}/assignments`;

/** Query keys of this feature; mutations invalidate through the same keys. */
export const userKeys = {
  all: ['tenant-admin', 'people'] as const,
  users: () => [...userKeys.all, 'users'] as const,
  emailChecks: () => [...userKeys.all, 'check-email'] as const,
  emailCheck: (email: string) => [...userKeys.emailChecks(), email] as const,
  reviewers: () => [...userKeys.all, 'reviewers'] as const,
  ministries: () => [...userKeys.all, 'ministries'] as const,
  departments: () => [...userKeys.all, 'departments'] as const,
};
