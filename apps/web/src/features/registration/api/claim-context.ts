/**
 * Who runs the claim: the employee on the public screen (tenant from the Host subdomain, or the
 * `?tenant=` of the link sent as X-Tenant), or a signed-in agent (tenant from their account).
 */
export type ClaimContext = { variant: 'public'; tenant: string | null } | { variant: 'agent' };

/** The X-Tenant header of a public call; the server prefers the Host's subdomain when it has one. */
export function tenantHeaders(context: ClaimContext): Record<string, string> | undefined {
  return context.variant === 'public' && context.tenant ? { 'X-Tenant': context.tenant } : undefined;
}

/** `?tenant=` of a public link: a subdomain-shaped value, else none. */
export function tenantFromSearch(search: URLSearchParams): string | null {
  const value = search.get('tenant')?.trim().toLowerCase() ?? '';
  return /^[a-z0-9](?:[a-z0-9-]{0,48}[a-z0-9])?$/.test(value) ? value : null;
}
