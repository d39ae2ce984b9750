import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import type { UploadSummary as UploadSummaryData } from '@portal/contract/records';
import { formatCount } from '../../../lib/format.ts';
import { UPLOADS_TEXTS as texts } from '../uploads-texts.ts';

export interface UploadSummaryProps {
  summary: UploadSummaryData;
  fileName: string;
  onViewRecords: () => void;
  onNotifyAll: () => void;
  notifying: boolean;
  onUploadAnother: () => void;
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box sx={{ flex: '1 1 180px', p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Typography variant="h4" component="p" data-testid={testId}>
        {formatCount(value)}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
    </Box>
  );
}

/** 'Done' state: what the upload changed, and what to do about records needing re-verification. */
export function UploadSummary({
  summary,
  fileName,
  onViewRecords,
  onNotifyAll,
  notifying,
  onUploadAnother,
}: UploadSummaryProps) {
  const reverification = summary.recordsRequiringReverificationIds.length;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }} aria-live="polite">
      <Alert severity="success">
        <AlertTitle>{texts.successTitle}</AlertTitle>
        {fileName}
      </Alert>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <Count label={texts.newRecords} value={summary.newRecordsCreated} testId="summary-created" />
        <Count label={texts.updatedRecords} value={summary.existingRecordsUpdated} testId="summary-updated" />
      </Box>
      {summary.sharesRemovedIdentity > 0 && (
        <Alert severity="error">
          <AlertTitle data-testid="summary-shares-removed">
            {`${texts.sharesRemoved}: ${formatCount(summary.sharesRemovedIdentity)}`}
          </AlertTitle>
          {texts.sharesRemovedHint}
        </Alert>
      )}
      {reverification > 0 && (
        <Alert
          severity="warning"
          sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button color="inherit" startIcon={<VisibilityOutlined />} onClick={onViewRecords}>
                {texts.viewRecords}
              </Button>
              <Button
                color="inherit"
                variant="outlined"
                startIcon={<NotificationsActiveOutlined />}
                onClick={onNotifyAll}
                disabled={notifying}
              >
                {texts.notifyAll}
              </Button>
            </Box>
          }
        >
          <AlertTitle data-testid="summary-reverification">
            {`${texts.reverification}: ${formatCount(reverification)}`}
          </AlertTitle>
          {texts.reverificationHint}
        </Alert>
      )}
      {summary.reverificationAwaitingApproval > 0 && (
        <Alert severity="info" data-testid="summary-awaiting-approval">
          <AlertTitle>
            {`${texts.awaitingApproval}: ${formatCount(summary.reverificationAwaitingApproval)}`}
          </AlertTitle>
          {texts.awaitingApprovalHint}
        </Alert>
      )}
      {summary.columnsNotInFile.length > 0 && (
        <Alert severity="info" data-testid="summary-columns-not-in-file">
          <AlertTitle>{`${texts.columnsNotInFile}: ${summary.columnsNotInFile.join(', ')}`}</AlertTitle>
          {texts.columnsNotInFileHint}
        </Alert>
      )}
      {summary.blankCellsKept.length > 0 && (
        <Alert severity="info" data-testid="summary-blank-cells-kept">
          <AlertTitle>
            {`${texts.blankCellsKept}: ${summary.blankCellsKept.map((b) => texts.blankCellCount(b.column, b.records)).join(', ')}`}
          </AlertTitle>
          {texts.blankCellsKeptHint}
        </Alert>
      )}
      <Box>
        <Button variant="contained" onClick={onUploadAnother}>
          {texts.uploadAnother}
        </Button>
      </Box>
    </Box>
  );
}
