import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import { homeForRole } from '@portal/contract/roles';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { SEARCH_TEXTS, SearchField } from '../../../components/search-field.tsx';
// The overview owns the tenant figures; the master list size comes from them.
import { useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { useNotFoundRecords } from '../api/get-not-found-records.ts';
import { NOT_FOUND_PAGE_SIZES, NotFoundTable } from '../components/not-found-table.tsx';
import { NotFoundHeaderStats } from '../components/not-found-header-stats.tsx';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.notFound;
const BULK_PATH = `${homeForRole('TENANT_ADMIN')}/bulk-verify`;

/**
 * /dashboard/tenant-admin/not-found: records not found in the SoT, paged on the server (SPEC §2).
 * A failed load is only logged (SPEC §8) and the list shows empty: an empty table, not
 * 'All Clear!', which would claim there are no ghosts.
 */
export function NotFoundRecordsPage() {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(NOT_FOUND_PAGE_SIZES[0]);
  const [search, setSearch] = useState('');
  const records = useNotFoundRecords({ page: page + 1, pageSize, q: search });
  const stats = useDashboardStats();

  useEffect(() => {
    if (records.isError) console.error('Could not load the records not found in the SoT', records.error);
  }, [records.isError, records.error]);

  const data = records.isError ? undefined : records.data;
  const total = data?.total ?? 0;
  // Every flagged record, whatever the search (the chip's second figure and the header's).
  const flagged = data?.unfilteredTotal ?? 0;
  // The list can shrink under an open page (records re-verified): fall back to its last page.
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  useEffect(() => {
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  return (
    <Stack spacing={3}>
      <div>
        <Button component={Link} to={BULK_PATH} startIcon={<ArrowBack />} size="small" sx={{ mb: 1, ml: -1 }}>
          {texts.backToBulk}
        </Button>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="h5" component="h2">
            {texts.title}
          </Typography>
          {data && (
            <Chip
              icon={<PersonOffOutlined />}
              label={search ? texts.searchChip(total, flagged) : texts.countChip(total)}
              variant="outlined"
              sx={{ fontWeight: 600 }}
            />
          )}
        </Box>
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {texts.subtitle}
        </Typography>
      </div>

      {data && <NotFoundHeaderStats flagged={flagged} masterList={stats.data?.totalUniqueRecords} />}

      {(flagged > 0 || search) && (
        <SearchField
          value={search}
          onSearch={(next) => {
            setSearch(next);
            setPage(0);
          }}
        />
      )}

      {records.isPending ? (
        <LoadingState message={texts.loading} />
      ) : data && total === 0 && search ? (
        <EmptyState
          title={texts.emptySearchTitle}
          message={texts.emptySearchMessage}
          titleComponent="h3"
          action={
            <Button variant="outlined" onClick={() => setSearch('')}>
              {SEARCH_TEXTS.clear}
            </Button>
          }
        />
      ) : data && total === 0 ? (
        <EmptyState
          title={texts.emptyTitle}
          message={texts.emptyMessage}
          icon={<VerifiedOutlined />}
          titleComponent="h3"
        />
      ) : (
        <NotFoundTable
          records={data?.items ?? []}
          total={total}
          page={Math.min(page, lastPage)}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
          busy={records.isPlaceholderData}
        />
      )}
    </Stack>
  );
}
