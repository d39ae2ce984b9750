import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import PauseCircle from '@mui/icons-material/PauseCircle';
import PersonOff from '@mui/icons-material/PersonOff';
import {
  CAMPAIGN_LIMITS,
  type Campaign,
  type NoShow,
  type NoShowSuspension,
} from '@portal/contract/campaigns';
import { BusyButton } from '../../../components/busy-button.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCalendarDate, formatNaira, formatRecordStatus } from '../../../lib/format.ts';
import { downloadNoShows, useNoShows } from '../api/get-no-shows.ts';
import { useSuspendNoShows } from '../api/suspend-no-shows.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { FormDialog } from '../../../components/form-dialog.tsx';

const texts = EXERCISES_TEXTS.noShows;
const PAGE_SIZE_OPTIONS = [10, 25, 50] as const;

const COLUMNS: readonly DataColumn<NoShow>[] = [
  { header: texts.name, rowHeader: true, phone: true, cell: (n) => n.fullName },
  { header: texts.psn, cell: (n) => n.psn ?? '—' },
  { header: texts.posting, cell: (n) => [n.ministry, n.department].filter(Boolean).join(' / ') || '—' },
  { header: texts.status, cell: (n) => formatRecordStatus(n.status) },
  {
    header: texts.pay,
    align: 'right',
    phone: true,
    cell: (n) => formatNaira(n.monthlyGrossPay),
    sx: { whiteSpace: 'nowrap' },
  },
];

/** What the server answered to 'Suspend no-shows', in words: done, or sent for approval. */
export function suspensionAnswer(s: NoShowSuspension): string {
  const answer = EXERCISES_TEXTS.suspensions.answer;
  switch (s.status) {
    case 'PENDING_APPROVAL':
      return answer.PENDING_APPROVAL(s.listed);
    case 'APPLIED':
      return answer.APPLIED(s.suspended ?? 0, formatNaira(s.suspendedMonthlyPay ?? 0));
    default:
      return answer[s.status]();
  }
}

/**
 * The no-shows (issue #33 item 5): empty until the grace has passed, then a page of them with their
 * pay, the CSV, and 'Suspend no-shows' with an optional note. The server's answer stays in view:
 * suspended with the ₦ a month held, sent for approval, or why it refused (409).
 */
export function NoShowsSection({ exercise }: { exercise: Campaign }) {
  const titleId = useId();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[0]);
  const noShows = useNoShows(exercise.id, page + 1, pageSize);
  const suspend = useSuspendNoShows();
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [answer, setAnswer] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadProblem, setDownloadProblem] = useState<string | null>(null);
  const data = noShows.data;
  const suspendWhyNotId = useId();
  // Said only when there are no-shows: an empty list says why itself.
  const suspendWhyNot = !data?.listed
    ? null
    : data.suspensionPending
      ? texts.suspendWaits
      : data.total > 0 && data.suspendable === 0
        ? texts.noneToSuspend
        : null;

  const onSuspend = () => {
    suspend.mutate(
      { id: exercise.id, note },
      {
        onSuccess: (s) => {
          setAnswer({ severity: s.status === 'APPLIED' ? 'success' : 'info', text: suspensionAnswer(s) });
          setAsking(false);
          setNote('');
        },
        onError: (error) => {
          // A refusal (409: before the grace ended, one pending, nobody left) is shown where it was asked.
          setAnswer({ severity: 'error', text: errorMessage(error, texts.suspendTitle) });
          setAsking(false);
        },
      },
    );
  };
  const onDownload = async () => {
    setDownloading(true);
    setDownloadProblem(null);
    try {
      await downloadNoShows(exercise.id, exercise.today);
    } catch (error) {
      setDownloadProblem(errorMessage(error, texts.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <TitledSection title={texts.title} titleId={titleId} gap={1.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2, displayPrint: 'none' }}>
        <BusyButton
          variant="outlined"
          startIcon={<Download />}
          busy={downloading}
          label={texts.download}
          onClick={() => void onDownload()}
          disabled={!data?.listed}
        />
        <Button
          variant="contained"
          color="warning"
          startIcon={<PauseCircle />}
          onClick={() => {
            setAnswer(null);
            setAsking(true);
          }}
          disabled={!data?.listed || data.suspendable === 0 || data.suspensionPending}
          aria-describedby={suspendWhyNot ? suspendWhyNotId : undefined}
        >
          {texts.suspend}
        </Button>
      </Box>
      {suspendWhyNot && (
        <Typography id={suspendWhyNotId} variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {suspendWhyNot}
        </Typography>
      )}
      {answer && (
        <Alert severity={answer.severity} onClose={() => setAnswer(null)} sx={{ mb: 2 }}>
          {answer.text}
        </Alert>
      )}
      {downloadProblem && (
        <Alert severity="error" onClose={() => setDownloadProblem(null)} sx={{ mb: 2 }}>
          {downloadProblem}
        </Alert>
      )}
      {data && !data.listed ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.notYet(formatCalendarDate(data.graceEndsOn))}
        </Typography>
      ) : (
        <ListQueryBody
          query={noShows}
          count={data?.total ?? 0}
          loading={texts.loading}
          loadFailed={texts.loadFailed}
          empty={{ title: texts.emptyTitle, message: texts.emptyHint, icon: <PersonOff /> }}
        >
          {data && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {texts.total(data.total, formatNaira(data.monthlyPay), data.payUnknown)}
              </Typography>
              <ScrollTableContainer label={texts.label}>
                <DataTable
                  columns={COLUMNS}
                  rows={data.items}
                  rowKey={(n) => n.recordId}
                  labelledBy={titleId}
                  small
                  minWidth={720}
                  busy={noShows.isPlaceholderData}
                />
              </ScrollTableContainer>
              <TablePaginationBar
                count={data.total}
                page={page}
                pageSize={pageSize}
                pageSizes={PAGE_SIZE_OPTIONS}
                onPageChange={setPage}
                onPageSizeChange={(size) => {
                  setPageSize(size);
                  setPage(0);
                }}
              />
            </>
          )}
        </ListQueryBody>
      )}
      {asking && (
        <FormDialog
          title={texts.suspendTitle}
          intro={texts.suspendIntro}
          problem={null}
          busy={suspend.isPending}
          labels={[texts.cancel, texts.suspendConfirm, texts.suspending]}
          onSubmit={onSuspend}
          onClose={() => setAsking(false)}
        >
          <TextField
            name="note"
            label={texts.note}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.reasonMax } }}
          />
        </FormDialog>
      )}
    </TitledSection>
  );
}
