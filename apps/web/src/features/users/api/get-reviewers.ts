import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ReviewerSchema, type Reviewer } from '@portal/contract/people';
import { apiRequest } from '../../../lib/api-client.ts';
import { REVIEWERS_PATH, userKeys } from './users-keys.ts';

/** GET /users/reviewers: reviewers of the own tenant with pending counts and assignments. */
export function getReviewers(signal?: AbortSignal): Promise<Reviewer[]> {
  return apiRequest(REVIEWERS_PATH, { schema: z.array(ReviewerSchema), signal });
}

export function reviewersQueryOptions() {
  return queryOptions({ queryKey: userKeys.reviewers(), queryFn: ({ signal }) => getReviewers(signal) });
}

export function useReviewers() {
  return useQuery(reviewersQueryOptions());
}
