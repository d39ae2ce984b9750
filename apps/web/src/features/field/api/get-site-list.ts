import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteList } from '@portal/contract/campaigns';
import { CAMPAIGNS_ROUTES } from '@portal/contract/routes/campaigns';
import { callApi } from '../../../lib/api-client.ts';

/** GET /campaigns/:id/site-list?site=: the printable list of one site of an exercise. */
export function getSiteList(campaignId: string, site: string, signal?: AbortSignal): Promise<SiteList> {
  return callApi(CAMPAIGNS_ROUTES.siteList, { params: { id: campaignId }, query: { site }, signal });
}

export const siteListQueryOptions = (campaignId: string, site: string) =>
  queryOptions({
    queryKey: ['tenant-admin', 'campaigns', campaignId, 'site-list', site] as const,
    queryFn: ({ signal }) => getSiteList(campaignId, site, signal),
  });

export const useSiteList = (campaignId: string, site: string) =>
  useQuery(siteListQueryOptions(campaignId, site));
