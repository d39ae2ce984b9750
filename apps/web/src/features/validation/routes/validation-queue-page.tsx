import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CompareArrows from '@mui/icons-material/CompareArrows';
import DoneAll from '@mui/icons-material/DoneAll';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import type { RecordListItem } from '@portal/contract/records';
import { BusyButton } from '../../../components/busy-button.tsx';
import { TabTitle } from '../../../components/tab-header.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { clampPage } from '../../../components/table-pagination-bar.tsx';
import { NO_QUEUE_FILTERS, useQueue, type QueueFilters as Filters } from '../api/get-queue.ts';
import { useQueueFacets } from '../api/get-queue-facets.ts';
import { QueueDialogs } from '../components/queue-dialogs.tsx';
import { QueueFilters, hasQueueFilters } from '../components/queue-filters.tsx';
import { QUEUE_PAGE_SIZES, QueueTable } from '../components/queue-table.tsx';
import { QueueTabs, queuePanelId, queueTabId } from '../components/queue-tabs.tsx';
import { useBulkApprove } from '../hooks/use-bulk-approve.ts';
import { useQueueDecisions } from '../hooks/use-queue-decisions.ts';
import { useQueueTab } from '../hooks/use-queue-tab.ts';
import { useQueueToasts } from '../hooks/use-queue-toasts.ts';
import type { QueueVariant } from '../queue-variant.ts';
import { VALIDATION_TEXTS as texts } from '../validation-texts.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

export interface ValidationQueuePageProps {
  /** 'tenant': the admin's Validation Queue tab, all columns; 'reviewer': their own tasks. */
  variant: QueueVariant;
}

/**
 * One screen for both queues (SPEC §2): filters, the two tabs with their counts, a server page
 * of records and the row actions. Every decision reloads both queues and their counts.
 */
export function ValidationQueuePage({ variant }: ValidationQueuePageProps) {
  const heading = texts[variant];
  const toast = useQueueToasts();
  const [kind, setKind] = useQueueTab();
  const [filters, setFilters] = useState<Filters>(NO_QUEUE_FILTERS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(QUEUE_PAGE_SIZES[0]);
  const queue = useQueue(kind, { ...filters, q: search, page: page + 1, pageSize });
  const facets = useQueueFacets();
  const decisions = useQueueDecisions();
  // A held record (issue #30) is not offered to 'Approve selected'.
  const bulk = useBulkApprove(
    kind === 'pending' && queue.data ? queue.data.items.filter((r) => !queue.data.held[r.id]) : [],
  );

  useEffect(() => {
    if (queue.isError) toast.error(texts.toasts.loadFailed);
  }, [queue.isError, toast]);

  const data = queue.isError ? undefined : queue.data;
  // The badges keep the last counts while the other tab's first page loads.
  const [counts, setCounts] = useState(data?.counts);
  if (data && data.counts !== counts) setCounts(data.counts);
  // A decision can empty the last page: show the new last one.
  const shownPage = data ? clampPage(page, data.total, pageSize) : page;
  useEffect(() => {
    if (shownPage !== page) setPage(shownPage);
  }, [shownPage, page]);

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(0);
  };
  // The search applies to both tabs (and their counts); it starts again at the first page.
  const changeSearch = (next: string) => {
    setSearch(next);
    setPage(0);
  };
  const clearAll = () => {
    changeFilters(NO_QUEUE_FILTERS);
    setSearch('');
  };
  const filtered = hasQueueFilters(filters) || search !== '';

  let content;
  if (queue.isPending) {
    content = <LoadingState message={heading.loading} />;
  } else if (queue.isError) {
    content = <RetryAlert onRetry={() => void queue.refetch()}>{texts.toasts.loadFailed}</RetryAlert>;
  } else if (data && data.total === 0) {
    const pending = kind === 'pending';
    content = (
      <EmptyState
        titleComponent="h3"
        icon={pending ? <TaskAltOutlined /> : <CompareArrows />}
        title={pending ? texts.empty.pendingTitle : texts.empty.mismatchedTitle}
        message={
          search
            ? texts.empty.searched
            : filtered
              ? texts.empty.filtered
              : pending
                ? texts.empty.pendingMessage
                : texts.empty.mismatchedMessage
        }
        action={
          filtered ? (
            <Button variant="outlined" onClick={clearAll}>
              {texts.filters.clear}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (data) {
    content = (
      <>
        {kind === 'pending' && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1 }}>
            <BusyButton
              color="success"
              startIcon={<DoneAll />}
              disabled={bulk.count === 0}
              busy={bulk.approving}
              label={texts.bulk.approveSelected(bulk.count)}
              onClick={() => void bulk.approveSelected()}
            />
          </Box>
        )}
        <QueueTable
          variant={variant}
          kind={kind}
          items={data.items}
          closeReasons={data.closeReasons}
          held={data.held}
          total={data.total}
          page={shownPage}
          pageSize={pageSize}
          refreshing={queue.isFetching}
          busyId={decisions.busyId}
          onPageChange={setPage}
          onPageSizeChange={(next) => {
            setPageSize(next);
            setPage(0);
          }}
          onAction={(action, record: RecordListItem) => decisions.act(action, record)}
          selection={kind === 'pending' ? bulk.selection : undefined}
        />
      </>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <div>
        <TabTitle title={heading.title} subtitle={heading.subtitle} />
      </div>
      <SearchField value={search} onSearch={changeSearch} />
      <QueueFilters
        facets={facets.data}
        value={filters}
        onChange={changeFilters}
        onClear={clearAll}
        canClear={filtered}
      />
      <QueueTabs
        value={kind}
        counts={counts}
        onChange={(next) => {
          setKind(next);
          setPage(0);
        }}
      />
      <Box role="tabpanel" id={queuePanelId(kind)} aria-labelledby={queueTabId(kind)}>
        {content}
      </Box>
      <QueueDialogs decisions={decisions} facets={facets.data} />
    </Box>
  );
}
