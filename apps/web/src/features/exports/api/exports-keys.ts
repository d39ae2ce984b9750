import { API_BASE } from '@portal/contract/api-paths';

/** Paths of the payroll export API (SPEC §7). */
export const EXPORT_PATH = `${API_BASE}/records/export`;
export const EXPORT_LOGS_PATH = `${API_BASE}/records/export-logs`;
export const exportDownloadPath = (id: string) => `${EXPORT_LOGS_PATH}/${encodeURIComponent(id)}/download`;

/** Query keys of this feature; the generate mutation invalidates through them. */
export const exportKeys = {
  jobs: ['tenant-admin', 'export-logs'] as const,
};
