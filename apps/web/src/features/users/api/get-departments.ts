import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { NamedSchema, type Named } from '@portal/contract/records';
import { apiRequest } from '../../../lib/api-client.ts';
import { DEPARTMENTS_PATH, userKeys } from './users-keys.ts';

/** GET /tenant-admin/departments: the departments the uploaded master lists named. */
export function getDepartments(signal?: AbortSignal): Promise<Named[]> {
  return apiRequest(DEPARTMENTS_PATH, { schema: z.array(NamedSchema), signal });
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
