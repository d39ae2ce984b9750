import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import { PAGE_SIZES, TOAST_MS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import { TabTitle } from '../../../components/tab-header.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { CenteredSpinner } from '../../../components/loading-state.tsx';
import { SearchField } from '../../../components/search-field.tsx';
import { readRecordsFocus } from '../../../lib/records-focus.ts';
import { useRecordFacets } from '../api/get-record-facets.ts';
import { useRecords } from '../api/get-records.ts';
import { RecordsFilters } from '../components/records-filters.tsx';
import { RecordsTable } from '../components/records-table.tsx';
import { ReverificationFocusAlert } from '../components/reverification-focus-alert.tsx';
import { NO_FILTERS, hasFilters, type RecordFilters } from '../records-query.ts';
import { RECORDS_TEXTS as texts } from '../records-texts.ts';
import { useLoadAnnouncement } from '../use-load-announcement.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const UPLOADS_PATH = `${homeForRole('TENANT_ADMIN')}/uploads`;
const DEFAULT_PAGE_SIZE: number = PAGE_SIZES.records[0];

/** /dashboard/tenant-admin/records: the master list, filtered and paginated on the server. */
export function RecordsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // Ids handed over by the uploader's 'View Records' (router state, see lib/records-focus.ts).
  const focusIds = useMemo(() => readRecordsFocus(location.state), [location.state]);
  const [filters, setFilters] = useState<RecordFilters>(NO_FILTERS);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // Other ids (history navigation) start again at the first page.
  const [shownFocus, setShownFocus] = useState(focusIds);
  if (shownFocus !== focusIds) {
    setShownFocus(focusIds);
    setPage(0);
  }

  const records = useRecords({ ...filters, q: search, ids: focusIds, page: page + 1, pageSize });
  const facets = useRecordFacets();
  const announceNext = useLoadAnnouncement(records);

  const changeFilters = (next: RecordFilters) => {
    announceNext();
    setFilters(next);
    setPage(0);
  };
  const changeSearch = (next: string) => {
    announceNext();
    setSearch(next);
    setPage(0);
  };
  // Replacing the history entry also keeps a reload from narrowing the list again.
  const clearFocus = () => {
    announceNext();
    void navigate(location.pathname, { replace: true, state: null });
  };
  // 'Filters cleared' answers Clear Filters: the reload it causes is not also toasted, which would
  // replace it at once (one toast at a time). A failed reload still shows its alert in the page.
  const clearFilters = () => {
    if (focusIds.length > 0) void navigate(location.pathname, { replace: true, state: null });
    setFilters(NO_FILTERS);
    setPage(0);
    setSearch('');
    enqueueSnackbar(texts.filtersCleared, { variant: 'info', autoHideDuration: TOAST_MS.records });
  };
  const filtered = hasFilters(filters) || focusIds.length > 0 || search !== '';
  const data = records.isError ? undefined : records.data;

  let content;
  if (records.isPending) {
    content = <CenteredSpinner label={texts.loading} size={40} py={6} />;
  } else if (records.isError) {
    content = (
      <RetryAlert
        onRetry={() => {
          announceNext();
          void records.refetch();
        }}
      >
        {texts.loadFailed}
      </RetryAlert>
    );
  } else if (data && data.total === 0) {
    content = (
      <EmptyState
        title={texts.emptyTitle}
        titleComponent="h3"
        message={
          data.unfilteredTotal === 0
            ? texts.emptyMessage
            : search
              ? texts.emptySearchMessage
              : texts.emptyFilteredMessage
        }
        action={
          data.unfilteredTotal === 0 ? (
            <Button
              variant="contained"
              startIcon={<FileUploadOutlined />}
              onClick={() => void navigate(UPLOADS_PATH)}
            >
              {texts.goToUpload}
            </Button>
          ) : (
            <Button variant="outlined" onClick={clearFilters}>
              {texts.clearFilters}
            </Button>
          )
        }
      />
    );
  } else if (data) {
    content = (
      <RecordsTable
        items={data.items}
        total={data.total}
        page={page}
        pageSize={pageSize}
        refreshing={records.isFetching}
        // Paging moves within the same set of records (N stays the same): no toast.
        onPageChange={setPage}
        onPageSizeChange={(next) => {
          setPageSize(next);
          setPage(0);
        }}
      />
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Box sx={{ flex: '1 1 auto' }}>
          <TabTitle title={texts.title} subtitle={texts.subtitle} />
        </Box>
        {data && (
          <Chip
            color="primary"
            variant="outlined"
            label={texts.countChip(data.total, data.unfilteredTotal)}
            data-testid="records-count"
          />
        )}
      </Box>
      {focusIds.length > 0 && <ReverificationFocusAlert count={focusIds.length} onClear={clearFocus} />}
      <SearchField value={search} onSearch={changeSearch} />
      <RecordsFilters
        facets={facets.data}
        value={filters}
        onChange={changeFilters}
        onClear={clearFilters}
        canClear={filtered}
      />
      {content}
    </Box>
  );
}
