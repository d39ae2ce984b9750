import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import WarningAmber from '@mui/icons-material/WarningAmber';
import { ReverifyForm } from '../../../components/reverify-form.tsx';
import type { ReverifyMutation } from '../../../lib/reverify-record.ts';
import { PROFILE_TEXTS } from '../profile-texts.ts';

const texts = PROFILE_TEXTS.actionRequired;
/** Dark amber with 5.5:1 on white; MUI's warning.main is too light for text. */
const AMBER = '#b34700';

export interface ActionRequiredCardProps {
  recordId: string;
  /** The record's status when the card was shown: a suspended no-show is told why (issue #33). */
  status?: string;
  /** Held by the page, so the card (and its answer) stays after the record's status moves on. */
  reverify: ReverifyMutation;
}

/**
 * SPEC §2/§4: a record AWAITING_REVALIDATION (or SUSPENDED as a no-show) asks for SSID and NIN
 * again, in the form the field agent's person card shares.
 */
export function ActionRequiredCard({ recordId, status, reverify }: ActionRequiredCardProps) {
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="action-required-title"
      sx={{ borderColor: AMBER, borderLeftWidth: 6 }}
    >
      <CardContent sx={{ p: { xs: 2, md: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: AMBER }}>
          <WarningAmber aria-hidden="true" />
          <Typography id="action-required-title" variant="h6" component="h3" sx={{ color: AMBER }}>
            {texts.title}
          </Typography>
        </Box>
        <Typography sx={{ mt: 1, mb: 2.5 }}>
          {status === 'SUSPENDED' ? texts.suspendedMessage : texts.message}
        </Typography>
        <ReverifyForm recordId={recordId} reverify={reverify} />
      </CardContent>
    </Card>
  );
}
