import type { Approval } from '@portal/contract/decisions';

/** A PENDING rejection of another user, unless overridden. */
export function buildApproval(overrides: Partial<Approval> = {}): Approval {
  return {
    id: 'ap-1',
    kind: 'REJECTION',
    status: 'PENDING',
    recordId: 'r-1',
    exportId: null,
    flagId: null,
    makerEmail: 'reviewer@demo.local',
    createdAt: '2026-11-24T09:30:00.000Z',
    summary: 'Reject PSN001 Ada Ngozi Obi: Deceased',
    reasonCode: 'DECEASED',
    reasonLabel: 'Deceased',
    note: 'Died in May',
    mine: false,
    record: {
      psn: 'PSN001',
      fullName: 'Ada Ngozi Obi',
      ministry: 'Ministry of Health',
      department: 'Nursing',
      status: 'PENDING_SECOND_APPROVAL',
      statusBeforeApproval: 'VALIDATED',
      monthlyGrossPay: 250000.5,
    },
    export: null,
    checkerEmail: null,
    checkerNote: null,
    decidedAt: null,
    ...overrides,
  };
}

/** A PENDING export of the signed-in admin: 1,812 rows, 3 removed since the last approved one. */
export function buildExportApproval(overrides: Partial<Approval> = {}): Approval {
  return buildApproval({
    id: 'ap-2',
    kind: 'EXPORT',
    recordId: null,
    exportId: 'ex-1',
    summary: 'Payroll export of 1,812 records',
    reasonCode: null,
    reasonLabel: null,
    note: null,
    mine: true,
    makerEmail: 'tenant.admin@demo.local',
    record: null,
    export: {
      recordCount: 1812,
      sizeBytes: 120000,
      sha256: 'ab'.repeat(32),
      previousExportId: 'ex-0',
      previousRecordCount: 1814,
      added: 1,
      removed: 3,
      removedByReason: [
        { reason: 'DECEASED', label: 'Deceased', count: 2 },
        { reason: 'DELETED', label: 'deleted from the master list', count: 1 },
      ],
    },
    ...overrides,
  });
}
