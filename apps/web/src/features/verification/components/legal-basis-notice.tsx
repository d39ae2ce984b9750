import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import GavelOutlined from '@mui/icons-material/GavelOutlined';
import { useLegalBasis } from '../api/get-legal-basis.ts';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.legalBasis;

/**
 * The legal basis under which the tenant verifies its payroll with the identity provider (issue
 * #22), above the start button's effects: set by the global admin in the tenant's provider
 * settings, the default until then. Nothing shows while it loads or if it cannot be read: it
 * informs, it does not gate the verification.
 */
export function LegalBasisNotice() {
  const legalBasis = useLegalBasis();
  if (!legalBasis.isSuccess) return null;
  return (
    <Box
      component="section"
      aria-labelledby="legal-basis-title"
      sx={{ display: 'flex', gap: 1.5, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <GavelOutlined aria-hidden="true" sx={{ color: 'text.secondary', mt: 0.25 }} />
      <Box sx={{ minWidth: 0 }}>
        <Typography id="legal-basis-title" variant="subtitle2" component="h3">
          {texts.title}
        </Typography>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {legalBasis.data.text}
        </Typography>
        {legalBasis.data.isDefault && (
          <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
            {texts.defaultNote}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
