import { Link as RouterLink } from 'react-router';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/contract/messages';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { LoginForm } from '../components/login-form.tsx';

export function LoginPage() {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {UI_TEXTS.login.title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>{UI_TEXTS.login.subtitle}</Typography>
        <LoginForm />
        <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
          <Link component={RouterLink} to="/register-employee">
            {MESSAGES.login.claimLink}
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
