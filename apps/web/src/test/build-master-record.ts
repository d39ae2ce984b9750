import type { MasterRecord } from '@portal/contract/records';
import { builder } from './builder.ts';

/** A master record as the API returns it: a validated nurse of the Ministry of Health unless overridden. */
export const buildMasterRecord = builder<MasterRecord>(() => ({
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
  salaryGradeId: null,
  salaryStructure: null,
  dateOfBirth: null,
  email: null,
  phone: null,
  dateOfFirstAppointment: null,
  bank: null,
  accountNumber: null,
  bvn: null,
  monthlyGrossPay: null,
  status: 'VALIDATED',
  originalUploadData: '{}',
  sotData: null,
  lastError: null,
  lastVerifiedAt: null,
  validatedAt: null,
  version: 1,
}));

/** A record of the Treasury flagged NOT_FOUND (no biometrics), numbered `n`. */
export function buildGhostRecord(n: number, overrides: Partial<MasterRecord> = {}): MasterRecord {
  return buildMasterRecord({
    id: `g-${n}`,
    fullName: `Person ${n}`,
    employeeId: null,
    psn: `PSN${1000 + n}`,
    ministry: 'Ministry of Finance',
    ministryId: null,
    department: 'Treasury',
    departmentId: null,
    gradeLevel: 'GL 10',
    status: 'NOT_FOUND',
    ...overrides,
  });
}

interface RecordsPageCounts {
  total: number;
  unfilteredTotal: number;
  page: number;
  pageSize: number;
}

/** One page of GET /records (or of the flagged records) as the server answers it. */
export function recordsReply(
  items: MasterRecord[],
  { total = items.length, unfilteredTotal = total, page = 1, pageSize = 10 }: Partial<RecordsPageCounts> = {},
) {
  return { status: 200, body: { items, total, page, pageSize, unfilteredTotal } };
}
