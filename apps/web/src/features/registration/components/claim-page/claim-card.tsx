import { useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { Card } from '../../../../field-kit/page-frame.tsx';
import type { ClaimContext } from '../../api/claim-context.ts';
import { confirmPsn, createAccount, initiateClaim } from '../../api/claim-calls.ts';
import {
  STEP_ORDER,
  failureText,
  initialRegistrationState,
  registrationReducer,
  stepPosition,
} from '../../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../../registration-texts.ts';
import { ChallengeStep } from './challenge-step.tsx';
import { CredentialsStep } from './credentials-step.tsx';
import { IdentityStep } from './identity-step.tsx';

const texts = REGISTRATION_TEXTS;

type Call = 'initiate' | 'challenge' | 'create';

export interface ClaimCardProps {
  context: ClaimContext;
  /**
   * The account was created. Returns true when the card should start again (agent), false when
   * it should keep showing the success text (public, until the page goes on).
   */
  onCreated: (token: string) => boolean;
  /** Below the form ('Back to Login', the appeal). */
  footer?: ReactNode;
  /** Above the steps (the agent's note). */
  note?: ReactNode;
  /** The tenant whose portal this is, named above the heading. */
  tenantName?: string;
  /** h1 on a page of its own; h3 inside the agent dashboard's panel (SPEC §4). */
  headingLevel?: 'h1' | 'h3';
}

/**
 * The three-step claim of SPEC §2 on the field kit (the public claim page, issue #32): the steps,
 * messages and failures of the app's RegistrationCard (the same machine, registration-machine.ts),
 * its calls by plain fetch (api/claim-calls.ts) and its fields checked by hand (claim-check.ts).
 */
export function ClaimCard({
  context,
  onCreated,
  footer,
  note,
  tenantName,
  headingLevel: Heading = 'h1',
}: ClaimCardProps) {
  const [state, dispatch] = useReducer(registrationReducer, initialRegistrationState);
  const [pending, setPending] = useState<Call | null>(null);
  const hints = texts.hints[context.variant];
  const startOver = () => dispatch({ type: 'restart' });

  /** One call at a time; its failure keeps the step and says why (registration-machine.ts). */
  function send<T>(call: Call, request: () => Promise<T>, answered: (answer: T) => void) {
    setPending(call);
    request().then(
      (answer) => {
        setPending(null);
        answered(answer);
      },
      (error: unknown) => {
        setPending(null);
        dispatch({ type: 'failed', text: failureText[call](error) });
      },
    );
  }

  // A new step (and the agent's next claim) starts at the card's top: the button pressed sits at
  // the bottom of a long step (issue #31). Not on the first showing.
  const card = useRef<HTMLDivElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    card.current?.scrollIntoView({ block: 'start' });
  }, [state.step]);

  return (
    <Card
      width="md"
      ref={card}
      className="fk-card--steps"
      data-step={state.step}
      data-testid="registration-card"
    >
      {tenantName && <p className="fk-strong">{texts.portalOf(tenantName)}</p>}
      <p className="fk-overline">{texts.stepOf(stepPosition(state.step), STEP_ORDER.length)}</p>
      <Heading className="fk-card__title">{texts.steps[state.step].title}</Heading>
      <p className="fk-subtitle">{texts.subtitle}</p>
      <div className="fk-stack fk-stack--16">
        {note}
        {state.step === 'initial' && (
          <IdentityStep
            key={state.round}
            hint={hints.initial}
            variant={context.variant}
            busy={pending === 'initiate'}
            message={state.message}
            autoFocus={state.round > 0}
            onSubmit={(identity) =>
              send(
                'initiate',
                () => initiateClaim(context, identity),
                (response) => dispatch({ type: 'initiated', response }),
              )
            }
          />
        )}
        {state.step === 'challenge' && (
          <ChallengeStep
            hint={hints.challenge}
            busy={pending === 'challenge'}
            message={state.message}
            hasClaim={state.recordId !== null}
            onStartOver={startOver}
            onSubmit={(psn) => {
              const recordId = state.recordId;
              if (recordId === null) return;
              send(
                'challenge',
                () => confirmPsn(context, { recordId, psn }),
                (response) => dispatch({ type: 'challenged', response }),
              );
            }}
          />
        )}
        {state.step === 'create' && (
          <CredentialsStep
            hint={hints.create}
            assisted={context.variant === 'agent'}
            busy={pending === 'create'}
            done={state.done}
            message={state.message}
            onStartOver={startOver}
            onSubmit={(credentials) => {
              const recordId = state.recordId;
              if (recordId === null) return;
              send(
                'create',
                () => createAccount({ ...credentials, recordId }),
                ({ token }) => dispatch({ type: onCreated(token) ? 'restart' : 'created' }),
              );
            }}
          />
        )}
      </div>
      {footer}
    </Card>
  );
}
