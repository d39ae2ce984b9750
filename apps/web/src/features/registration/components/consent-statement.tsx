import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { CLAIM_CONSENT } from '@portal/contract/claims';
import type { ClaimContext } from '../api/claim-context.ts';

export interface ConsentStatementProps {
  variant: ClaimContext['variant'];
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  disabled?: boolean;
}

/**
 * The consent statement of a claim (issue #22, NDPA 2023), read before the SSID and NIN are asked
 * for, and its checkbox, unticked at first. The text and its version are the contract's; the
 * version goes with the identity check, which the server refuses without it.
 */
export function ConsentStatement({ variant, accepted, onChange, disabled }: ConsentStatementProps) {
  const titleId = 'claim-consent-title';
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, bgcolor: 'background.default' }}
    >
      <Typography id={titleId} variant="subtitle1" component="p" sx={{ fontWeight: 600, mb: 1 }}>
        {CLAIM_CONSENT.title}
      </Typography>
      {CLAIM_CONSENT.paragraphs.map((paragraph) => (
        <Typography key={paragraph} variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {paragraph}
        </Typography>
      ))}
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mb: 1 }}>
        Statement version {CLAIM_CONSENT.version}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={accepted}
            onChange={(e) => onChange(e.target.checked)}
            disabled={disabled}
            slotProps={{ input: { 'aria-describedby': titleId } }}
          />
        }
        label={CLAIM_CONSENT.accept[variant]}
        sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
      />
    </Box>
  );
}
