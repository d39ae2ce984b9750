/** Query keys of this feature; mutations invalidate through the same keys. */
export const userKeys = {
  all: ['tenant-admin', 'people'] as const,
  users: () => [...userKeys.all, 'users'] as const,
  emailChecks: () => [...userKeys.all, 'check-email'] as const,
  emailCheck: (email: string) => [...userKeys.emailChecks(), email] as const,
  reviewers: () => [...userKeys.all, 'reviewers'] as const,
  agents: () => [...userKeys.all, 'agents'] as const,
  ministries: () => [...userKeys.all, 'ministries'] as const,
  departments: () => [...userKeys.all, 'departments'] as const,
};
