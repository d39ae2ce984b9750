import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import {
  INTEGRITY_RULE_DESCRIPTIONS,
  INTEGRITY_RULE_LABELS,
  type IntegrityDecision,
} from '@portal/contract/integrity';
import type { HrListKind } from '@portal/contract/hr-lists';
import { countOf, formatCount } from '../../lib/format.ts';

/** Texts of the Integrity tab (issue #21). */
export const INTEGRITY_TEXTS = {
  tab: 'Integrity',
  reviewerTab: 'Integrity Flags',
  reviewerTabsLabel: 'Reviewer sections',
  title: 'Integrity',
  subtitle:
    'Records the payroll rules flag as possible ghosts, with the monthly pay at stake. Confirm a ghost to take it off the payroll, or dismiss a flag with a reason.',
  reviewerTitle: 'Integrity Flags',
  reviewerSubtitle: 'Flags of the payroll rules on the records assigned to you',
  loading: 'Loading the integrity figures...',
  loadFailed: 'Could not load the integrity figures.',
  retry: 'Retry',
  rules: INTEGRITY_RULE_LABELS,
  ruleDescriptions: INTEGRITY_RULE_DESCRIPTIONS,
  status: {
    evaluating: 'Evaluating…',
    progress: (done: number, total: number) => `Step ${formatCount(done)} of ${formatCount(total)}`,
    queued: 'Waiting for the rules to run after the latest changes…',
    current: (asOf: string) => `Rules evaluated as of ${asOf}`,
    never: 'The rules have not been evaluated yet.',
    evaluateNow: 'Evaluate now',
    evaluating2: 'Evaluating...',
  },
  totals: {
    label: 'Totals',
    flagged: 'Records flagged',
    atStake: '₦ at stake a month',
    /** Issue #35: paid since the exit to the people PAID_AFTER_EXIT flags, by approved exports. */
    recoverable: '₦ recoverable (paid since exit)',
    payUnknown: (n: number) => `${countOf(n, 'flagged record')} without a monthly pay (counted as ₦0)`,
  },
  cards: {
    label: 'Rules',
    records: (n: number) => countOf(n, 'record'),
    perMonth: 'a month',
    recoverable: 'recoverable',
    off: 'Switched off',
    filter: (rule: string) => `Show the flags of ${rule}`,
  },
  /** The lists HR and the pay office keep beside the master list (issue #35). */
  lists: {
    title: 'Lists',
    subtitle:
      'The lists HR and the pay office keep beside the master list. Some ghosts show only against them: people paid after leaving, payees HR does not know, pay above the salary scale. The rules run again after every upload.',
    label: 'HR lists',
    kinds: {
      SEPARATIONS: {
        title: 'Separations',
        about: 'Who left the service, when and why. An upload adds people and updates those already on it.',
        columns:
          'PSN or NIN, Full Name, Exit Date, Exit Reason (Retired, Deceased, Resigned, Dismissed, Transferred, Other), Reference',
        upload: 'Upload the separations list',
        dropzone: 'Drag and drop the separations list here',
      },
      NOMINAL_ROLL: {
        title: 'Nominal roll',
        about: "HR's list of who works where. An upload replaces the roll of the ministries it names.",
        columns: 'PSN or NIN, Full Name, Ministry, Department, Grade Level',
        upload: 'Upload a nominal roll',
        dropzone: 'Drag and drop the nominal roll here',
      },
      SALARY_TABLE: {
        title: 'Salary table',
        about:
          'The highest monthly gross of each salary structure, grade level and step. An upload replaces the table whole.',
        columns:
          'Salary Structure, Grade Level, Step, Maximum Monthly Gross (and, if you have it, Minimum Monthly Gross)',
        upload: 'Upload the salary table',
        dropzone: 'Drag and drop the salary table here',
      },
    } satisfies Record<
      HrListKind,
      { title: string; about: string; columns: string; upload: string; dropzone: string }
    >,
    loading: 'Loading the lists...',
    loadFailed: 'Could not load the lists.',
    notUploaded: 'Not uploaded yet',
    file: 'File',
    rows: 'Rows',
    asOf: 'As of',
    uploaded: 'Uploaded',
    by: 'By',
    counts: (rows: number, created: number, updated: number) =>
      `${countOf(rows, 'row')}: ${formatCount(created)} new, ${formatCount(updated)} updated`,
    upload: 'Upload',
    /** On the roll but not on the master list: an HR discrepancy, not a ghost. */
    notOnPayroll: 'Download those not on the payroll (CSV)',
    notOnPayrollFailed: 'Could not download the list',
    dialog: {
      columns: (columns: string) =>
        `Columns: ${columns}. Headers may be spelled as HR offices write them; every row is checked and a file with a bad row is refused whole.`,
      asOf: 'As of',
      asOfHint: 'The day the roll describes',
      done: 'Upload complete',
      rows: 'Rows read',
      created: 'New',
      updated: 'Updated',
      close: 'Close',
      uploadAnother: 'Upload Another File',
    },
  },
  chart: {
    title: 'Pay at stake by ministry',
    empty: 'No pay at stake: no record is flagged.',
    series: '₦ a month',
    description: (n: number) =>
      `Monthly pay of the flagged records in each of ${countOf(n, 'ministry', 'ministries')}`,
  },
  list: {
    title: 'Flags',
    tableLabel: 'Integrity flags',
    ruleFilter: 'Rule',
    allRules: 'All rules',
    statusFilter: 'Status',
    statuses: { OPEN: 'Open', CONFIRMED: 'Confirmed', DISMISSED: 'Dismissed' } as Record<string, string>,
    columns: {
      employee: 'Employee',
      posting: 'Ministry / Department',
      rule: 'Rule',
      evidence: 'Evidence',
      pay: '₦ a month',
      decision: 'Decision',
      actions: 'Actions',
    },
    decide: 'Decide',
    decideLabel: (name: string) => `Decide on the flag of ${name}`,
    emptyTitle: 'No Flags',
    emptyOpen: 'No record is flagged by this rule. The rules run again after every upload and decision.',
    emptyOther: 'No flag has this status.',
    emptySearchTitle: 'No Flags Found',
    emptySearch: 'No flag matches the search and filters.',
    payUnknown: 'Unknown',
    decidedBy: (reason: string, email: string | null) => (email ? `${reason} (${email})` : reason),
  },
  dialog: {
    title: 'Decide on an Integrity Flag',
    decision: 'Decision',
    decisions: {
      CONFIRM: 'Confirm: not a legitimate employee',
      DISMISS: 'Dismiss: the flag does not make them a ghost',
    } satisfies Record<IntegrityDecision, string>,
    confirmWarning: (name: string) =>
      `Confirming rejects the record of ${name}: it leaves the payroll export (once a second tenant admin approves, when your tenant requires one). The reason is kept in the record's history.`,
    dismissNote:
      'Dismissed flags stay closed until their evidence changes (a new date, a new record in the group).',
    reason: 'Reason',
    reasonsLoading: 'Loading the reasons...',
    note: 'Note',
    cancel: 'Cancel',
    confirm: 'Confirm Ghost',
    dismiss: 'Dismiss Flag',
    /** Before a decision is chosen: the button says neither (issue #31). */
    undecided: 'Choose a Decision',
    saving: 'Saving...',
  },
  toasts: {
    confirmed: (name: string) =>
      `${name} confirmed as a ghost: the record is rejected and leaves the payroll.`,
    /** With a second approver (issue #22) the record stays as it is until another tenant admin approves. */
    confirmationRequested: (name: string) =>
      `${APPROVAL_MESSAGES.requested} ${name} stays on the payroll until a second tenant admin approves the confirmation.`,
    dismissed: 'Flag dismissed.',
    failed: (message: string) => `Could not save the decision: ${message}`,
    evaluationStarted: 'The rules are being evaluated.',
  },
  overviewCard: '₦ at stake a month',
} as const;
