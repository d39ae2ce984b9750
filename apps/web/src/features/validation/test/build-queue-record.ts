import type { MasterRecord } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { buildMasterRecord } from '../../../test/build-master-record.ts';

/** A record waiting for a reviewer: pending grade validation, with its salary grade and birth date. */
export function buildQueueRecord(overrides: Partial<MasterRecord> = {}): MasterRecord {
  return buildMasterRecord({
    salaryGradeId: 'SG-0801',
    salaryStructure: 'CONHESS',
    dateOfBirth: '1980-01-02',
    status: 'PENDING_GRADE_VALIDATION',
    version: 3,
    ...overrides,
  });
}

export function queueReply(
  items: MasterRecord[],
  counts: QueuePage['counts'],
  total = items.length,
  pageSize = 5,
): { status: number; body: QueuePage } {
  return { status: 200, body: { items, total, page: 1, pageSize, counts, closeReasons: {}, held: {} } };
}
