/** Business constants of SPEC §9. */
export const LIMITS = {
  loginMaxAttempts: 3,
  loginBlockMs: 15 * 60 * 1000,
  loginPasswordMin: 6,
  passwordMin: 8,
  generatedPasswordLength: 12,
  tenantNameMin: 2,
  tenantNameMax: 100,
  subdomainMin: 2,
  subdomainMax: 50,
  descriptionMax: 500,
  stateCodeLength: 2,
  subdomainDebounceMs: 300,
  defaultPageSize: 50,
} as const;

export const TOAST_MS = {
  login: 5000,
  tenantSuccess: 3000,
  tenantError: 5000,
  queues: 4000,
  records: 4000,
  bulkShort: 3000,
  bulkLong: 5000,
  exports: 5000,
  agentConfirmation: 3000,
} as const;

export const TIMINGS = {
  publicRedirectMs: 2000,
  bulkPollDelayMs: 5000,
  bulkPollEveryMs: 10000,
  exportPollDelayMs: 5000,
  exportPollEveryMs: 15000,
  jobHistoryReloadMs: 1500,
  exportHistoryReloadMs: 3000,
} as const;

export const PAGE_SIZES = {
  tenants: [5, 10, 20],
  reviewers: [5, 10, 20],
  users: [5, 10, 25],
  queues: [5, 10, 25],
  exports: [5, 10, 25],
  records: [10, 25, 100],
  jobs: [5, 10, 20],
  /** An upload history: the master list's, each HR list's. */
  uploads: [5, 10, 25],
  notFound: [10, 25, 50],
} as const;
