import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClaimTenant } from '@portal/contract/claims';
import { CLAIMS_ROUTES } from '@portal/contract/routes/claims';
import { callApi } from '../../../lib/api-client.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { tenantHeaders } from './claim-context.ts';

/**
 * GET /claims/tenant (public): the name of the tenant whose claim screen this is (issue #31), by
 * the Host's subdomain or the link's `?tenant=`. None when it cannot be told: the screen then
 * names no one, and the claim's own answer says what went wrong. Its time zone is the screen's
 * (issue #31 item 12).
 */
export function useClaimTenant(tenant: string | null) {
  const query = useQuery({
    queryKey: ['claim-tenant', tenant],
    queryFn: ({ signal }): Promise<ClaimTenant> =>
      callApi(CLAIMS_ROUTES.tenant, { signal, headers: tenantHeaders({ variant: 'public', tenant }) }),
    retry: false,
    staleTime: Infinity,
  });
  const zone = query.data?.timeZone;
  useEffect(() => {
    if (zone) setDisplayTimeZone(zone);
  }, [zone]);
  return query;
}
