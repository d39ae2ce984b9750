import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import { CAMPAIGN_REPORT_TOTAL, type CampaignReportRow } from '@portal/contract/campaigns';
import { AppealFiguresList } from '../../../components/appeal-figures.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Figure, FigureList } from '../../../components/figure-list.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatCalendarDate, formatCount, formatNaira } from '../../../lib/format.ts';
import { downloadReport, useReport } from '../api/get-exercise-lists.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { COMPACT_CELLS, PostingCell } from './posting-cell.tsx';
import { QueryBody } from './query-body.tsx';

const texts = EXERCISES_TEXTS.report;
const PRINT_AREA = 'data-print-report';

/**
 * On paper only the report: everything else on the page is hidden, and the tables' scroll areas
 * let their columns through instead of clipping them.
 */
const PRINT_STYLES = {
  '@media print': {
    'body *': { visibility: 'hidden' },
    [`[${PRINT_AREA}], [${PRINT_AREA}] *`]: { visibility: 'visible' },
    [`[${PRINT_AREA}]`]: { position: 'absolute', left: 0, top: 0, width: '100%' },
    [`[${PRINT_AREA}] [role="group"]`]: { overflow: 'visible !important' },
    '[data-print-hide]': { display: 'none !important' },
  },
} as const;

const rowKey = (r: CampaignReportRow) => `${r.ministry?.id ?? '-'}:${r.department?.id ?? '-'}`;

const COLUMNS: readonly DataColumn<CampaignReportRow>[] = [
  {
    header: texts.posting,
    rowHeader: true,
    phone: true,
    cell: (r) => <PostingCell ministry={r.ministry} department={r.department} />,
  },
  { header: texts.inScope, align: 'right', cell: (r) => formatCount(r.inScope) },
  { header: texts.appeared, align: 'right', cell: (r) => formatCount(r.appeared) },
  { header: texts.late, align: 'right', cell: (r) => formatCount(r.late) },
  { header: texts.excused, align: 'right', cell: (r) => formatCount(r.excused) },
  { header: texts.noShows, align: 'right', phone: true, cell: (r) => formatCount(r.noShows) },
  { header: texts.suspended, align: 'right', cell: (r) => formatCount(r.suspended) },
  { header: texts.stillSuspended, align: 'right', cell: (r) => formatCount(r.stillSuspended) },
  {
    header: texts.held,
    align: 'right',
    phone: true,
    cell: (r) => formatNaira(r.monthlyPayHeld),
    sx: { whiteSpace: 'nowrap' },
  },
];

/** The report (issue #33 item 7): totals, by ministry and department, printable and as CSV. */
export function ReportSection({ id }: { id: string }) {
  const report = useReport(id);
  const [downloading, setDownloading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const data = report.data;
  const onDownload = async () => {
    if (!data) return;
    setDownloading(true);
    setProblem(null);
    try {
      await downloadReport(id, data.today);
    } catch (error) {
      setProblem(errorMessage(error, texts.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Box {...{ [PRINT_AREA]: '' }}>
      <GlobalStyles styles={PRINT_STYLES} />
      <TitledSection title={data ? `${texts.title}: ${data.name}` : texts.title} gap={1.5}>
        <QueryBody query={report} count={1} loading={texts.loading} loadFailed={texts.loadFailed} empty="">
          {data && (
            <>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {texts.asOf(formatCalendarDate(data.today))} · {formatCalendarDate(data.opensOn)} –{' '}
                {formatCalendarDate(data.closesOn)}
              </Typography>
              <Box data-print-hide sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
                <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()}>
                  {texts.print}
                </Button>
                <BusyButton
                  variant="outlined"
                  startIcon={<Download />}
                  busy={downloading}
                  label={texts.download}
                  onClick={() => void onDownload()}
                />
              </Box>
              {problem && (
                <Alert severity="error" onClose={() => setProblem(null)} sx={{ mb: 2 }}>
                  {problem}
                </Alert>
              )}
              <FigureList label={CAMPAIGN_REPORT_TOTAL} mb={2}>
                <Figure label={texts.inScope} value={formatCount(data.inScope)} />
                <Figure label={texts.appeared} value={formatCount(data.appeared)} />
                <Figure label={texts.late} value={formatCount(data.late)} />
                <Figure label={texts.excused} value={formatCount(data.excused)} />
                <Figure label={texts.noShows} value={formatCount(data.noShows)} />
                <Figure label={texts.suspended} value={formatCount(data.suspended)} />
                <Figure label={texts.stillSuspended} value={formatCount(data.stillSuspended)} />
                <Figure label={texts.held} value={formatNaira(data.monthlyPayHeld)} wide />
              </FigureList>
              {data.payUnknownHeld > 0 && (
                <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                  {texts.payUnknown(data.payUnknownHeld)}
                </Typography>
              )}
              {data.byMinistry.length > 0 && (
                <ScrollTableContainer label={texts.label}>
                  <DataTable
                    columns={COLUMNS}
                    rows={data.byMinistry}
                    rowKey={rowKey}
                    label={texts.label}
                    small
                    minWidth={800}
                    sx={COMPACT_CELLS}
                  />
                </ScrollTableContainer>
              )}
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mt: 3, mb: 1.5 }}>
                {texts.appeals}
              </Typography>
              <AppealFiguresList figures={data.appeals} label={texts.appeals} />
            </>
          )}
        </QueryBody>
      </TitledSection>
    </Box>
  );
}
