import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { TOAST_MS } from '@portal/contract/limits';
import { RegistrationCard } from '../components/registration-card.tsx';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';

/** Whom the agent starts the identity check for (chosen on the desk above the card). */
export interface ClaimFor {
  fullName: string;
}

export interface AgentVerifyPageProps {
  /** h3 inside the agent dashboard's panel; h1 when it is the page's only heading. */
  headingComponent?: 'h1' | 'h3';
  /**
   * What sits above the card (the field desk, issue #33): given the call that makes the identity
   * check ready for a person, and how many accounts the card has made (so that the desk reads its
   * people again). The app's route table brings it, so features do not import each other.
   */
  desk?: (startCheck: (person: ClaimFor) => void, accountsCreated: number) => ReactNode;
}

/**
 * /dashboard/agent/verify (SPEC §4, §6): the registration card with the agent's calls. The new
 * account's token is not stored, so the agent stays signed in; the card starts again.
 */
export function AgentVerifyPage({ headingComponent = 'h3', desk }: AgentVerifyPageProps) {
  const { enqueueSnackbar } = useSnackbar();
  const [claimFor, setClaimFor] = useState<ClaimFor | null>(null);
  const [round, setRound] = useState(0);
  const [accountsCreated, setAccountsCreated] = useState(0);
  const cardBox = useRef<HTMLDivElement>(null);
  const onCreated = () => {
    enqueueSnackbar(REGISTRATION_TEXTS.messages.agentCreated, {
      variant: 'success',
      autoHideDuration: TOAST_MS.agentConfirmation,
      anchorOrigin: { vertical: 'top', horizontal: 'center' },
    });
    setClaimFor(null);
    setAccountsCreated((n) => n + 1);
    return true;
  };

  const startCheck = (person: ClaimFor) => {
    setClaimFor(person);
    // A claim left half-way (another person's) starts again at the identity step; one still at
    // that step keeps what was typed.
    const step = cardBox.current?.querySelector('[data-step]')?.getAttribute('data-step');
    if (step !== 'initial') setRound((value) => value + 1);
    else focusIdentity();
  };
  const focusIdentity = () => {
    cardBox.current?.scrollIntoView({ block: 'start' });
    cardBox.current?.querySelector<HTMLInputElement>('input[name="ssid"]')?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (round > 0) focusIdentity();
  }, [round]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {desk && (
        <Box sx={{ width: '100%', maxWidth: 760, mx: 'auto' }}>{desk(startCheck, accountsCreated)}</Box>
      )}
      <Box ref={cardBox} sx={{ scrollMarginTop: 80 }}>
        <RegistrationCard
          key={round}
          context={{ variant: 'agent' }}
          headingComponent={headingComponent}
          onCreated={onCreated}
          note={
            <>
              {claimFor && (
                <Alert severity="success" variant="outlined" data-testid="claim-for">
                  {REGISTRATION_TEXTS.claimFor(claimFor.fullName)}
                </Alert>
              )}
              <Alert severity="info" variant="outlined">
                {REGISTRATION_TEXTS.agentNote}
              </Alert>
            </>
          }
        />
      </Box>
    </Box>
  );
}
