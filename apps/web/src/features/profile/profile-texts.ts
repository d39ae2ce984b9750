import { CLAIM_MESSAGES } from '@portal/contract/claims';

/** Texts of the employee's profile (SPEC §2 Employee dashboard, §8 Employee). */
export const PROFILE_TEXTS = {
  title: 'My Profile',
  loading: 'Loading your record...',
  loadFailed: CLAIM_MESSAGES.loadRecordFailed,
  noRecord: 'No employee record is linked to this account yet.',
  noRecordNextStep:
    'Ask your tenant administrator to check that your record is in the master list. An account claimed with your SSID and NIN (“Claim your account” on the sign-in page) is linked to its record automatically.',
  notAssigned: 'Not Assigned',
  notAvailable: 'N/A',
  workId: 'Work ID',
  fields: {
    status: 'Status',
    ssid: 'SSID',
    nin: 'NIN',
    ministry: 'Ministry',
    department: 'Department',
    gradeLevel: 'Grade Level',
  },
  detailsLabel: 'Record details',
  actionRequired: {
    title: 'Action Required',
    message:
      'Your record changed in the latest master list upload and must be verified again. Please re-submit your SSID and NIN.',
    /** Issue #33: a no-show of a verification exercise, whose pay is held, comes forward. */
    suspendedMessage:
      'Your pay is held because you did not appear in a verification exercise. Verify your identity with your SSID and NIN to come forward: your record then goes back to review.',
    // The form's own texts (SSID, NIN, Re-verify) are the shared ReverifyForm's.
  },
  /** Issue #22: the decisions on the employee's own record. */
  history: {
    title: 'Decisions on your record',
    intro:
      'Changes of your record’s status, with the date and the reason given. If you disagree with a decision, contact your tenant administrator (HR or payroll office).',
    loading: 'Loading the decisions on your record...',
    loadFailed: 'Could not load the decisions on your record. Please try again.',
    empty: 'No decision has been taken on your record yet.',
    change: (from: string, to: string) => `${from} → ${to}`,
    reason: 'Reason',
  },
  comingSoon: {
    badge: 'Coming Soon',
    loans: {
      title: 'Access Loans',
      description: 'Apply for staff loans backed by your verified record.',
    },
    liveness: {
      title: 'Liveness Check',
      description: 'Confirm your presence with a quick face check from your phone.',
    },
  },
} as const;
