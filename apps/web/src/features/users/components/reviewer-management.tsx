import { useEffect, useId, useState } from 'react';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import type { Reviewer } from '@portal/contract/people';
import { PAGE_SIZES } from '@portal/contract/limits';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { TablePaginationBar, useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useDepartments } from '../api/get-departments.ts';
import { useMinistries } from '../api/get-ministries.ts';
import { useReviewers } from '../api/get-reviewers.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { EditAssignmentsDialog } from './edit-assignments-dialog.tsx';
import { ReviewerTable } from './reviewer-table.tsx';

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

  return (
    <TitledSection title={texts.title} subtitle={texts.subtitle} gap={1} titleId={titleId}>
      <ListQueryBody
        query={reviewers}
        count={reviewers.data?.length ?? 0}
        loading={texts.loading}
        loadFailed={texts.loadFailed}
        empty={{ title: texts.emptyTitle, message: texts.emptyHint, icon: <ManageAccounts /> }}
      >
        <ReviewerTable reviewers={rows} labelledBy={titleId} onEdit={setEditing} />
        <TablePaginationBar {...bar} />
      </ListQueryBody>
      {editing && (
        <EditAssignmentsDialog
          key={editing.id}
          person={editing}
          ministries={ministries.data ?? []}
          departments={departments.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
    </TitledSection>
  );
}
