import Box from '@mui/material/Box';
import { formatCount } from '../../../lib/format.ts';
import { usePendingApprovalsCount } from '../../../lib/pending-approvals.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { APPROVALS_TEXTS as texts } from '../approvals-texts.ts';

/**
 * The count on the 'Pending my approval' tab: the actions the signed-in tenant admin may approve
 * (their own are left out). Nothing shows at zero.
 */
export function PendingApprovalsBadge() {
  const count = usePendingApprovalsCount();
  const n = count.data ?? 0;
  if (n === 0) return null;
  return (
    <Box
      component="span"
      data-testid="pending-approvals-badge"
      sx={{
        minWidth: 22,
        height: 22,
        px: 0.75,
        borderRadius: 11,
        bgcolor: 'error.main',
        color: 'error.contrastText',
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
