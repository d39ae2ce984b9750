import { HR_LIST_KINDS, type HrListState, type HrListUpload } from '@portal/contract/hr-lists';
import { builder } from './builder.ts';

/** An HR list's upload as GET /hr-lists answers it: a separations list of 120 rows unless said. */
export const buildHrListUpload = builder<HrListUpload>(() => ({
  id: 'u-1',
  fileName: 'separations-2026.csv',
  rows: 120,
  created: 100,
  updated: 20,
  asOf: null,
  uploadedAt: '2026-11-24T09:30:00.000Z',
  uploadedByEmail: 'tenant.admin@demo.local',
}));

/** GET /hr-lists: every list, with the last uploads given (the others never uploaded). */
export function hrListsReply(uploads: Partial<Record<HrListState['kind'], object>> = {}) {
  return {
    status: 200,
    body: HR_LIST_KINDS.map((kind) => ({ kind, lastUpload: uploads[kind] ?? null })),
  };
}
