import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import FileUploadOutlined from '@mui/icons-material/FileUploadOutlined';
import type { HrListKind, HrListUpload } from '@portal/contract/hr-lists';
import { BusyButton } from '../../../components/busy-button.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCalendarDate, formatMediumDateTime } from '../../../lib/format.ts';
import { downloadNotOnPayroll } from '../api/hr-lists.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.lists;
/** The card is the container its last upload's layout follows. */
const CARD_CONTAINER = 'hr-list-card';

/** One line of the last upload: a term and what it says (a description list, read in pairs). */
function Entry({ term, children }: { term: string; children: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}

function LastUpload({ upload }: { upload: HrListUpload }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'auto minmax(0, 1fr)',
        columnGap: 1.5,
        rowGap: 0.5,
        // In a narrow card (three side by side) a term sits above its value: an email or a file
        // name beside the terms broke in the middle of a word.
        [`@container ${CARD_CONTAINER} (max-width: 320px)`]: {
          gridTemplateColumns: 'minmax(0, 1fr)',
          rowGap: 0,
          '& dd:not(:last-of-type)': { mb: 0.75 },
        },
      }}
    >
      <Entry term={texts.file}>{upload.fileName}</Entry>
      <Entry term={texts.rows}>{texts.counts(upload.rows, upload.created, upload.updated)}</Entry>
      {upload.asOf && <Entry term={texts.asOf}>{formatCalendarDate(upload.asOf)}</Entry>}
      <Entry term={texts.uploaded}>{formatMediumDateTime(upload.uploadedAt)}</Entry>
      <Entry term={texts.by}>{upload.uploadedByEmail}</Entry>
    </Box>
  );
}

/** The nominal roll's other direction: on the roll, not on the master list (an HR discrepancy). */
function NotOnPayrollDownload() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await downloadNotOnPayroll();
    } catch (error) {
      setProblem(errorMessage(error, texts.notOnPayrollFailed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <BusyButton
        variant="text"
        startIcon={<Download />}
        busy={busy}
        label={texts.notOnPayroll}
        onClick={() => void download()}
      />
      {problem && (
        <Alert severity="error" onClose={() => setProblem(null)} sx={{ width: '100%' }}>
          {`${texts.notOnPayrollFailed}: ${problem}`}
        </Alert>
      )}
    </>
  );
}

/**
 * An HR list (issue #35): what it holds, its last upload (file, rows, the roll's 'as of' date, who
 * and when) or 'Not uploaded yet', and its upload button; the nominal roll also offers the people
 * on it who are not on the master list.
 */
export function HrListCard({
  kind,
  lastUpload,
  onUpload,
}: {
  kind: HrListKind;
  lastUpload: HrListUpload | null;
  onUpload: () => void;
}) {
  const list = texts.kinds[kind];
  return (
    <Card
      variant="outlined"
      sx={{
        height: '100%',
        p: 2,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        containerType: 'inline-size',
        containerName: CARD_CONTAINER,
      }}
    >
      <div>
        <Typography component="h4" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {list.title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {list.about}
        </Typography>
      </div>
      <Box sx={{ flex: 1 }}>
        {lastUpload ? (
          <LastUpload upload={lastUpload} />
        ) : (
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            {texts.notUploaded}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="outlined"
          startIcon={<FileUploadOutlined />}
          aria-label={list.upload}
          onClick={onUpload}
        >
          {texts.upload}
        </Button>
        {kind === 'NOMINAL_ROLL' && lastUpload && <NotOnPayrollDownload />}
      </Box>
    </Card>
  );
}
