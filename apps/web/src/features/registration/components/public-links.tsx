import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';

/** A tap target of 48 px on a phone (issue #32). */
const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 48, px: 1 } as const;

/** 'Back to Login' below a public card. */
export function BackToLoginLink() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" sx={TAP_TARGET}>
        {REGISTRATION_TEXTS.backToLogin}
      </Link>
    </Typography>
  );
}

/**
 * Under 'Back to Login' on the claim page: the public appeal (issue #34 item 4), for a suspended
 * person who never claimed an account; the link's tenant goes with it.
 */
export function PublicAppealLink({ tenant }: { tenant: string | null }) {
  const to = tenant ? `/appeal?tenant=${encodeURIComponent(tenant)}` : '/appeal';
  return (
    <Typography variant="body2" sx={{ mt: 1, textAlign: 'center' }}>
      <Link component={RouterLink} to={to} sx={TAP_TARGET}>
        {REGISTRATION_TEXTS.appealLink}
      </Link>
    </Typography>
  );
}
