import type { MasterRecord } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';

export function buildQueueRecord(overrides: Partial<MasterRecord> = {}): MasterRecord {
  return {
    id: 'r-1',
    fullName: 'Ada Ngozi Obi',
    employeeId: 'DM/HLT/1',
    ssid: null,
    nin: null,
    psn: null,
    ministry: 'Ministry of Health',
    ministryId: 'm-health',
    department: 'Nursing Services',
    departmentId: 'd-nursing',
    gradeLevel: 'GL 08',
    salaryGradeId: 'SG-0801',
    salaryStructure: 'CONHESS',
    dateOfBirth: '1980-01-02',
    email: null,
    phone: null,
    status: 'PENDING_GRADE_VALIDATION',
    originalUploadData: '{}',
    sotData: null,
    lastError: null,
    lastVerifiedAt: null,
    validatedAt: null,
    version: 3,
    ...overrides,
  };
}

export function queueReply(
  items: MasterRecord[],
  counts: QueuePage['counts'],
  total = items.length,
  pageSize = 5,
): { status: number; body: QueuePage } {
  return { status: 200, body: { items, total, page: 1, pageSize, counts } };
}
