import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import { MESSAGES } from '@portal/contract/messages';
import { LoadingOverlay } from '../components/loading-overlay.tsx';
import { useMe } from '../features/auth/api/get-me.ts';
import { useSignOut } from '../features/auth/api/logout.ts';
import { UI_TEXTS } from '../lib/ui-texts.ts';
import { useSession } from '../lib/use-session.ts';

/** SPEC §9: 80 px on desktop (MUI's 56/64 px below). */
export const TOOLBAR_HEIGHT_DESKTOP = 80;

function SignedInUser() {
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Box sx={{ display: { xs: 'none', sm: 'block' }, textAlign: 'right', mr: 2, lineHeight: 1.2 }}>
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {me.fullName}
      </Typography>
      <Typography variant="caption" component="p" sx={{ opacity: 0.85 }}>
        {me.email}
      </Typography>
    </Box>
  );
}

export function TopBar() {
  const session = useSession();
  const { signOut, isSigningOut } = useSignOut();
  return (
    <AppBar position="sticky" elevation={2}>
      <Toolbar sx={{ minHeight: { md: TOOLBAR_HEIGHT_DESKTOP }, gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, flexGrow: 1 }}
        >
          {MESSAGES.productTitle}
          {UI_TEXTS.shell.trademark}
        </Typography>
        {session && (
          <>
            <SignedInUser />
            <Button
              color="inherit"
              variant="outlined"
              startIcon={<Logout />}
              onClick={signOut}
              disabled={isSigningOut}
            >
              {UI_TEXTS.shell.signOut}
            </Button>
          </>
        )}
      </Toolbar>
      <LoadingOverlay open={isSigningOut} message={UI_TEXTS.shell.signingOut} />
    </AppBar>
  );
}
