import Box from '@mui/material/Box';
import { formatCount } from '../../../lib/format.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useOpenAppealsCount } from '../api/get-appeals.ts';
import { APPEALS_TEXTS as texts } from '../appeals-texts.ts';

/**
 * The count on the 'Appeals' destination: the appeals waiting for a handler's move (OPEN; one
 * waiting for the employee or a second approver is not the handler's to move). Nothing at zero.
 */
export function OpenAppealsBadge() {
  const count = useOpenAppealsCount();
  const n = count.data ?? 0;
  if (n === 0) return null;
  return (
    <Box
      component="span"
      data-testid="open-appeals-badge"
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'warning.dark',
        color: 'common.white',
        fontSize: '0.75rem',
        fontWeight: 700,
        lineHeight: '22px',
        textAlign: 'center',
      }}
    >
      <span aria-hidden="true">{formatCount(n)}</span>
      <span style={visuallyHidden}>{` (${texts.badge(n)})`}</span>
    </Box>
  );
}
