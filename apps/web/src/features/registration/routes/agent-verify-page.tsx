import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import { TOAST_MS } from '@portal/contract/limits';
import { RegistrationCard } from '../components/registration-card.tsx';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';

export interface AgentVerifyPageProps {
  /** h3 inside the agent dashboard's panel; h1 when it is the page's only heading. */
  headingComponent?: 'h1' | 'h3';
}

/**
 * /dashboard/agent/verify (SPEC §4, §6): the registration card with the agent's calls. The new
 * account's token is not stored, so the agent stays signed in; the card starts again.
 */
export function AgentVerifyPage({ headingComponent = 'h3' }: AgentVerifyPageProps) {
  const { enqueueSnackbar } = useSnackbar();
  const onCreated = () => {
    enqueueSnackbar(REGISTRATION_TEXTS.messages.agentCreated, {
      variant: 'success',
      autoHideDuration: TOAST_MS.agentConfirmation,
      anchorOrigin: { vertical: 'top', horizontal: 'center' },
    });
    return true;
  };
  return (
    <RegistrationCard
      context={{ variant: 'agent' }}
      headingComponent={headingComponent}
      onCreated={onCreated}
      note={
        <Alert severity="info" variant="outlined">
          {REGISTRATION_TEXTS.agentNote}
        </Alert>
      }
    />
  );
}
