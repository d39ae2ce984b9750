import { useState } from 'react';
import Stack from '@mui/material/Stack';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { Approval } from '@portal/contract/decisions';
import { TOAST_MS } from '@portal/contract/limits';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { TabTitle } from '../../../components/tab-header.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useDecideApproval, type ApprovalAction } from '../api/decide-approval.ts';
import { useApprovals } from '../api/get-approvals.ts';
import { ApprovalCard, type ApprovalCardAction } from '../components/approval-card.tsx';
import { DeclineDialog } from '../components/decline-dialog.tsx';
import { APPROVALS_TEXTS as texts } from '../approvals-texts.ts';

export const APPROVAL_PAGE_SIZES = [10, 25, 50] as const;

/**
 * The 'Pending my approval' tab (issue #22, four-eyes): the tenant's PENDING actions, oldest
 * first. Another admin's action can be approved or declined (with a note); one's own is shown with
 * Approve disabled and why, and can be withdrawn. The reviewer's variant ('maker': the server
 * lists only their own) shows no Approve, only Withdraw.
 */
export function ApprovalsPage({ variant = 'checker' }: { variant?: 'checker' | 'maker' }) {
  const maker = variant === 'maker';
  const words = maker ? texts.maker : texts;
  const toast = useToasts({ success: TOAST_MS.queues, error: TOAST_MS.queues });
  const confirm = useConfirm();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(APPROVAL_PAGE_SIZES[0]);
  const approvals = useApprovals({ status: 'PENDING', page: page + 1, pageSize });
  const decide = useDecideApproval();
  const [declining, setDeclining] = useState<Approval | null>(null);
  const [declineError, setDeclineError] = useState<string | undefined>();

  const run = (input: ApprovalAction, done: string, after?: () => void) =>
    decide.mutate(input, {
      onSuccess: () => {
        toast.success(done);
        after?.();
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setDeclineError(fields.note);
        toast.error(texts.toasts.failed(errorMessage(error, '')));
        if (!fields.note) after?.();
      },
    });

  const onAction = async (approval: Approval, action: ApprovalCardAction) => {
    if (action === 'approve') run({ action, id: approval.id }, texts.toasts.approved);
    else if (action === 'decline') {
      setDeclineError(undefined);
      setDeclining(approval);
    } else if (
      await confirm({
        title: texts.withdrawConfirm.title,
        message: texts.withdrawConfirm.message(approval.summary),
        confirmText: texts.withdrawConfirm.confirm,
      })
    )
      run({ action, id: approval.id }, texts.toasts.withdrawn);
  };

  const busyFor = (approval: Approval): ApprovalCardAction | null =>
    decide.isPending && decide.variables.id === approval.id ? decide.variables.action : null;
  const data = approvals.data;

  return (
    <Stack spacing={3}>
      <div>
        <TabTitle title={words.title} subtitle={words.subtitle} small />
      </div>
      {approvals.isError && !data ? (
        <RetryAlert onRetry={() => void approvals.refetch()}>
          {errorMessage(approvals.error, texts.loadFailed)}
        </RetryAlert>
      ) : !data ? (
        <LoadingState message={texts.loading} />
      ) : data.items.length === 0 ? (
        <EmptyState
          titleComponent="h3"
          title={words.emptyTitle}
          message={words.emptyMessage}
          icon={<FactCheckOutlined />}
        />
      ) : (
        <>
          <Stack
            component="section"
            aria-label={texts.listLabel}
            aria-busy={approvals.isPlaceholderData}
            spacing={2}
          >
            {data.items.map((approval) => (
              <ApprovalCard
                key={approval.id}
                approval={approval}
                busy={busyFor(approval)}
                makerOnly={maker}
                onAction={(action) => void onAction(approval, action)}
              />
            ))}
          </Stack>
          <TablePaginationBar
            count={data.total}
            page={page}
            pageSize={pageSize}
            pageSizes={APPROVAL_PAGE_SIZES}
            onPageChange={setPage}
            onPageSizeChange={(size) => {
              setPageSize(size);
              setPage(0);
            }}
          />
        </>
      )}
      {declining && (
        <DeclineDialog
          summary={declining.summary}
          busy={decide.isPending}
          error={declineError}
          onDecline={(note) =>
            run({ action: 'decline', id: declining.id, note }, texts.toasts.declined, () =>
              setDeclining(null),
            )
          }
          onCancel={() => setDeclining(null)}
        />
      )}
    </Stack>
  );
}
