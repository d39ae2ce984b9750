import { useId } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { Metric } from '../utils/overview-metrics.ts';

export interface MetricSectionProps {
  title: string;
  metrics: readonly Metric[];
}

const TONE_ICON = { success: <CheckCircle />, warning: <WarningAmber /> } as const;
const TONE_COLOR = { success: 'success.dark', warning: 'warning.dark' } as const;

/** A titled row of metric cards: 4 columns on desktop, 2 on tablets, 1 on phones. */
export function MetricSection({ title, metrics }: MetricSectionProps) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            md: 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {metrics.map((metric) => (
          <Paper key={metric.label} variant="outlined" sx={{ p: 2.5, minWidth: 0 }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary', mb: 1 }}>
              {metric.label}
            </Typography>
            <Typography
              component="dd"
              variant="h5"
              sx={{
                m: 0,
                fontWeight: 600,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                overflowWrap: 'anywhere',
                color: metric.tone ? TONE_COLOR[metric.tone] : 'text.primary',
              }}
            >
              {metric.tone && (
                <Box component="span" aria-hidden="true" sx={{ display: 'flex' }}>
                  {TONE_ICON[metric.tone]}
                </Box>
              )}
              {metric.value}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}
