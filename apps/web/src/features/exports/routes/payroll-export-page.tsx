import { useEffect, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useDownloadExport } from '../api/download-export.ts';
import { useExportJobs } from '../api/get-export-jobs.ts';
import { useStartExport } from '../api/start-export.ts';
import { ExportJobTable } from '../components/export-job-table.tsx';
import { EXPORTS_TEXTS as texts } from '../exports-texts.ts';
import { useExportToasts } from '../hooks/use-export-toasts.ts';
import { initiateFailureMessage } from '../utils/export-job-rules.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

/** /dashboard/tenant-admin/export: generate button and the polled export history (SPEC §2). */
export function PayrollExportPage() {
  const historyId = useId();
  const jobs = useExportJobs();
  const toasts = useExportToasts();
  const start = useStartExport({ onStarted: () => toasts.success(texts.initiated) });
  const download = useDownloadExport();

  // One toast per failed load while the tab is open (a failed poll included), not for a failure
  // the cached query remembers from an earlier visit; the alert below stays until a load succeeds.
  const { errorUpdateCount } = jobs;
  const toastedErrors = useRef(errorUpdateCount);
  useEffect(() => {
    if (errorUpdateCount > toastedErrors.current) toasts.failed(texts.loadFailed);
    toastedErrors.current = errorUpdateCount;
  }, [errorUpdateCount, toasts]);

  const handleGenerate = () =>
    start.mutate(undefined, { onError: (error) => toasts.failed(initiateFailureMessage(error)) });

  return (
    <Stack spacing={3}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'flex-start',
          justifyContent: 'space-between',
        }}
      >
        <Box sx={{ flex: '1 1 320px' }}>
          <Typography variant="h5" component="h2">
            {texts.title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5, maxWidth: 640 }}>
            {texts.subtitle}
          </Typography>
        </Box>
        <Button
          variant="contained"
          size="large"
          onClick={handleGenerate}
          disabled={start.isPending}
          startIcon={
            start.isPending ? (
              <CircularProgress size={18} color="inherit" aria-hidden="true" />
            ) : (
              <PostAddOutlined />
            )
          }
        >
          {start.isPending ? texts.initiating : texts.generate}
        </Button>
      </Box>

      <Box component="section" aria-labelledby={historyId}>
        <Typography id={historyId} variant="h6" component="h3" sx={{ mb: 1 }}>
          {texts.historyTitle}
        </Typography>
        {jobs.isError && (
          <RetryAlert sx={{ mb: 2 }} onRetry={() => void jobs.refetch()}>
            {texts.loadFailed}
          </RetryAlert>
        )}
        {jobs.isPending ? (
          <LoadingState message={texts.loading} />
        ) : jobs.data && jobs.data.length > 0 ? (
          <ExportJobTable
            jobs={jobs.data}
            downloadingId={download.isPending ? download.variables : undefined}
            onDownload={(job) =>
              download.mutate(job.id, { onError: () => toasts.failed(texts.downloadFailed) })
            }
          />
        ) : jobs.data ? (
          <EmptyState
            title={texts.emptyTitle}
            message={texts.emptyMessage}
            icon={<FileDownloadOutlined />}
            titleComponent="h4"
          />
        ) : null}
      </Box>
    </Stack>
  );
}
