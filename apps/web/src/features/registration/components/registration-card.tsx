import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tenantHeaders, type ClaimContext } from '../api/claim-context.ts';
import { useConfirmPsn } from '../api/confirm-psn.ts';
import { useCreateAccount } from '../api/create-account.ts';
import { useInitiateClaim } from '../api/initiate-claim.ts';
import {
  STEP_ORDER,
  failureText,
  initialRegistrationState,
  registrationReducer,
  stepPosition,
} from '../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';
import { ChallengeStep } from './challenge-step.tsx';
import { CredentialsStep } from './credentials-step.tsx';
import { IdentityStep } from './identity-step.tsx';

/** SPEC §9: the registration card is at most 500 px wide. */
export const REGISTRATION_CARD_MAX_WIDTH = 500;

const texts = REGISTRATION_TEXTS;

/** What the final step is given: the confirmed claim, and the way back to step one. */
export interface ConfirmedClaim {
  /** The claim id initiate answered, its identity checked (SSID and NIN, then the PSN). */
  claimId: string;
  /** The tenant of the claim's calls (X-Tenant of a public link), for the step's own call. */
  headers: Record<string, string> | undefined;
  startOver: () => void;
  /** A failed call's text, as the claim's steps word it: the kept-step text when no answer came. */
  failureText: (error: unknown, fallback: string) => string;
}

/** A third step other than the credentials (the public appeal, issue #34 item 4). */
export interface FinalStep {
  title: string;
  render: (claim: ConfirmedClaim) => ReactNode;
}

/** The third step: the account's credentials, or another step given by the page. */
type ThirdStep =
  | {
      /**
       * The account was created. Returns true when the card should start again (agent), false
       * when it should keep showing the success text (public, until the redirect).
       */
      onCreated: (token: string) => boolean;
      finalStep?: never;
    }
  | { finalStep: FinalStep; onCreated?: never };

export type RegistrationCardProps = ThirdStep & {
  context: ClaimContext;
  /** h1 on the public screen, h3 inside the agent dashboard's panel. */
  headingComponent: 'h1' | 'h3';
  /** The line under the heading; 'Claim Your Secure Account' unless given. */
  subtitle?: string;
  /** Below the form ('Back to Login'). */
  footer?: ReactNode;
  /** Above the steps (the agent's note). */
  note?: ReactNode;
  /** The tenant whose portal this is, named above the heading (the public screen). */
  tenantName?: string;
};

/**
 * The three-step claim of SPEC §2 in one card, for the public and the agent variant; steps one
 * and two (the identity check) also open the public appeal, whose third step is its form.
 */
export function RegistrationCard({
  context,
  headingComponent,
  onCreated,
  finalStep,
  subtitle = texts.subtitle,
  footer,
  note,
  tenantName,
}: RegistrationCardProps) {
  const [state, dispatch] = useReducer(registrationReducer, initialRegistrationState);
  const initiate = useInitiateClaim(context);
  const challenge = useConfirmPsn(context);
  const create = useCreateAccount();
  const title = state.step === 'create' && finalStep ? finalStep.title : texts.steps[state.step].title;
  const hints = texts.hints[context.variant];
  const startOver = () => dispatch({ type: 'restart' });
  // A new step (and the agent's next claim, after an account is made) starts at the card's top:
  // the button pressed sits at the bottom of a long step, and the page stayed scrolled down there
  // with 'Verify Your Identity' out of view (issue #31). Not on the first showing.
  const card = useRef<HTMLDivElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    card.current?.scrollIntoView({ block: 'start' });
  }, [state.step]);

  return (
    <Paper
      variant={headingComponent === 'h1' ? 'elevation' : 'outlined'}
      elevation={headingComponent === 'h1' ? 3 : 0}
      ref={card}
      // Clear of the sticky top bar when scrolled to.
      sx={{ p: { xs: 3, sm: 4 }, mx: 'auto', maxWidth: REGISTRATION_CARD_MAX_WIDTH, scrollMarginTop: 80 }}
      data-step={state.step}
      data-testid="registration-card"
    >
      {tenantName && (
        <Typography component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
          {texts.portalOf(tenantName)}
        </Typography>
      )}
      <Typography variant="overline" component="p" sx={{ color: 'text.secondary', lineHeight: 1.5 }}>
        {texts.stepOf(stepPosition(state.step), STEP_ORDER.length)}
      </Typography>
      <Typography variant={headingComponent === 'h1' ? 'h4' : 'h5'} component={headingComponent}>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 0.5, mb: 3 }}>{subtitle}</Typography>
      <Stack spacing={2}>
        {note}
        {state.step === 'initial' && (
          <IdentityStep
            key={state.round}
            hint={hints.initial}
            variant={context.variant}
            busy={initiate.isPending}
            message={state.message}
            autoFocus={state.round > 0}
            onSubmit={(identity) =>
              initiate.mutate(identity, {
                onSuccess: (response) => dispatch({ type: 'initiated', response }),
                onError: (error) => dispatch({ type: 'failed', text: failureText.initiate(error) }),
              })
            }
          />
        )}
        {state.step === 'challenge' && (
          <ChallengeStep
            hint={hints.challenge}
            busy={challenge.isPending}
            message={state.message}
            hasClaim={state.recordId !== null}
            onStartOver={startOver}
            onSubmit={(psn) =>
              state.recordId !== null &&
              challenge.mutate(
                { recordId: state.recordId, psn },
                {
                  onSuccess: (response) => dispatch({ type: 'challenged', response }),
                  onError: (error) => dispatch({ type: 'failed', text: failureText.challenge(error) }),
                },
              )
            }
          />
        )}
        {state.step === 'create' &&
          finalStep &&
          state.recordId !== null &&
          finalStep.render({
            claimId: state.recordId,
            headers: tenantHeaders(context),
            startOver,
            failureText: failureText.other,
          })}
        {state.step === 'create' && onCreated && (
          <CredentialsStep
            hint={hints.create}
            assisted={context.variant === 'agent'}
            busy={create.isPending}
            done={state.done}
            message={state.message}
            onStartOver={startOver}
            onSubmit={(credentials) =>
              state.recordId !== null &&
              create.mutate(
                { ...credentials, recordId: state.recordId },
                {
                  onSuccess: ({ token }) => dispatch({ type: onCreated(token) ? 'restart' : 'created' }),
                  onError: (error) => dispatch({ type: 'failed', text: failureText.create(error) }),
                },
              )
            }
          />
        )}
      </Stack>
      {footer}
    </Paper>
  );
}
