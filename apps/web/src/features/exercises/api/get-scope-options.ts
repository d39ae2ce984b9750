import { useQuery } from '@tanstack/react-query';
import { RECORDS_ROUTES } from '@portal/contract/routes/records';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { exercisesKeys } from './exercises-keys.ts';

/**
 * The tenant's ministries and departments, to choose an exercise's scope from. An upload may have
 * added some since: read again whenever the form opens.
 */
export const useScopeMinistries = () =>
  useQuery(
    apiQueryOptions(
      [...exercisesKeys.scope, 'ministries'],
      (signal) => callApi(RECORDS_ROUTES.ministries, { signal }),
      {
        staleTime: 0,
      },
    ),
  );

export const useScopeDepartments = () =>
  useQuery(
    apiQueryOptions(
      [...exercisesKeys.scope, 'departments'],
      (signal) => callApi(RECORDS_ROUTES.departments, { signal }),
      { staleTime: 0 },
    ),
  );
