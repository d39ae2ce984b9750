import { useQuery } from '@tanstack/react-query';
import { PEOPLE_ROUTES } from '@portal/contract/routes/people';
import { callApi } from '../../../lib/api-client.ts';
import { apiQueryOptions } from '../../../lib/api-query.ts';
import { userKeys } from './users-keys.ts';

/** GET /users/reviewers: reviewers of the own tenant with pending counts and assignments. */
export const reviewersQueryOptions = () =>
  apiQueryOptions(userKeys.reviewers(), (signal) => callApi(PEOPLE_ROUTES.reviewers, { signal }));

export const useReviewers = () => useQuery(reviewersQueryOptions());
