import type { BulkJob } from '@portal/contract/verification';
import { builder } from '../../../test/builder.ts';

/** A finished job of the sample master list; override what a test needs. */
export const buildBulkJob = builder<BulkJob>(() => ({
  id: 'job-1',
  createdAt: '2026-11-21T09:30:00.000Z',
  startedAt: '2026-11-21T09:30:02.000Z',
  finishedAt: '2026-11-21T09:30:03.000Z',
  status: 'COMPLETED',
  statusMessage: 'Verified 2,000 of 2,000 records: 1,880 found, 80 mismatched, 120 not found, 0 failed.',
  totalRecords: 2000,
  processedRecords: 2000,
  successfullyVerifiedRecords: 1880,
  mismatchedRecords: 80,
  notFoundRecords: 120,
  failedRecords: 0,
  progressPercent: 100,
  createdByEmail: 'tenant.admin@demo.local',
}));

/** A job still at work: `processed` of 2000 records done. */
export function buildRunningJob(processed: number, overrides: Partial<BulkJob> = {}): BulkJob {
  return buildBulkJob({
    status: 'RUNNING',
    statusMessage: null,
    finishedAt: null,
    processedRecords: processed,
    successfullyVerifiedRecords: 0,
    mismatchedRecords: 0,
    notFoundRecords: 0,
    progressPercent: (processed / 2000) * 100,
    ...overrides,
  });
}
