import { API_BASE } from '@portal/contract/api-paths';

/** Paths of the bulk verification API (SPEC §7). */
export const BULK_JOBS_PATH = `${API_BASE}/bulk-jobs`;
export const BULK_VERIFY_PATH = `${API_BASE}/records/bulk-verify`;
export const NOT_FOUND_PATH = `${API_BASE}/records/flagged/not-in-sot`;

/** Query keys of this feature; the start mutation and finished jobs invalidate through them. */
export const verificationKeys = {
  jobs: ['tenant-admin', 'bulk-jobs'] as const,
  notFound: ['tenant-admin', 'not-found'] as const,
  notFoundPage: (page: number, pageSize: number, q: string) =>
    [...verificationKeys.notFound, { page, pageSize, q }] as const,
};
