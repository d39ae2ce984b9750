import { useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import type { IntegritySummary } from '@portal/contract/integrity';
import { formatNaira, formatNairaShort } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';

const texts = INTEGRITY_TEXTS.chart;
/** Ministries shown; the rest are in the table under the chart for screen readers. */
const MAX_BARS = 12;
const BAR_HEIGHT = 36;

/**
 * Below this width the ministries' names would leave the bars a few pixels (a phone): the figures
 * are shown as their table instead of the chart.
 */
const WIDE_QUERY = '(min-width: 600px)';
const WIDE = `@media ${WIDE_QUERY}`;

/**
 * A bar per ministry, largest pay at stake first (@mui/x-charts, SVG drawn by React: no script or
 * style source beyond the app's own, so the CSP holds). The chart is keyboard-navigable through
 * x-charts' own accessibility proxy (so it is not hidden from assistive technology, which would
 * hide focusable parts); the same figures are also in a table, visually hidden beside the chart
 * and shown instead of it on a phone. On a phone the chart is not drawn at all: drawn hidden, its
 * bars came out at a negative width (issue #31). The hidden table sits in a 1 px box: a table is
 * never narrower than its content, so hidden by itself it made the page wider than the screen.
 */
export function PayAtStakeChart({ byMinistry }: { byMinistry: IntegritySummary['byMinistry'] }) {
  const titleId = useId();
  const bars = byMinistry.filter((m) => m.flaggedRecords > 0).slice(0, MAX_BARS);
  const wide = useMediaQuery(WIDE_QUERY);
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {texts.title}
      </Typography>
      {bars.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {texts.empty}
        </Typography>
      ) : (
        <>
          {wide && (
            <Box data-testid="pay-at-stake-chart">
              <BarChart
                layout="horizontal"
                height={Math.max(160, bars.length * BAR_HEIGHT + 60)}
                dataset={bars.map((m) => ({ ministry: m.ministry, amount: m.monthlyAmount }))}
                yAxis={[{ scaleType: 'band', dataKey: 'ministry', width: 230 }]}
                xAxis={[{ valueFormatter: (v: number) => formatNairaShort(v) }]}
                series={[
                  {
                    dataKey: 'amount',
                    label: texts.series,
                    color: '#b34700',
                    valueFormatter: (v: number | null) => formatNaira(v),
                  },
                ]}
                hideLegend
                margin={{ left: 8, right: 24 }}
              />
            </Box>
          )}
          <Box
            // In px: MUI's sx reads a width of 1 as 100%, so the hidden table kept its full width.
            sx={{ [WIDE]: { ...visuallyHidden, width: '1px', height: '1px', margin: '-1px' } }}
          >
            <Box
              component="table"
              sx={{
                width: '100%',
                borderCollapse: 'collapse',
                typography: 'body2',
                '& caption': { textAlign: 'left', color: 'text.secondary', pb: 1 },
                '& th, & td': {
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                  textAlign: 'left',
                  overflowWrap: 'anywhere',
                },
                '& td, & thead th:not(:first-of-type)': { textAlign: 'right', pl: 1, whiteSpace: 'nowrap' },
                '& tbody th': { fontWeight: 'normal' },
              }}
            >
              <caption>{texts.description(bars.length)}</caption>
              <thead>
                <tr>
                  <th scope="col">Ministry</th>
                  <th scope="col">{texts.series}</th>
                  <th scope="col">Records</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((m) => (
                  <tr key={m.ministryId ?? m.ministry}>
                    <th scope="row">{m.ministry}</th>
                    <td>{formatNaira(m.monthlyAmount)}</td>
                    <td>{m.flaggedRecords}</td>
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
