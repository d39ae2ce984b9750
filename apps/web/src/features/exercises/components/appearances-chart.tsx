import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { addDays, type Campaign, type CampaignProgress } from '@portal/contract/campaigns';
import { formatCalendarDate } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

const texts = EXERCISES_TEXTS.chart;
const WIDE_QUERY = '(min-width: 600px)';
const WIDE = `@media ${WIDE_QUERY}`;
/** More days than this would make bars a pixel wide: the first ones are left to the table. */
const MAX_DAYS = 90;

export interface ChartDay {
  day: string;
  online: number | null;
  withAgent: number | null;
}

/**
 * The days of the chart: every day with appearances so far, then the days left to the close with
 * no bar yet, so the bars stand against the time that remains.
 */
export function chartDays(exercise: Pick<Campaign, 'closesOn'>, progress: CampaignProgress): ChartDay[] {
  const days: ChartDay[] = progress.byDay.map((d) => ({
    day: d.day,
    online: d.online,
    withAgent: d.withAgent,
  }));
  const last = days.at(-1)?.day ?? addDays(progress.today, -1);
  for (let day = addDays(last, 1); day <= exercise.closesOn && days.length < 400; day = addDays(day, 1))
    days.push({ day, online: null, withAgent: null });
  return days.slice(-MAX_DAYS);
}

const short = (day: string) => formatCalendarDate(day).replace(/, \d{4}$/, '');

/**
 * Appearances per day, online and with an agent stacked, from the opening to the close (@mui/x-charts,
 * SVG drawn by React, so the CSP holds). As the integrity chart: the same figures in a table, hidden
 * beside the chart and shown instead of it on a phone, where the chart is not drawn at all.
 */
export function AppearancesChart({ exercise, progress }: { exercise: Campaign; progress: CampaignProgress }) {
  const titleId = useId();
  const wide = useMediaQuery(WIDE_QUERY);
  const days = chartDays(exercise, progress);
  const past = progress.byDay;
  // Whole people on the axis, and a scale even before anyone appeared (else one tick '0.0…').
  const most = Math.max(0, ...past.map((d) => d.online + d.withAgent));
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {texts.title}
      </Typography>
      {days.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.empty}
        </Typography>
      ) : (
        <>
          {wide && (
            <Box data-testid="appearances-chart">
              <BarChart
                height={260}
                dataset={days.map((d) => ({ ...d }))}
                xAxis={[{ scaleType: 'band', dataKey: 'day', valueFormatter: (v: string) => short(v) }]}
                yAxis={[{ width: 48, tickMinStep: 1, min: 0, max: most < 5 ? 5 : undefined }]}
                series={[
                  { dataKey: 'online', label: texts.online, stack: 'appeared', color: '#1565c0' },
                  { dataKey: 'withAgent', label: texts.withAgent, stack: 'appeared', color: '#2e7d32' },
                ]}
                margin={{ left: 8, right: 16 }}
              />
            </Box>
          )}
          <Box sx={{ [WIDE]: { ...visuallyHidden, width: '1px', height: '1px', margin: '-1px' } }}>
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                typography: 'body2',
                '& caption': { textAlign: 'left', color: 'text.secondary', pb: 1 },
                '& th, & td': { py: 0.5, borderBottom: 1, borderColor: 'divider', textAlign: 'left' },
                '& td, & thead th:not(:first-of-type)': { textAlign: 'right', pl: 1 },
                '& tbody th': { fontWeight: 'normal' },
              }}
            >
              <caption>{texts.description(past.length, progress.daysLeft)}</caption>
              <thead>
                <tr>
                  <th scope="col">{texts.day}</th>
                  <th scope="col">{texts.online}</th>
                  <th scope="col">{texts.withAgent}</th>
                </tr>
              </thead>
              <tbody>
                {past.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{formatCalendarDate(d.day)}</th>
                    <td>{d.online}</td>
                    <td>{d.withAgent}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </>
      )}
    </Box>
  );
}
