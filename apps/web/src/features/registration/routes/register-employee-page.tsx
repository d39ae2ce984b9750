import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useSession } from '../../../lib/use-session.ts';

const CARD_MAX_WIDTH = 500;

/** Employee account claiming (SPEC §2). The three verification steps arrive with their own issue. */
export function RegisterEmployeePage() {
  const session = useSession();
  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 } }}>
      <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 }, mx: 'auto', maxWidth: CARD_MAX_WIDTH }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {UI_TEXTS.registration.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{UI_TEXTS.registration.subtitle}</Typography>
        <Alert severity="info">{UI_TEXTS.sectionPreparing}</Alert>
        {session === null && (
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            <Link component={RouterLink} to="/login">
              {UI_TEXTS.registration.backToLogin}
            </Link>
          </Typography>
        )}
      </Paper>
    </Box>
  );
}
