import { VALIDATION_ROUTES } from '@portal/contract/routes/validation';

export type QueueKind = 'pending' | 'mismatched';

/** The route of each queue tab. */
export const QUEUE_ROUTES = {
  pending: VALIDATION_ROUTES.pendingQueue,
  mismatched: VALIDATION_ROUTES.mismatchedQueue,
} satisfies Record<QueueKind, unknown>;

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
  record: (id: string) => [...validationKeys.all, 'record', id] as const,
};
