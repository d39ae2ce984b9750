import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reviewer } from '@portal/contract/people';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { userKeys } from './users-keys.ts';

/** GET /users/reviewers: reviewers of the own tenant with pending counts and assignments. */
export function getReviewers(signal?: AbortSignal): Promise<Reviewer[]> {
  return callApi(PEOPLE_ROUTES.reviewers, { signal });
}

export function reviewersQueryOptions() {
  return queryOptions({ queryKey: userKeys.reviewers(), queryFn: ({ signal }) => getReviewers(signal) });
}

export function useReviewers() {
  return useQuery(reviewersQueryOptions());
}
