/** Query keys of this feature; the start mutation and finished jobs invalidate through them. */
export const verificationKeys = {
  jobs: ['tenant-admin', 'bulk-jobs'] as const,
  accountChecks: ['tenant-admin', 'account-check-jobs'] as const,
  notFound: ['tenant-admin', 'not-found'] as const,
  legalBasis: ['tenant-admin', 'bulk-verification', 'legal-basis'] as const,
  notFoundPage: (page: number, pageSize: number, q: string) =>
    [...verificationKeys.notFound, { page, pageSize, q }] as const,
};
