import { useQuery } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/** GET /tenant-admin/agents: field agents of the own tenant with their assignments (issue #33). */
export const agentsQueryOptions = () =>
  apiQueryOptions(userKeys.agents(), (signal) => callApi(PEOPLE_ROUTES.agents, { signal }));

export const useAgents = () => useQuery(agentsQueryOptions());
