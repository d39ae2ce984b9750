import { useQuery } from '@tanstack/react-query';
import { VERIFICATION_ROUTES } from '@portal/contract/routes/verification';
import type { BulkLegalBasis } from '@portal/contract/tenants';
import { callApi } from '../../../lib/api-client.ts';
import { verificationKeys } from './verification-keys.ts';

/** GET /tenant-admin/bulk-verification/legal-basis: the tenant's text, or the default (issue #22). */
export function useLegalBasis() {
  return useQuery({
    queryKey: verificationKeys.legalBasis,
    queryFn: ({ signal }): Promise<BulkLegalBasis> => callApi(VERIFICATION_ROUTES.legalBasis, { signal }),
  });
}
