import { useEffect, useRef } from 'react';
import Stack from '@mui/material/Stack';
import { TOAST_MS } from '@portal/contract/limits';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import { BusyButton } from '../../../components/busy-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { JobHistorySection } from '../../../components/job-history-section.tsx';
import { TabHeader } from '../../../components/tab-header.tsx';
import { useToasts } from '../../../lib/use-toasts.ts';
import { useDownloadExport } from '../api/download-export.ts';
import { useExportJobs } from '../api/get-export-jobs.ts';
import { useStartExport } from '../api/start-export.ts';
import { ExportJobTable } from '../components/export-job-table.tsx';
import { EXPORTS_TEXTS as texts } from '../exports-texts.ts';
import { downloadFailureMessage, initiateFailureMessage } from '../utils/export-job-rules.ts';

/** /dashboard/tenant-admin/export: generate button and the polled export history (SPEC §2). */
export function PayrollExportPage() {
  const jobs = useExportJobs();
  // SPEC §9: every toast of this tab stays 5 s.
  const toasts = useToasts({ success: TOAST_MS.exports, error: TOAST_MS.exports });
  const start = useStartExport({ onStarted: () => toasts.success(texts.initiated) });
  const download = useDownloadExport();

  // One toast per failed load while the tab is open (a failed poll included), not for a failure
  // the cached query remembers from an earlier visit; the alert below stays until a load succeeds.
  const { errorUpdateCount } = jobs;
  const toastedErrors = useRef(errorUpdateCount);
  useEffect(() => {
    if (errorUpdateCount > toastedErrors.current) toasts.error(texts.loadFailed);
    toastedErrors.current = errorUpdateCount;
  }, [errorUpdateCount, toasts]);

  const handleGenerate = () =>
    start.mutate(undefined, { onError: (error) => toasts.error(initiateFailureMessage(error)) });

  return (
    <Stack spacing={3}>
      <TabHeader
        title={texts.title}
        subtitle={texts.subtitle}
        action={
          <BusyButton
            size="large"
            onClick={handleGenerate}
            busy={start.isPending}
            label={texts.generate}
            busyLabel={texts.initiating}
            startIcon={<PostAddOutlined />}
          />
        }
      />

      <JobHistorySection
        title={texts.historyTitle}
        query={jobs}
        loadFailed={texts.loadFailed}
        loading={texts.loading}
        empty={
          <EmptyState
            title={texts.emptyTitle}
            message={texts.emptyMessage}
            icon={<FileDownloadOutlined />}
            titleComponent="h4"
          />
        }
      >
        {(rows) => (
          <ExportJobTable
            jobs={rows}
            downloadingId={download.isPending ? download.variables : undefined}
            onDownload={(job) =>
              download.mutate(job.id, { onError: (error) => toasts.error(downloadFailureMessage(error)) })
            }
          />
        )}
      </JobHistorySection>
    </Stack>
  );
}
