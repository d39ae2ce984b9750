import { API_BASE } from '@portal/contract/api-paths';

export type QueueKind = 'pending' | 'mismatched';

/** Paths of the validation API (SPEC §7). */
export const QUEUE_PATHS: Record<QueueKind, string> = {
  pending: `${API_BASE}/records/queue/pending-approval`,
  mismatched: `${API_BASE}/records/queue/mismatched`,
};
export const QUEUE_FACETS_PATH = `${API_BASE}/records/queue/facets`;
const recordPath = (id: string) => `${API_BASE}/records/${encodeURIComponent(id)}`;
export const RECORD_PATHS = {
  edit: recordPath,
  validate: (id: string) => `${recordPath(id)}/validate`,
  resolve: (id: string) => `${recordPath(id)}/resolve-mismatch`,
  comparison: (id: string) => `${recordPath(id)}/comparison`,
  audit: (id: string) => `${recordPath(id)}/audit`,
  bulkApprove: '/api/v1/records/bulk-approve',
};

/**
 * Query keys, all below ['records']: a decision invalidates ['records'], which reloads both
 * queues and their badge counts, the filter values, the Master Records list and the histories.
 */
export const validationKeys = {
  all: ['records'] as const,
  queues: () => [...validationKeys.all, 'queue'] as const,
  queue: (kind: QueueKind, query: object) => [...validationKeys.queues(), kind, query] as const,
  facets: () => [...validationKeys.queues(), 'facets'] as const,
  comparison: (id: string) => [...validationKeys.all, 'comparison', id] as const,
  history: (id: string) => [...validationKeys.all, 'audit', id] as const,
};
