import Typography from '@mui/material/Typography';
import type { Named } from '@portal/contract/records';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';

const texts = EXERCISES_TEXTS.postings;

/**
 * A posting as one cell, the ministry over its department: two columns of names left the figures
 * no room on a phone, and pushed the last column out of view on a laptop.
 */
export function PostingCell({ ministry, department }: { ministry: Named | null; department: Named | null }) {
  return (
    <>
      {ministry?.name ?? texts.none}
      <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
        {department?.name ?? texts.noDepartment}
      </Typography>
    </>
  );
}

/** Closer cells for a table of many figures. */
export const COMPACT_CELLS = { '& .MuiTableCell-root': { px: 1 } } as const;
