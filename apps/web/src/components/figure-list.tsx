import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A figure of a FigureList; an amount in naira takes two columns, where it fits on one line. */
export function Figure({ label, value, wide = false }: { label: string; value: string; wide?: boolean }) {
  return (
    <Box component="li" sx={{ minWidth: 0, gridColumn: wide ? 'span 2' : undefined }}>
      <Typography component="p" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="p" variant="h6" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * Labelled figures in a grid of columns of at least 140 px (an exercise's progress and report,
 * the appeals' figures): a list, so that a screen reader counts them.
 */
export function FigureList({ label, children, mb = 0 }: { label: string; children: ReactNode; mb?: number }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
      }}
    >
      {children}
    </Box>
  );
}
