/** Texts of the tenant overview (SPEC §2 'Tenant overview'). Candidates for lib/ui-texts.ts. */
export const OVERVIEW_TEXTS = {
  title: 'Overview',
  subtitle: 'Where your master list stands, from upload to final validation.',
  loading: 'Loading tenant statistics...',
  cards: {
    totalUniqueRecords: 'Total Unique Records',
    totalVerified: 'Total Verified (SoT)',
    totalValidated: 'Total Validated (Final)',
    pendingValidation: 'Pending Validation',
    mismatched: 'Mismatched Records',
    notFound: 'No Biometrics (Potential Ghosts)',
    reviewers: 'Total Reviewers',
    selfServiceUsers: 'Self-Service Users',
    agentAccounts: 'Agent Accounts',
  },
  statsLabel: 'Tenant statistics',
  integrity: {
    label: '₦ at stake a month',
    flagged: (records: string) => `${records} flagged by the payroll integrity rules`,
    evaluating: 'Evaluating…',
  },
  appeals: {
    title: 'Appeals',
    description:
      'People taken off the payroll who asked to be heard: how their appeals were decided and what is owed to those put back.',
    open: 'Open the appeals',
  },
  funnel: {
    title: 'Verification Funnel',
    description:
      'How the uploaded records moved through verification against the Source of Truth and final validation. Percentages are of all uploaded records.',
    empty: 'No records uploaded yet. Upload a master list in File Upload, then start a bulk verification.',
    uploaded: 'Uploaded',
    verified: 'Verified (SoT)',
    matchedExactly: 'Matched exactly',
    matchedClosely: 'Matched closely (name)',
    validated: 'Validated (Final)',
    mismatched: 'Mismatched',
    notFound: 'Not found (Potential Ghosts)',
    awaiting: 'Not verified yet',
    branchOf: (parent: string) => `branch of ${parent}`,
  },
} as const;
