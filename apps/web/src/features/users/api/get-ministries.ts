import { useQuery } from '@tanstack/react-query';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/**
 * GET /tenant-admin/ministries: the ministries the uploaded master lists named. An upload on the
 * File Upload tab may have added some: refetched whenever this tab opens.
 */
export const ministriesQueryOptions = () =>
  apiQueryOptions(userKeys.ministries(), (signal) => callApi(RECORDS_ROUTES.ministries, { signal }), {
    staleTime: 0,
  });

export const useMinistries = () => useQuery(ministriesQueryOptions());
