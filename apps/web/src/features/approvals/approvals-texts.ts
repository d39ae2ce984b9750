import { APPROVAL_KIND_LABELS, APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { countOf, formatCount } from '../../lib/format.ts';

/** Texts of the 'Pending my approval' tab (issue #22, four-eyes). Messages come from the contract. */
export const APPROVALS_TEXTS = {
  tab: 'Pending my approval',
  /** The tab's badge, read by screen readers after the tab's name. */
  badge: (n: number) => `${countOf(n, 'action')} awaiting your approval`,
  title: 'Pending my approval',
  subtitle:
    'Rejections, confirmed integrity flags, payroll exports, new tenant admins and settings changes wait here for a second tenant admin when the tenant requires a second approver. Nobody approves their own action, nor that of an account they created.',
  /** A reviewer's tab (the maker's side): their own rejections and confirmations awaiting approval. */
  maker: {
    tab: 'Awaiting approval',
    title: 'Awaiting a second approver',
    subtitle:
      'Your rejections and confirmed flags that wait for a tenant admin to approve them. Until then the record keeps its status; you can withdraw a decision to take it again.',
    emptyTitle: 'Nothing of yours awaits approval',
    emptyMessage:
      'When your tenant requires a second approver, your rejections and confirmed flags wait here until a tenant admin approves or declines them.',
  },
  loading: 'Loading the actions awaiting approval...',
  loadFailed: 'Could not load the actions awaiting approval.',
  listLabel: 'Actions awaiting approval',
  emptyTitle: 'Nothing awaits your approval',
  emptyMessage:
    'When a second approver is required, rejections, confirmed flags, payroll exports, new tenant admins and settings changes appear here until another tenant admin approves them.',
  kinds: APPROVAL_KIND_LABELS,
  by: (email: string) => `by ${email}`,
  you: 'by you',
  reason: 'Reason',
  note: 'Note',
  record: {
    now: 'Status now',
    returnsTo: 'On a decline it returns to',
    pay: 'Monthly gross pay',
    payUnknown: 'Unknown',
  },
  export: {
    rows: 'Rows',
    previous: (n: number) => `${countOf(n, 'row')} in the previous approved export`,
    first: 'The first approved export of this tenant',
    added: 'Added since then',
    removed: 'Removed since then',
    removedByReason: 'Removed, by reason',
    checksum: 'SHA-256 checksum',
    noChecksum: 'Not computed',
  },
  /** ADMIN_GRANT (issue #30): the account to become a tenant admin. */
  account: {
    name: 'New tenant admin',
    email: 'Email',
    status: 'Account now',
    statuses: {
      PENDING_APPROVAL: 'Waiting for approval: cannot sign in',
      ACTIVE: 'Active tenant admin',
      DISABLED: 'Disabled',
    } as Record<string, string>,
    gone: 'Removed (declined or withdrawn)',
  },
  /** SETTINGS_CHANGE (issue #30): each setting, before and after. */
  settings: {
    label: 'Settings changes',
    setting: 'Setting',
    before: 'Now',
    after: 'After approval',
  },
  /** The people behind the export's figures (issue #30). */
  people: {
    title: 'People added and removed',
    subtitle: 'Who this export adds to and removes from the payroll since the last approved export.',
    added: (n: number) => `Added (${formatCount(n)})`,
    removed: (n: number) => `Removed (${formatCount(n)})`,
    changeLabel: 'Show the people',
    listLabel: (added: boolean) => (added ? 'People added' : 'People removed'),
    loading: 'Loading the people...',
    loadFailed: 'Could not load the people added and removed.',
    noneAdded: 'Nobody is added.',
    noneRemoved: 'Nobody is removed.',
    deleted: 'No longer in the master list',
    noPsn: 'No PSN',
    pay: 'Monthly gross pay',
    payUnknown: 'Pay unknown',
    download: 'Download CSV',
    downloading: 'Downloading...',
    downloadFailed: (message: string) => `Could not download the list: ${message}`,
  },
  approve: 'Approve',
  approving: 'Approving...',
  decline: 'Decline',
  withdraw: 'Withdraw',
  withdrawing: 'Withdrawing...',
  /** The reason Approve and Decline are disabled on one's own action (the server refuses too). */
  ownAction: (kind: string) =>
    `You cannot approve your own ${kind.toLowerCase()}: another tenant admin must.`,
  declineDialog: {
    title: 'Decline the Action',
    message: (summary: string) =>
      `Decline '${summary}'? Say why: the note is kept with the record and shown to the reviewers.`,
    note: 'Why you decline',
    noteRequired: APPROVAL_MESSAGES.noteRequired,
    cancel: 'Cancel',
    confirm: 'Decline',
    declining: 'Declining...',
  },
  withdrawConfirm: {
    title: 'Withdraw Your Action',
    message: (summary: string) =>
      `Withdraw '${summary}'? Nothing is changed: the record returns to its queue (an export is discarded, a new tenant admin's account removed, the settings stay as they are).`,
    confirm: 'Withdraw',
  },
  toasts: {
    approved: APPROVAL_MESSAGES.approved,
    declined: APPROVAL_MESSAGES.declined,
    withdrawn: APPROVAL_MESSAGES.withdrawn,
    failed: (message: string) => `Could not save the decision: ${message}`,
  },
} as const;
