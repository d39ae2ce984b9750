import { useEffect, useState } from 'react';
import { clearToken, type Session } from '../lib/auth-storage.ts';
import { requestLogout } from '../lib/request-logout.ts';
import { fetchSignedInUser, type SignedInUser } from '../lib/signed-in-user.ts';
import { UI_TEXTS } from '../lib/ui-texts.ts';
import { Icon } from './icons.tsx';

/**
 * The top bar's end on a field page for a visitor who is signed in, as the app's (app/top-bar.tsx):
 * their name and e-mail from 600 px, and Sign Out, which asks the server to revoke the token,
 * forgets it whatever the answer, then calls `onSignedOut`.
 */
export function SignedInActions({
  session,
  onSignedOut,
  onUser,
}: {
  session: Session;
  onSignedOut?: () => void;
  /** The user as GET /users/me answered (the page may want their time zone). */
  onUser?: (user: SignedInUser) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [user, setUser] = useState<SignedInUser | null>(null);
  useEffect(() => {
    let live = true;
    fetchSignedInUser().then(
      (answer) => {
        if (!live) return;
        setUser(answer);
        onUser?.(answer);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [session.token, onUser]);
  const signOut = () => {
    setBusy(true);
    void requestLogout(session.token).finally(() => {
      clearToken();
      setBusy(false);
      onSignedOut?.();
    });
  };
  return (
    <>
      {user && (
        <div className="fk-user">
          <p className="fk-user__name">{user.fullName}</p>
          <p className="fk-user__email">{user.email}</p>
        </div>
      )}
      <button type="button" className="fk-bar-button" onClick={signOut} disabled={busy}>
        <Icon name="logout" className="fk-bar-button__icon" />
        {busy ? UI_TEXTS.shell.signingOut : UI_TEXTS.shell.signOut}
      </button>
    </>
  );
}
