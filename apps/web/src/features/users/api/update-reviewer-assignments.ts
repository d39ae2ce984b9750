import type { Assignments, Reviewer } from '@portal/contract/people';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

export interface UpdateAssignmentsInput {
  /** The reviewer or the agent. */
  personId: string;
  assignments: Assignments;
}

/** PUT /tenant-admin/reviewers/{id}/assignments: replaces the reviewer's ministries and departments. */
export function updateReviewerAssignments({
  personId,
  assignments,
}: UpdateAssignmentsInput): Promise<Reviewer> {
  return callApi(PEOPLE_ROUTES.updateAssignments, { params: { id: personId }, body: assignments });
}

export const useUpdateReviewerAssignments = () =>
  useCacheMutation(updateReviewerAssignments, (queryClient) =>
    queryClient.invalidateQueries({ queryKey: userKeys.reviewers() }),
  );
