import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Campaign, CampaignProgress, CampaignProgressRow } from '@portal/contract/campaigns';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { Figure, FigureList } from '../../../components/figure-list.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { formatCalendarDate, formatCount, formatMediumDateTime, formatNaira } from '../../../lib/format.ts';
import { isLive, useProgress } from '../api/get-progress.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { AppearancesChart } from './appearances-chart.tsx';
import { AppearedBar } from './appeared-bar.tsx';
import { COMPACT_CELLS, PostingCell } from './posting-cell.tsx';

const texts = EXERCISES_TEXTS.progress;
const postingTexts = EXERCISES_TEXTS.postings;
const agentTexts = EXERCISES_TEXTS.agents;

const rowKey = (r: { ministry: { id: string } | null; department: { id: string } | null }) =>
  `${r.ministry?.id ?? '-'}:${r.department?.id ?? '-'}`;

const POSTING_COLUMNS: readonly DataColumn<CampaignProgressRow>[] = [
  {
    header: postingTexts.posting,
    rowHeader: true,
    phone: true,
    cell: (r) => <PostingCell ministry={r.ministry} department={r.department} />,
  },
  { header: postingTexts.inScope, align: 'right', cell: (r) => formatCount(r.inScope) },
  { header: postingTexts.appeared, align: 'right', cell: (r) => formatCount(r.appeared) },
  { header: postingTexts.excused, align: 'right', cell: (r) => formatCount(r.excused) },
  { header: postingTexts.remaining, align: 'right', phone: true, cell: (r) => formatCount(r.remaining) },
  {
    header: postingTexts.pay,
    align: 'right',
    cell: (r) => formatNaira(r.remainingMonthlyPay),
    sx: { whiteSpace: 'nowrap' },
  },
];

type AgentRow = CampaignProgress['byAgent'][number];
const AGENT_COLUMNS: readonly DataColumn<AgentRow>[] = [
  { header: agentTexts.agent, rowHeader: true, cell: (a) => a.agent.email, sx: { overflowWrap: 'anywhere' } },
  { header: agentTexts.total, align: 'right', cell: (a) => formatCount(a.appeared) },
  {
    header: agentTexts.perDay,
    cell: (a) => a.byDay.map((d) => agentTexts.day(formatCalendarDate(d.day), d.appeared)).join(' · '),
  },
];

/** Appeared / in scope, the counts, the chart by day, the tables by posting and by agent. */
export function ProgressSection({ exercise }: { exercise: Campaign }) {
  const progress = useProgress(exercise.id);
  const postingsId = useId();
  const agentsId = useId();
  const data = progress.data;
  return (
    <TitledSection
      title={texts.title}
      gap={2}
      subtitle={isLive(data?.state ?? exercise.state) ? EXERCISES_TEXTS.detail.live : undefined}
    >
      {progress.isPending ? (
        <LoadingState message={texts.loading} />
      ) : !data ? (
        <RetryAlert onRetry={() => void progress.refetch()}>{texts.loadFailed}</RetryAlert>
      ) : (
        <Stack spacing={3}>
          <Box>
            <AppearedBar appeared={data.appeared} inScope={data.inScope} label={texts.bar} large />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {texts.daysLeft(data.daysLeft)} · {texts.countedAt(formatMediumDateTime(data.computedAt))}
            </Typography>
          </Box>
          <FigureList label={texts.figures}>
            <Figure label={texts.inScope} value={formatCount(data.inScope)} />
            <Figure label={texts.appeared} value={formatCount(data.appeared)} />
            <Figure label={texts.late} value={formatCount(data.late)} />
            <Figure label={texts.excused} value={formatCount(data.excused)} />
            <Figure label={texts.remaining} value={formatCount(data.remaining)} />
            <Figure label={texts.remainingPay} value={formatNaira(data.remainingMonthlyPay)} wide />
          </FigureList>
          {data.remainingPayUnknown > 0 && (
            <Alert severity="info" role="note">
              {texts.payUnknown(data.remainingPayUnknown)}
            </Alert>
          )}
          <AppearancesChart exercise={exercise} progress={data} />
          <Box component="section" aria-labelledby={postingsId}>
            <Typography id={postingsId} variant="h6" component="h3" sx={{ mb: 1 }}>
              {postingTexts.title}
            </Typography>
            {data.byMinistry.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {postingTexts.empty}
              </Typography>
            ) : (
              <ScrollTableContainer label={postingTexts.label}>
                <DataTable
                  columns={POSTING_COLUMNS}
                  rows={data.byMinistry}
                  rowKey={rowKey}
                  label={postingTexts.label}
                  small
                  minWidth={640}
                  sx={COMPACT_CELLS}
                />
              </ScrollTableContainer>
            )}
          </Box>
          <Box component="section" aria-labelledby={agentsId}>
            <Typography id={agentsId} variant="h6" component="h3" sx={{ mb: 1 }}>
              {agentTexts.title}
            </Typography>
            {data.byAgent.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {agentTexts.empty}
              </Typography>
            ) : (
              <ScrollTableContainer label={agentTexts.label}>
                <DataTable
                  columns={AGENT_COLUMNS}
                  rows={data.byAgent}
                  rowKey={(a) => a.agent.id ?? a.agent.email}
                  label={agentTexts.label}
                  small
                />
              </ScrollTableContainer>
            )}
          </Box>
        </Stack>
      )}
    </TitledSection>
  );
}
