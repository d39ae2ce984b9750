import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import type { Reviewer } from '@portal/contract/people';
import { PAGE_SIZES } from '@portal/contract/limits';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { TablePaginationBar, clampPage } from '../../../components/table-pagination-bar.tsx';
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
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
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
    const list = reviewers.data;
    const currentPage = clampPage(page, list.length, pageSize);
    body = (
      <>
        <ReviewerTable
          reviewers={list.slice(currentPage * pageSize, (currentPage + 1) * pageSize)}
          labelledBy={titleId}
          onEdit={setEditing}
        />
        <TablePaginationBar
          count={list.length}
          page={currentPage}
          pageSize={pageSize}
          pageSizes={PAGE_SIZE_OPTIONS}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3">
        {texts.title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
        {texts.subtitle}
      </Typography>
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
    </Box>
  );
}
