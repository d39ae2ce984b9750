import { APPEAL_DEADLINE_LIMITS } from '@portal/contract/appeals';
import { REASON_CODE_MESSAGES } from '@portal/contract/decisions';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from '@portal/contract/settings';

/** Texts of the tenant admin's Settings tab (issue #22: the second approver and the reason codes). */
export const SETTINGS_TEXTS = {
  tab: 'Settings',
  title: 'Settings',
  subtitle: 'How decisions are taken in your tenant: who confirms them and which reasons they give.',
  loading: 'Loading the settings...',
  loadFailed: 'Could not load the settings.',
  secondApprover: {
    title: 'Second approver',
    label: 'Require a second approver',
    description:
      'When on, a rejection, a confirmed integrity flag and a payroll export take effect only once a different tenant admin approves them in Pending my approval. Until then the record keeps its status and stays in the payroll, and an export cannot be downloaded. Nobody can approve their own action, nor one of an account they created. While it is on, adding a tenant admin and every change of the settings (switching this off too) also wait for a different tenant admin.',
    on: 'A second approver is now required.',
    off: 'A second approver is no longer required.',
    failed: (message: string) => `Could not save the setting: ${message}`,
    /** Issue #30: the change waits for a second approver. */
    awaits: SETTINGS_MESSAGES.awaitsApproval,
    pendingTitle: 'Waiting for a second approver',
    pendingBy: (email: string, when: string) => `Requested by ${email} on ${when}`,
    pendingHint:
      'A different tenant admin approves or declines it in Pending my approval; its maker can withdraw it there.',
  },
  /** Issue #31 item 12: the tenant's one time zone. */
  timeZone: {
    title: 'Time zone',
    label: 'Time zone',
    description:
      'Every date and time on your screens, in the names of the files you download and inside them (payroll export, audit log) is in this zone. Files write times with the zone’s offset, for instance 2026-11-28T00:19:00+01:00.',
    save: 'Save time zone',
    saving: 'Saving...',
    saved: (zone: string) => `Time zone saved: times are now shown in ${zone}.`,
    awaits: SETTINGS_MESSAGES.awaitsApproval,
    failed: (message: string) => `Could not save the time zone: ${message}`,
  },
  /** Issue #34: how long the tenant gives itself to decide an appeal. */
  appealDeadline: {
    title: 'Appeals',
    label: 'Appeal deadline (days)',
    description: `Days from an appeal's lodging to its deadline (${APPEAL_DEADLINE_LIMITS.min} to ${APPEAL_DEADLINE_LIMITS.max}). An appeal is at risk when 7 days or fewer are left and breached after. A change applies to appeals lodged after it.`,
    save: 'Save deadline',
    saving: 'Saving...',
    saved: (days: number) => `Appeal deadline saved: ${days} days for appeals lodged from now on.`,
    awaits: SETTINGS_MESSAGES.awaitsApproval,
    failed: (message: string) => `Could not save the appeal deadline: ${message}`,
  },
  /** Issue #21, #35: the payroll integrity rules' thresholds and switches. */
  integrity: {
    title: 'Integrity rules',
    saving: 'Saving...',
    thresholds: {
      description: `The ages the date rules judge by: a person is past retirement at the retirement age (${SETTINGS_LIMITS.retirementAge.min} to ${SETTINGS_LIMITS.retirementAge.max}), and past the service limit after that many years since the first appointment (${SETTINGS_LIMITS.serviceLimitYears.min} to ${SETTINGS_LIMITS.serviceLimitYears.max}). A change runs the rules again.`,
      labels: { retirementAge: 'Retirement age', serviceLimitYears: 'Service limit (years)' },
      save: 'Save thresholds',
      saved: 'Thresholds saved: the rules are running again with them.',
    },
    rules: {
      description:
        'Which rules look for ghosts on your payroll. A rule switched off raises no flag and its open flags close when the rules next run, which saving starts; flags already confirmed or dismissed keep their decision.',
      listLabel: 'Integrity rules',
      save: 'Save rules',
      saved: 'Rules saved: the rules are running again.',
    },
    awaits: SETTINGS_MESSAGES.awaitsApproval,
    failed: (message: string) => `Could not save the integrity rules: ${message}`,
  },
  reasonCodes: {
    title: 'Reason codes',
    subtitle:
      'The reasons a reviewer chooses from when rejecting a record or confirming an integrity flag, with the records now rejected for each. A retired code is no longer offered; the records that carry it keep it.',
    tableLabel: 'Reason codes',
    columns: {
      label: 'Reason',
      code: 'Code',
      needsNote: 'Note',
      rejected: 'Rejected records',
      status: 'Status',
      actions: 'Actions',
    },
    needsNote: 'Required',
    noNote: 'Optional',
    active: 'Active',
    retired: 'Retired',
    retiredBy: (email: string | null) => (email ? `Retired by ${email}` : 'Retired'),
    defaultCode: 'default',
    withoutCode: (n: string) =>
      `${n} rejected records have no reason code (rejected before reason codes existed).`,
    add: 'Add Reason Code',
    retire: 'Retire',
    retireLabel: (label: string) => `Retire ${label}`,
    otherStays: REASON_CODE_MESSAGES.otherCannotRetire,
    retireConfirm: {
      title: 'Retire Reason Code',
      message: (label: string, code: string) =>
        `Retire '${label}' (${code})? Reviewers can no longer choose it; the records rejected with it keep it.`,
      confirm: 'Retire',
    },
    added: REASON_CODE_MESSAGES.added,
    retiredDone: REASON_CODE_MESSAGES.retiredDone,
    failed: (message: string) => `Could not save the reason code: ${message}`,
  },
  addDialog: {
    title: 'Add Reason Code',
    code: 'Code',
    codeHint: 'Capital letters, digits and underscores, e.g. ON_SECONDMENT',
    label: 'Label',
    labelHint: 'What reviewers see, e.g. On secondment to another state',
    needsNote: 'A note is required with this reason',
    cancel: 'Cancel',
    confirm: 'Add',
    adding: 'Adding...',
  },
} as const;
