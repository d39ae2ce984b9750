import { AUDIT_ACTION_LABELS } from '@portal/contract/audit';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { RECORD_MESSAGES } from '@portal/contract/records';
import { VALIDATION_MESSAGES as M } from '@portal/contract/validation';
import { IDENTITY_FIELD_LABELS, type RemovedMatch } from '@portal/contract/integrity';
import { countOf, formatCalendarDate, formatCount } from '../../lib/format.ts';

/** Texts of the validation queues and their dialogs (SPEC §2 Validation Queues, §8 Queues). */
export const VALIDATION_TEXTS = {
  closeReasons: 'Close match: differences forgiven',
  /** Issue #30: a record sharing an identity with one removed from the payroll. */
  held: {
    chip: 'Held: identity of a removed record',
    label: 'Why this record is held',
    line: (m: RemovedMatch) => {
      const fields = m.fields.map((f) => IDENTITY_FIELD_LABELS[f]).join(', ');
      const who = m.recordId
        ? [m.psn, m.fullName].filter(Boolean).join(' ')
        : 'a record outside your assignments';
      const how = m.decision === 'INTEGRITY_CONFIRMED' ? 'confirmed as a ghost' : 'rejected';
      const why = m.reasonLabel ?? m.reasonCode;
      return `Same ${fields} as ${who}, ${how}${why ? ` (${why})` : ''}${m.decidedAt ? ` on ${formatCalendarDate(m.decidedAt)}` : ''}.`;
    },
    more: (n: number) => `and ${countOf(n, 'more removed record')}`,
    hint: 'It cannot be approved until its integrity flag is decided (Integrity tab: confirm it or dismiss it).',
    blocked: 'Held: decide its integrity flag first',
  },
  tenant: {
    title: 'Validation Queue',
    subtitle: 'Approve, reject, edit and resolve the records of your tenant that await a decision.',
    loading: 'Loading Validation Queues...',
  },
  reviewer: {
    title: 'My Validation Tasks',
    subtitle: 'Review records assigned to you',
    loading: 'Loading Your Assigned Tasks...',
  },
  filters: {
    label: 'Filter the queue',
    ministry: 'Ministry',
    department: 'Department',
    grade: 'Grade',
    selectedCount: (n: number) => `${n} selected`,
    clear: 'Clear',
  },
  tabs: {
    label: 'Validation queues',
    pending: 'Pending Approval',
    mismatched: 'Mismatched Records',
    count: (n: number) => countOf(n, 'record'),
  },
  columns: {
    employee: 'Employee',
    department: 'Department',
    ministry: 'Ministry',
    grade: 'Grade',
    salaryGradeId: 'Salary Grade ID',
    salaryStructure: 'Salary Structure',
    actions: 'Actions',
  },
  tableLabel: { pending: 'Records pending approval', mismatched: 'Mismatched records' },
  refreshing: 'Refreshing the queue',
  noValue: '\u2014',
  actions: {
    approve: 'Approve',
    edit: 'Edit Record',
    reject: 'Reject Record',
    resolve: 'Resolve',
    history: 'History',
  },
  empty: {
    pendingTitle: 'Queue is Clear',
    pendingMessage: 'You have no records pending approval.',
    mismatchedTitle: 'No Mismatches',
    mismatchedMessage: 'You have no mismatched records to resolve.',
    filtered: 'No record of this queue matches the filters.',
    searched: 'No record of this queue matches the search and filters.',
  },
  edit: {
    title: 'Edit Record',
    loading: 'Loading the record...',
    loadFailed: 'Could not load the record.',
    fullName: 'Full Name',
    gradeLevel: 'Grade Level',
    department: 'Department',
    ministry: 'Ministry',
    salaryStructure: 'Salary Structure',
    payroll: {
      legend: 'Payroll',
      dateOfFirstAppointment: 'Date of First Appointment',
      bank: 'Bank',
      accountNumber: 'Account Number',
      bvn: 'BVN',
      monthlyGrossPay: 'Monthly Gross Pay (₦)',
      hints: {
        dateOfFirstAppointment: '',
        bank: '',
        accountNumber: '10 digits (NUBAN)',
        bvn: '11 digits',
        monthlyGrossPay: 'e.g. 250,000.00',
      },
    },
    cancel: 'Cancel',
    save: 'Save Changes',
    saving: 'Saving...',
    fullNameRequired: M.fullNameRequired,
    departmentRequired: M.departmentRequired,
  },
  reject: {
    title: 'Reject Record',
    message: (fullName: string) =>
      `Say why the record of ${fullName} is rejected: choose a reason and write the comments. Both are kept in the record's history.`,
    reasonCode: 'Reason',
    reasonsLoading: 'Loading the reasons...',
    reason: 'Comments',
    reasonRequired: M.reasonRequired,
    cancel: 'Cancel',
    confirm: 'Reject Record',
    rejecting: 'Rejecting...',
  },
  resolve: {
    title: 'Resolve Data Mismatch',
    explanation:
      'The data held by the source of truth (SoT) for this employee differs from the data uploaded in the master list. Differing values are highlighted. Accept the SoT data to correct the record and validate it, or edit the record manually.',
    loading: 'Loading the comparison...',
    loadFailed: 'Could not load the comparison.',
    field: 'Field',
    original: 'Original Uploaded Data',
    sot: 'Source of Truth Data',
    differs: 'differs',
    verdict: 'Match',
    similarity: (percent: number) => `${percent}% similar`,
    tableLabel: 'Uploaded data compared with the source of truth',
    cancel: 'Cancel',
    editManually: 'Edit Manually',
    accept: 'Accept SoT Data & Validate',
    accepting: 'Validating...',
    newSalaryGradeId: (grade: string) => `Salary Grade ID for ${grade}`,
    salaryGradeHint: (from: string, to: string) =>
      `The grade changes from ${from} to ${to}. Check the Salary Grade ID proposed for ${to} (step kept) before accepting.`,
  },
  history: {
    title: 'Record History',
    loading: 'Loading the history...',
    loadFailed: 'Could not load the history.',
    empty: 'Nothing has happened to this record yet.',
    close: 'Close',
    by: (actor: string) => `by ${actor}`,
    system: 'the system',
    changes: 'Changes',
    listLabel: 'Events, newest first',
  },
  fields: {
    fullName: 'Full Name',
    dateOfBirth: 'Date of Birth',
    gradeLevel: 'Grade Level',
    ministry: 'Ministry',
    department: 'Department',
    salaryStructure: 'Salary Structure',
    salaryGradeId: 'Salary Grade ID',
    status: 'Status',
    nin: 'NIN',
    dateOfFirstAppointment: 'Date of First Appointment',
    bank: 'Bank',
    accountNumber: 'Account Number',
    bvn: 'BVN',
    monthlyGrossKobo: 'Monthly Gross Pay',
  } as Record<string, string>,
  auditActions: {
    RECORD_APPROVED: 'Approved',
    RECORD_REJECTED: 'Rejected',
    RECORD_EDITED: 'Edited',
    RECORD_MISMATCH_RESOLVED: 'Mismatch resolved (SoT data accepted)',
    RECORD_INTEGRITY_CONFIRMED: 'Rejected: integrity flag confirmed',
    // A bulk verification's outcome (issue #31 item 8); a mismatch names its fields (record history).
    RECORD_VERIFIED: AUDIT_ACTION_LABELS.RECORD_VERIFIED,
    RECORD_VERIFIED_MISMATCH: AUDIT_ACTION_LABELS.RECORD_VERIFIED_MISMATCH,
    RECORD_NOT_FOUND_IN_SOURCE: AUDIT_ACTION_LABELS.RECORD_NOT_FOUND_IN_SOURCE,
    // Four-eyes (issue #22): the audit log's words for the same events.
    APPROVAL_REQUESTED: AUDIT_ACTION_LABELS.APPROVAL_REQUESTED,
    APPROVAL_GRANTED: AUDIT_ACTION_LABELS.APPROVAL_GRANTED,
    APPROVAL_DECLINED: AUDIT_ACTION_LABELS.APPROVAL_DECLINED,
    APPROVAL_WITHDRAWN: AUDIT_ACTION_LABELS.APPROVAL_WITHDRAWN,
  } as Record<string, string>,
  bulk: {
    approveSelected: (n: number) => (n === 0 ? 'Approve selected' : `Approve selected (${formatCount(n)})`),
    selectAll: 'Select every record of this page',
    select: (fullName: string) => `Select ${fullName}`,
    confirmTitle: 'Approve Selected Records',
    confirmMessage: (n: number) =>
      `Approve ${countOf(n, 'record')}? Each is validated and kept in its history as if approved alone.`,
    confirm: (n: number) => `Approve ${countOf(n, 'record')}`,
    approved: (n: number) => `${countOf(n, 'record')} approved successfully!`,
    refused: (n: number, first: string) =>
      `${countOf(n, 'record')} could not be approved: ${first}${n > 1 ? ' (and others)' : ''}`,
  },
  toasts: {
    loadFailed: M.loadFailed,
    approved: M.approved,
    approveFailed: M.approveFailed,
    rejected: M.rejected,
    rejectionRequested: `${APPROVAL_MESSAGES.requested} The record stays as it is until a second tenant admin approves the rejection.`,
    rejectFailed: M.rejectFailed,
    resolved: M.resolved,
    resolveFailed: M.resolveFailed,
    updated: RECORD_MESSAGES.updated,
    saveFailed: (message: string) => `${RECORD_MESSAGES.saveFailed}${message}`,
  },
} as const;
