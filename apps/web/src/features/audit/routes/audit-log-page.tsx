import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { AUDIT_COUNT_CAP, AUDIT_PAGE_SIZES, AUDIT_TEXTS } from '@portal/contract/audit';
import { BusyButton } from '../../../components/busy-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TabHeader } from '../../../components/tab-header.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useAuditEvents, useDownloadAuditCsv } from '../api/audit-events.ts';
import { NO_AUDIT_FILTERS, type AuditFilterValues } from '../audit-filters.ts';
import { AuditEventTable } from '../components/audit-event-table.tsx';
import { AuditFilterBar } from '../components/audit-filter-bar.tsx';

const texts = AUDIT_TEXTS;
/** Typing pauses this long before the log is asked again. */
const FILTER_DEBOUNCE_MS = 400;

/**
 * The audit log (issue #22): the tenant admin's tab (its tenant's events) or the global admin's
 * platform events; the server decides which from the signed-in role. Filters, server-side pages,
 * each row opening onto its values before → after, and the CSV of the filtered view.
 */
export function AuditLogPage({ variant }: { variant: 'tenant' | 'platform' }) {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_AUDIT_FILTERS);
  const applied = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(AUDIT_PAGE_SIZES[1]);
  const events = useAuditEvents(applied, page + 1, pageSize);
  const download = useDownloadAuditCsv();
  const toasts = useToasts(TENANT_TOASTS);
  const data = events.data;
  const platform = variant === 'platform';
  const title = platform ? texts.platformTitle : texts.title;

  return (
    <Stack spacing={3}>
      <TabHeader
        title={title}
        subtitle={platform ? texts.platformSubtitle : texts.subtitle}
        action={
          <BusyButton
            busy={download.isPending}
            label={texts.download}
            startIcon={<FileDownloadOutlined />}
            onClick={() =>
              download.mutate(applied, {
                onError: (error) => toasts.error(errorMessage(error, texts.downloadFailed)),
              })
            }
          />
        }
      />
      <AuditFilterBar
        value={filters}
        withRecord={!platform}
        onChange={(next) => {
          setFilters(next);
          setPage(0);
        }}
      />
      {events.isError ? (
        <RetryAlert onRetry={() => void events.refetch()}>
          {errorMessage(events.error, texts.loadFailed)}
        </RetryAlert>
      ) : events.isPending ? (
        <LoadingState message={texts.loading} />
      ) : data && data.total === 0 ? (
        <EmptyState title={texts.empty} message={texts.emptyHint} titleComponent="h3" />
      ) : (
        <Paper variant="outlined">
          <ScrollTableContainer label={title}>
            <AuditEventTable
              events={data?.items ?? []}
              label={title}
              withRecord={!platform}
              busy={events.isPlaceholderData}
            />
          </ScrollTableContainer>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' }}>
            {data && !data.totalExact && (
              <Typography variant="body2" sx={{ color: 'text.secondary', px: 2 }}>
                {texts.moreThan(AUDIT_COUNT_CAP)}
              </Typography>
            )}
            <TablePaginationBar
              count={data?.total ?? 0}
              page={page}
              pageSize={pageSize}
              pageSizes={AUDIT_PAGE_SIZES}
              onPageChange={setPage}
              onPageSizeChange={(size) => {
                setPageSize(size);
                setPage(0);
              }}
            />
          </Box>
        </Paper>
      )}
    </Stack>
  );
}
