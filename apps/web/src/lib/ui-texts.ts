/**
 * Screen texts the web needs beyond `MESSAGES` of the contract. Candidates to move into
 * packages/contract/src/messages.ts.
 */
export const UI_TEXTS = {
  shell: {
    signOut: 'Sign Out',
    signingOut: 'Signing out...',
    close: 'Close',
    trademark: '\u2122',
  },
  login: {
    title: 'Sign In',
    subtitle: 'Use your portal account to continue.',
    email: 'Email',
    password: 'Password',
    rememberMe: 'Remember me',
    togglePassword: 'toggle password visibility',
    /** Lock banner; `countdown` is mm:ss. */
    lockedCountdown: (countdown: string) => `Too many failed attempts. Please try again in ${countdown}.`,
  },
  registration: {
    title: 'Verify Your Identity',
    subtitle: 'Claim Your Secure Account',
    backToLogin: 'Back to Login',
  },
  sectionPreparing: 'This section is being prepared.',
  dashboards: {
    globalAdmin: {
      title: 'Global Admin Dashboard',
      subtitle: 'Manage all tenants and system-wide settings',
      tabsLabel: 'Global admin sections',
      overview: 'Overview',
      tenants: 'Tenant Management',
    },
    tenantAdmin: {
      title: 'Tenant Admin Dashboard',
      subtitle: 'Upload and manage records for your tenant',
      tabsLabel: 'Tenant admin sections',
      overview: 'Overview',
      users: 'User Management',
      uploads: 'File Upload',
      records: 'Master Records',
      bulkVerify: 'Bulk Verification',
      validation: 'Validation Queue',
      export: 'Payroll Export',
      notFound: 'Records Without BioMetrics',
    },
    agent: {
      title: 'Agent Dashboard',
      subtitle: 'Data collection and field operations',
      panel: 'Agent Operations',
      verify: 'Verify and Register an Employee',
    },
    reviewer: {
      title: 'Reviewer Dashboard',
      subtitle: 'Validate the records assigned to you',
      queue: 'My Validation Tasks',
    },
    user: {
      title: 'User Dashboard',
      subtitle: 'Personal account and verification management',
      panel: 'User Portal',
      profile: 'My Profile',
    },
  },
} as const;
