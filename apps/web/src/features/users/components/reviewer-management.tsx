import { useEffect, useId, useState } from 'react';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import type { Reviewer } from '@portal/contract/people';
import { PAGE_SIZES } from '@portal/contract/limits';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { TablePaginationBar, useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useDepartments } from '../api/get-departments.ts';
import { useMinistries } from '../api/get-ministries.ts';
import { useReviewers } from '../api/get-reviewers.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { EditAssignmentsDialog } from './edit-assignments-dialog.tsx';
import { ReviewerTable } from './reviewer-table.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const texts = USERS_TEXTS.reviewers;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.reviewers;

/** Reviewer Management (SPEC §2): who reviews which ministries and departments. */
export function ReviewerManagement() {
  const titleId = useId();
  const toast = useToasts(TENANT_TOASTS);
  const reviewers = useReviewers();
  const ministries = useMinistries();
  const departments = useDepartments();
  const { rows, bar } = useClientPages(reviewers.data ?? [], PAGE_SIZE_OPTIONS, PAGE_SIZE_OPTIONS[0]);
  const [editing, setEditing] = useState<Reviewer | null>(null);

  useEffect(() => {
    if (reviewers.isError) {
      console.error('Loading the reviewers failed', reviewers.error);
      toast.error(texts.loadFailed);
    }
  }, [reviewers.isError, reviewers.error, toast]);

  let body;
  if (reviewers.isPending) {
    body = <LoadingState message={texts.loading} />;
  } else if (reviewers.isError) {
    body = <RetryAlert onRetry={() => void reviewers.refetch()}>{texts.loadFailed}</RetryAlert>;
  } else if (reviewers.data.length === 0) {
    body = (
      <EmptyState
        title={texts.emptyTitle}
        message={texts.emptyHint}
        icon={<ManageAccounts />}
        titleComponent="h4"
      />
    );
  } else {
    body = (
      <>
        <ReviewerTable reviewers={rows} labelledBy={titleId} onEdit={setEditing} />
        <TablePaginationBar {...bar} />
      </>
    );
  }

  return (
    <TitledSection title={texts.title} subtitle={texts.subtitle} gap={1} titleId={titleId}>
      {body}
      {editing && (
        <EditAssignmentsDialog
          key={editing.id}
          reviewer={editing}
          ministries={ministries.data ?? []}
          departments={departments.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
}
