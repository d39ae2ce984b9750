import { ACCOUNT_CHECK_MESSAGES, VERIFICATION_MESSAGES } from '@portal/contract/verification';
import { countOf, formatCount } from '../../lib/format.ts';

/**
 * Texts of Bulk Verification and Records Without BioMetrics (SPEC §2, §8). Toast texts come from
 * the contract; the rest are candidates for lib/ui-texts.ts.
 */
export const VERIFICATION_TEXTS = {
  /** Issue #22: the legal basis of bulk verification, from the tenant's provider settings. */
  legalBasis: {
    title: 'Legal basis',
    defaultNote:
      'Default text: the platform administrator can set your tenant’s own legal basis in its identity provider settings.',
  },
  bulk: {
    title: 'Bulk Verification',
    subtitle:
      'Check every uploaded record against the Source of Truth. Found records go to the validation queue; records that are not found are potential ghost workers.',
    start: 'Start New Bulk Verification',
    starting: 'Starting...',
    jobActive: VERIFICATION_MESSAGES.jobActive,
    started: VERIFICATION_MESSAGES.started,
    startFailed: (message: string) => `${VERIFICATION_MESSAGES.startFailed}${message}`,
    allVerified: VERIFICATION_MESSAGES.allVerified,
    loadFailed: VERIFICATION_MESSAGES.jobsLoadFailed,
    totalVerified: 'Total Records Verified',
    totalVerifiedCaption: 'Found in the Source of Truth',
    totalNotFound: 'Total Not Found',
    totalNotFoundCaption: 'Potential Ghosts',
    viewList: 'View List',
    historyTitle: 'Job History',
    tableLabel: 'Bulk verification jobs',
    loading: 'Loading job history...',
    columns: {
      createdAt: 'Created',
      totalRecords: 'Total Records',
      verified: 'Verified',
      notFound: 'Not Found',
      status: 'Status',
      nextStep: 'Next Step',
    },
    goToValidation: 'Go to Validation Queue',
    noNextStep: 'None',
    progressLabel: 'Verification progress',
    progress: (processed: string, total: string) => `${processed} / ${total}`,
    emptyTitle: 'No Jobs Found',
    emptyMessage: 'Start a bulk verification to check your records against the Source of Truth.',
  },
  notFound: {
    title: 'Records Without BioMetrics',
    subtitle: 'These records may require manual investigation',
    loading: 'Loading records...',
    tableLabel: 'Records not found in the Source of Truth',
    countChip: (count: number) => countOf(count, 'record'),
    /** The chip under a search: its matches of all the flagged records. */
    searchChip: (found: number, flagged: number) => `${formatCount(found)} / ${countOf(flagged, 'record')}`,
    flagged: 'Flagged',
    masterList: 'Master list',
    share: 'Share of the master list',
    columns: { fullName: 'Full Name', psn: 'PSN', department: 'Department', ministry: 'Ministry' },
    emptyTitle: 'All Clear!',
    emptyMessage: 'No records were flagged as not found in the Source of Truth.',
    emptySearchTitle: 'No Records Found',
    emptySearchMessage: 'No flagged record matches the search.',
    backToBulk: 'Back to Bulk Verification',
  },
  /** Issue #36: the bank's name for each salary account, beside bulk verification. */
  accountCheck: {
    title: 'Account Check',
    intro:
      "Ask each employee's bank whose name their salary account is in: the employee's own, another person's (Other Name), or none (Not Found: closed or unknown to the bank). What the banks answer is flagged on the Integrity tab; a lookup that failed is counted as Failed, never as not found.",
    start: 'Start Account Check',
    starting: 'Starting...',
    started: 'Account check started. The banks are being asked in the background.',
    startFailed: (message: string) => `Could not start the account check: ${message}`,
    jobActive: ACCOUNT_CHECK_MESSAGES.jobActive,
    noAccounts: ACCOUNT_CHECK_MESSAGES.noAccounts,
    historyTitle: 'Account Check History',
    tableLabel: 'Account check jobs',
    loading: 'Loading account checks...',
    loadFailed: 'Could not load the account checks.',
    emptyTitle: 'No Account Checks Yet',
    emptyMessage: 'Start an account check to ask the banks whose name each salary account is in.',
    columns: {
      createdAt: 'Created',
      accounts: 'Accounts',
      ownName: 'Own Name',
      otherName: 'Other Name',
      notFound: 'Not Found',
      failed: 'Failed',
      status: 'Status',
      nextStep: 'Next Step',
    },
    review: 'Review Flags',
  },
} as const;
