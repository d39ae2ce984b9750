import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { TOAST_MS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { Alert } from '../../../field-kit/alert.tsx';
import { PageFrame } from '../../../field-kit/page-frame.tsx';
import { SignedInActions } from '../../../field-kit/signed-in-actions.tsx';
import { ToastHost, useToast } from '../../../field-kit/toast.tsx';
import { readSession } from '../../../lib/auth-storage.ts';
import { takeHandedOverToast } from '../../../lib/handed-over-toast.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { DEFAULT_TIME_ZONE } from '@portal/contract/zone-label';
import type { SignedInUser } from '../../../lib/signed-in-user.ts';
import { platformZoneNote, timeZoneNote } from '../../../lib/time-zone-note.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useSession } from '../../../lib/use-session.ts';
import { AgentDesk } from '../../../features/field/components/agent-desk.tsx';
import { ClaimCard } from '../../../features/registration/components/claim-page/claim-card.tsx';
import { REGISTRATION_TEXTS } from '../../../features/registration/registration-texts.ts';
import { AgentAppealAction } from '../../../features/appeals/components/agent-appeal-action.tsx';

const texts = UI_TEXTS.dashboards.agent;

/** The agent's dashboard's one address (SPEC §2: /dashboard/agent redirects to verify). */
export const AGENT_VERIFY_PATH = '/dashboard/agent/verify';

/** Whom the agent starts the identity check for (chosen on the desk above the card). */
interface ClaimFor {
  fullName: string;
}

/**
 * /dashboard/agent/verify (SPEC §2, §4, §6), a field page on Preact (issue #32, as /login and
 * /register-employee, DECISIONS 200): the dashboard's title, subtitle and panel, the field desk
 * (issue #33) above the claim card with the agent's calls, the person's card offering the appeals'
 * lodging (issue #34). Three features put together here, so that features do not import each
 * other. The build pre-renders what does not depend on the agent (the frame, the headings, the
 * search, the identity check); the desk's answers, the person and the top bar's user are drawn
 * after hydration. The new account's token is not stored: the agent stays signed in and the card
 * starts again.
 */
export function AgentDashboardPage() {
  const session = useSession();
  const { toast, show, close } = useToast();
  const [claimFor, setClaimFor] = useState<ClaimFor | null>(null);
  const [round, setRound] = useState(0);
  const [accountsCreated, setAccountsCreated] = useState(0);
  const cardBox = useRef<HTMLDivElement>(null);
  // The copy and the first render say the platform's zone (no Intl object before the form is drawn);
  // the agent's tenant's, once GET /users/me has named it.
  const [footNote, setFootNote] = useState(platformZoneNote);
  const onUser = useCallback((user: SignedInUser) => {
    if (user.timeZone === DEFAULT_TIME_ZONE) return;
    try {
      setFootNote(timeZoneNote(user.timeZone));
    } catch {
      // A name this browser does not know as a zone: the platform's stays.
    }
  }, []);

  // Signed out in another tab, or the token expired while the page is open: to the sign-in page.
  // (The first render of a hydration reads no session, as the copy: storage is asked again.)
  useEffect(() => {
    if (session === null && readSession() === null) pageLoad.replace('/login');
  }, [session]);

  // The sign-in page's welcome, left for this page (DECISIONS 200).
  useEffect(() => {
    const handed = takeHandedOverToast();
    if (handed) show(handed.message, handed.variant, handed.durationMs);
  }, [show]);

  const onCreated = () => {
    show(REGISTRATION_TEXTS.messages.agentCreated, 'success', TOAST_MS.agentConfirmation);
    setClaimFor(null);
    setAccountsCreated((n) => n + 1);
    return true;
  };
  const focusIdentity = () => {
    cardBox.current?.scrollIntoView({ block: 'start' });
    cardBox.current?.querySelector<HTMLInputElement>('input[name="ssid"]')?.focus({ preventScroll: true });
  };
  const startCheck = (person: ClaimFor) => {
    setClaimFor(person);
    // A claim left half-way (another person's) starts again at the identity step; one still at
    // that step keeps what was typed.
    const step = cardBox.current?.querySelector('[data-step]')?.getAttribute('data-step');
    if (step !== 'initial') setRound((value) => value + 1);
    else focusIdentity();
  };
  useEffect(() => {
    if (round > 0) focusIdentity();
  }, [round]);

  return (
    <PageFrame
      title={`${MESSAGES.productTitle}${UI_TEXTS.shell.trademark}`}
      skipLinkLabel={MESSAGES.skipLink}
      footNote={footNote}
      prerenderedPath={AGENT_VERIFY_PATH}
      actions={
        session && (
          <SignedInActions session={session} onSignedOut={() => pageLoad.replace('/login')} onUser={onUser} />
        )
      }
    >
      <div className="fk-dashboard">
        <header className="fk-dashboard__header">
          <h1 className="fk-h4">{texts.title}</h1>
          <p className="fk-secondary fk-dashboard__subtitle">{texts.subtitle}</p>
        </header>
        <section className="fk-sheet fk-dashboard__panel" aria-labelledby="agent-panel-title">
          <h2 id="agent-panel-title" className="fk-h5">
            {texts.panel}
          </h2>
          <div className="fk-stack fk-stack--24">
            <div className="fk-desk">
              <AgentDesk
                onStartCheck={startCheck}
                accountsCreated={accountsCreated}
                personActions={(person) => <AgentAppealAction person={person} onLodged={show} />}
              />
            </div>
            <div ref={cardBox} className="fk-scroll-margin">
              <ClaimCard
                key={round}
                context={{ variant: 'agent' }}
                headingLevel="h3"
                onCreated={onCreated}
                note={<AgentNote claimFor={claimFor} />}
              />
            </div>
          </div>
        </section>
      </div>
      <ToastHost toast={toast} onClose={close} closeLabel={UI_TEXTS.shell.close} placement="top-center" />
    </PageFrame>
  );
}

function AgentNote({ claimFor }: { claimFor: ClaimFor | null }): ReactNode {
  return (
    <>
      {claimFor && (
        <Alert severity="success" variant="outlined" role="note" data-testid="claim-for">
          {REGISTRATION_TEXTS.claimFor(claimFor.fullName)}
        </Alert>
      )}
      <Alert severity="info" variant="outlined" role="note">
        {REGISTRATION_TEXTS.agentNote}
      </Alert>
    </>
  );
}
