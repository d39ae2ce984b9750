import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReasonCode, ReasonCodeCreate } from '@portal/contract/decisions';
import { REASON_CODES_ROUTES } from '@portal/contract/routes/decisions';
import { SETTINGS_ROUTES } from '@portal/contract/routes/settings';
import type { TenantSettingsUpdate, TenantSettingsView } from '@portal/contract/settings';
import { callApi } from '../../../lib/api-client.ts';
import { reasonCodesQueryKey } from '../../../lib/reason-codes.ts';

const settingsKey = ['tenant-admin', 'settings'] as const;

/** The tenant's settings object, every default filled (issue #21, #22). */
export function useTenantSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => callApi(SETTINGS_ROUTES.get, { signal }),
    refetchOnMount: 'always',
  });
}

/**
 * PUT any part; the answer, the whole object, replaces the cached one. With the second approver on
 * the answer is the settings unchanged, with the change among `pendingChanges` (issue #30).
 */
export function useUpdateTenantSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: TenantSettingsUpdate): Promise<TenantSettingsView> =>
      callApi(SETTINGS_ROUTES.update, { body: update }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}

function useReasonCodeChange<I>(mutationFn: (input: I) => Promise<ReasonCode>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reasonCodesQueryKey }),
  });
}

export const useAddReasonCode = () =>
  useReasonCodeChange((body: ReasonCodeCreate) => callApi(REASON_CODES_ROUTES.add, { body }));

export const useRetireReasonCode = () =>
  useReasonCodeChange((code: string) => callApi(REASON_CODES_ROUTES.retire, { params: { code } }));
