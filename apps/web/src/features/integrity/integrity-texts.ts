import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import {
  INTEGRITY_RULE_DESCRIPTIONS,
  INTEGRITY_RULE_LABELS,
  type IntegrityDecision,
} from '@portal/contract/integrity';
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
    payUnknown: (n: number) => `${countOf(n, 'flagged record')} without a monthly pay (counted as ₦0)`,
  },
  cards: {
    label: 'Rules',
    records: (n: number) => countOf(n, 'record'),
    perMonth: 'a month',
    off: 'Switched off',
    filter: (rule: string) => `Show the flags of ${rule}`,
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
