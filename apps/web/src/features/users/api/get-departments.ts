import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Named } from '@portal/contract/records';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './users-keys.ts';

/** GET /tenant-admin/departments: the departments the uploaded master lists named. */
export function getDepartments(signal?: AbortSignal): Promise<Named[]> {
  return callApi(RECORDS_ROUTES.departments, { signal });
}

export function departmentsQueryOptions() {
  return queryOptions({
    queryKey: userKeys.departments(),
    queryFn: ({ signal }) => getDepartments(signal),
    // An upload on the File Upload tab may have added some: refetch whenever this tab opens.
    staleTime: 0,
  });
}

export function useDepartments() {
  return useQuery(departmentsQueryOptions());
}
