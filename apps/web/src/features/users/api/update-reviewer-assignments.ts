import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReviewerSchema, type Assignments, type Reviewer } from '@portal/contract/people';
import { apiRequest } from '../../../lib/api-client.ts';
import { reviewerAssignmentsPath, userKeys } from './users-keys.ts';

export interface UpdateAssignmentsInput {
  reviewerId: string;
  assignments: Assignments;
}

/** PUT /tenant-admin/reviewers/{id}/assignments: replaces the reviewer's ministries and departments. */
export function updateReviewerAssignments({
  reviewerId,
  assignments,
}: UpdateAssignmentsInput): Promise<Reviewer> {
  return apiRequest(reviewerAssignmentsPath(reviewerId), {
    method: 'PUT',
    body: assignments,
    schema: ReviewerSchema,
  });
}

export function useUpdateReviewerAssignments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReviewerAssignments,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.reviewers() }),
  });
}
