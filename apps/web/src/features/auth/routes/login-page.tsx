import { useEffect, useState } from 'react';
import { TOAST_MS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { homeForRole } from '@portal/contract/role-names';
import { Card, PageFrame } from '../../../field-kit/page-frame.tsx';
import { SignedInActions } from '../../../field-kit/signed-in-actions.tsx';
import { ToastHost, useToast } from '../../../field-kit/toast.tsx';
import { readSession, subscribeToToken, type Session } from '../../../lib/auth-storage.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { platformZoneNote } from '../../../lib/time-zone-note.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { LoginForm } from '../components/login-form.tsx';

export const LOGIN_PATH = '/login';

/** The app's foot note before a tenant is known: the platform's zone (lib/format.ts). */
export const LOGIN_FOOT_NOTE = platformZoneNote();

/** Where a signed-in visitor of /login goes, or null to stay (no session, or no dashboard). */
export function signedInHome(session: Session | null = readSession()): string | null {
  const home = homeForRole(session?.claims.role);
  return session && home !== LOGIN_PATH ? home : null;
}

/**
 * The sign-in page (SPEC §2 Login), a page of its own (DECISIONS 200): the field kit's frame and
 * card, no app around it. A visitor who signs in, here or in another tab, goes to their home; a
 * role without a dashboard stays, with Sign Out, as in the app.
 */
export function LoginPage() {
  const { toast, show, close } = useToast();
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    const check = () => {
      const current = readSession();
      const home = signedInHome(current);
      if (home) pageLoad.replace(home);
      else setSession(current);
    };
    check();
    return subscribeToToken(check);
  }, []);

  return (
    <PageFrame
      title={`${MESSAGES.productTitle}${UI_TEXTS.shell.trademark}`}
      skipLinkLabel={MESSAGES.skipLink}
      footNote={LOGIN_FOOT_NOTE}
      prerenderedPath={LOGIN_PATH}
      // A role without a dashboard stays here signed in, with Sign Out.
      actions={session && <SignedInActions session={session} />}
    >
      <Card>
        <h1>{UI_TEXTS.login.title}</h1>
        <p className="fk-subtitle">{UI_TEXTS.login.subtitle}</p>
        <LoginForm toast={(message, severity) => show(message, severity, TOAST_MS.login)} />
        <p className="fk-card-foot">
          <a className="fk-link" href="/register-employee">
            {MESSAGES.login.claimLink}
          </a>
        </p>
      </Card>
      <ToastHost toast={toast} onClose={close} closeLabel={UI_TEXTS.shell.close} />
    </PageFrame>
  );
}
