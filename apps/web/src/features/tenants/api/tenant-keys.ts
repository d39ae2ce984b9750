/** Query keys of this feature; mutations update or invalidate through the same keys. */
export const tenantKeys = {
  all: ['global-admin', 'tenants'] as const,
  list: () => [...tenantKeys.all, 'list'] as const,
  subdomain: (subdomain: string) => [...tenantKeys.all, 'check-subdomain', subdomain] as const,
  users: (tenantId: string) => [...tenantKeys.all, tenantId, 'users'] as const,
};
