import type { Agent } from '@portal/contract/people';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import type { UpdateAssignmentsInput } from './update-reviewer-assignments.ts';
import { userKeys } from './users-keys.ts';

/** PUT /tenant-admin/agents/{id}/assignments: replaces the agent's ministries and departments (none: all). */
export function updateAgentAssignments({ personId, assignments }: UpdateAssignmentsInput): Promise<Agent> {
  return callApi(PEOPLE_ROUTES.updateAgentAssignments, { params: { id: personId }, body: assignments });
}

export const useUpdateAgentAssignments = () =>
  useCacheMutation(updateAgentAssignments, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: userKeys.agents() }),
  );
