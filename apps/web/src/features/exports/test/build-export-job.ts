import type { ExportJob } from '@portal/contract/exports';
import { builder } from '../../../test/builder.ts';

/** A finished export of three validated records; override what a test needs. */
export const buildExportJob = builder<ExportJob>(() => ({
  id: '5f0c2a7e-1111-4000-8000-000000000001',
  status: 'COMPLETED',
  statusMessage: null,
  recordCount: 1234,
  sizeBytes: 2048,
  sha256: 'ab'.repeat(32),
  exportedByEmail: 'tenant.admin@demo.local',
  exportTimestamp: '2026-11-21T09:30:00.000Z',
  finishedAt: '2026-11-21T09:30:02.000Z',
}));

/** An export still at work (PENDING or PROCESSING): nothing counted, no file yet. */
export function buildActiveExportJob(overrides: Partial<ExportJob> = {}): ExportJob {
  return buildExportJob({
    id: '5f0c2a7e-2222-4000-8000-000000000002',
    status: 'PROCESSING',
    recordCount: 0,
    sizeBytes: 0,
    sha256: null,
    finishedAt: null,
    ...overrides,
  });
}
