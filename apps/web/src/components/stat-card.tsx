import type { ReactNode } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import ChevronRight from '@mui/icons-material/ChevronRight';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { formatCount } from '../lib/format.ts';

export type StatTone = 'default' | 'warning';

export interface StatCardProps {
  label: string;
  /** `undefined` while the figure is unknown (it failed to load): shows a dash. */
  value: number | undefined;
  /** The figure as written, when it is not a count (an amount: '₦1,234,567.50'). */
  display?: string;
  icon?: ReactNode;
  /** A short line under the figure. */
  caption?: string;
  /** Warning figures (mismatches, potential ghosts) get a darker amber colour and an icon. */
  tone?: StatTone;
  /** Makes the whole card a link to this path. */
  to?: string;
  /** A button below the figure; for cards that are not links themselves. */
  action?: ReactNode;
}

/**
 * Amber for warning figures that keeps 5.5:1 on white at any size (MUI's warning.dark has 3.8:1,
 * enough only for large text, and figures shrink on phones).
 */
export const WARNING_TEXT_COLOR = '#b34700';

const TONE_COLOR: Record<StatTone, string> = { default: 'text.primary', warning: WARNING_TEXT_COLOR };

function StatCardBody({ label, value, display, icon, caption, tone = 'default', to, action }: StatCardProps) {
  return (
    <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        {icon && (
          <Box
            aria-hidden="true"
            sx={{
              display: 'flex',
              p: 1,
              borderRadius: 2,
              color: tone === 'warning' ? WARNING_TEXT_COLOR : 'primary.main',
              bgcolor: tone === 'warning' ? 'rgba(237, 108, 2, 0.1)' : 'rgba(21, 101, 192, 0.08)',
            }}
          >
            {icon}
          </Box>
        )}
        <Typography component="p" variant="body2" sx={{ color: 'text.secondary', fontWeight: 500, flex: 1 }}>
          {label}
        </Typography>
        {to && (
          <Box aria-hidden="true" sx={{ display: 'flex', color: 'text.secondary' }}>
            <ChevronRight />
          </Box>
        )}
      </Box>
      <Typography
        component="p"
        variant="h4"
        sx={{
          fontWeight: 600,
          color: TONE_COLOR[tone],
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value === undefined ? '\u2014' : (display ?? formatCount(value))}
        {tone === 'warning' && value !== undefined && value > 0 && (
          <Box component="span" aria-hidden="true" sx={{ display: 'flex', fontSize: '1.5rem' }}>
            <WarningAmber fontSize="inherit" />
          </Box>
        )}
      </Typography>
      {caption && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {caption}
        </Typography>
      )}
      {action && <Box sx={{ mt: 'auto', pt: 1 }}>{action}</Box>}
    </Box>
  );
}

/** A labelled figure in a card; with `to` the whole card is a keyboard-reachable link. */
export function StatCard(props: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {props.to ? (
        <CardActionArea component={Link} to={props.to} sx={{ height: '100%' }}>
          <StatCardBody {...props} />
        </CardActionArea>
      ) : (
        <StatCardBody {...props} />
      )}
    </Card>
  );
}
