import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';

/** A tap target of 48 px on a phone (issue #32). */
const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 48, px: 1 } as const;

/** 'Back to Login' below a public card of the app (the appeal's; the claim page draws its own). */
export function BackToLoginLink() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" sx={TAP_TARGET}>
        {REGISTRATION_TEXTS.backToLogin}
      </Link>
    </Typography>
  );
}
