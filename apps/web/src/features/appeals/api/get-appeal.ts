import { useQuery } from '@tanstack/react-query';
import type { Appeal } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { callApi } from '../../../lib/api-client.ts';
import { appealsKeys } from './appeals-keys.ts';

export function getAppeal(id: string, signal?: AbortSignal): Promise<Appeal> {
  return callApi(APPEALS_ROUTES.get, { params: { id }, signal });
}

/** GET /appeals/:id: one appeal with its messages, attachments, decision and arrears. */
export const useAppeal = (id: string) =>
  useQuery({ queryKey: appealsKeys.one(id), queryFn: ({ signal }) => getAppeal(id, signal) });
