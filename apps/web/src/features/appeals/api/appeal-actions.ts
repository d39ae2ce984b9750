import type { QueryClient } from '@tanstack/react-query';
import type { Appeal, AppealCreate, AppealDecide } from '@portal/contract/appeals';
import { APPEALS_ROUTES } from '@portal/contract/routes/appeals';
import { callApi } from '../../../lib/api-client.ts';
import { useCacheMutation } from '../../../lib/api-query.ts';
import { approvalsQueryKey } from '../../../lib/pending-approvals.ts';
import { appealsKeys } from './appeals-keys.ts';

/**
 * Every move on an appeal answers with the appeal: its detail is set at once, the lists and the
 * badge are read again; a decision may also hold an approval (the 'Pending my approval' badge).
 */
function refresh(queryClient: QueryClient, appeal: Appeal) {
  queryClient.setQueryData(appealsKeys.one(appeal.id), appeal);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appealsKeys.all, refetchType: 'active' }),
    queryClient.invalidateQueries({ queryKey: approvalsQueryKey }),
  ]);
}

export const lodgeAppeal = (body: AppealCreate) => callApi(APPEALS_ROUTES.create, { body });
export const assignAppeal = ({ id, handlerUserId }: { id: string; handlerUserId: string }) =>
  callApi(APPEALS_ROUTES.assign, { params: { id }, body: { handlerUserId } });
export const askQuestion = ({ id, question }: { id: string; question: string }) =>
  callApi(APPEALS_ROUTES.ask, { params: { id }, body: { question } });
export const answerQuestion = ({ id, text }: { id: string; text: string }) =>
  callApi(APPEALS_ROUTES.answer, { params: { id }, body: { text } });
export const decideAppeal = ({ id, body }: { id: string; body: AppealDecide }) =>
  callApi(APPEALS_ROUTES.decide, { params: { id }, body });

/** POST /appeals (employee: their own record; tenant admin: the record of a letter). */
export const useLodgeAppeal = () => useCacheMutation(lodgeAppeal, refresh);
/** POST /appeals/:id/assign. */
export const useAssignAppeal = () => useCacheMutation(assignAppeal, refresh);
/** POST /appeals/:id/ask. */
export const useAskQuestion = () => useCacheMutation(askQuestion, refresh);
/** POST /appeals/:id/answer (the employee, or a tenant admin from a letter). */
export const useAnswerQuestion = () => useCacheMutation(answerQuestion, refresh);
/** POST /appeals/:id/decide; the answer's status says whether it waits for a second approver. */
export const useDecideAppeal = () => useCacheMutation(decideAppeal, refresh);
