import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table that scrolls sideways on narrow screens. The scroll area takes the focus so keyboard
 * users can scroll it too (axe: scrollable-region-focusable), and is named after the table.
 */
export function ScrollTableContainer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {children}
    </TableContainer>
  );
}
