import type { ReactNode } from 'react';
import TableContainer from '@mui/material/TableContainer';

/**
 * A table that scrolls sideways on narrow screens. The scroll area takes the focus so keyboard
 * users can scroll it too (axe: scrollable-region-focusable), and is named after the table. It is
 * a named group, not a region: the screen's sections are the landmarks, and a region named like
 * the section around it would be a second landmark of the same name (axe: landmark-unique).
 */
export function ScrollTableContainer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <TableContainer role="group" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      {children}
    </TableContainer>
  );
}
