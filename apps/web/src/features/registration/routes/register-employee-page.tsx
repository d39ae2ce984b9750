import { useEffect, useRef, useState } from 'react';
import type { ClaimTenant } from '@portal/contract/claims';
import { TIMINGS, TOAST_MS } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { homeForRole } from '@portal/contract/role-names';
import { DEFAULT_TIME_ZONE } from '@portal/contract/zone-label';
import { Alert } from '../../../field-kit/alert.tsx';
import { PageFrame } from '../../../field-kit/page-frame.tsx';
import { SignedInActions } from '../../../field-kit/signed-in-actions.tsx';
import { ToastHost, useToast } from '../../../field-kit/toast.tsx';
import { readSession, storeToken } from '../../../lib/auth-storage.ts';
import { decodeTokenClaims } from '../../../lib/jwt-claims.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { platformZoneNote, timeZoneNote } from '../../../lib/time-zone-note.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useSession } from '../../../lib/use-session.ts';
import { fetchClaimTenant } from '../api/claim-calls.ts';
import { tenantFromSearch, type ClaimContext } from '../api/claim-context.ts';
import { ClaimCard } from '../components/claim-page/claim-card.tsx';
import { REGISTRATION_TEXTS } from '../registration-texts.ts';

export const REGISTER_EMPLOYEE_PATH = '/register-employee';

/** The foot note until the claim's tenant names its zone: the platform's (lib/time-zone-note.ts). */
const PLATFORM_FOOT_NOTE = platformZoneNote();

const texts = REGISTRATION_TEXTS;

/** 'Times in …' of the tenant's zone; the platform's for its own zone or a name that is no zone. */
function footNoteOf(tenant: ClaimTenant | null): string {
  if (!tenant || tenant.timeZone === DEFAULT_TIME_ZONE) return PLATFORM_FOOT_NOTE;
  try {
    return timeZoneNote(tenant.timeZone);
  } catch {
    return PLATFORM_FOOT_NOTE;
  }
}

export interface RegisterEmployeePageProps {
  /** The page's query string (`?tenant=` of a claim link); '' for the pre-rendered copy. */
  search: string;
}

/**
 * /register-employee (SPEC §2, §4), a page of its own on the field kit (issue #32, as /login is,
 * DECISIONS 200). The role is read when the screen opens: an agent gets the agent's calls and
 * stays signed in, the card starting again after each account; anyone else claims their own
 * account, is signed in and goes to their home after 2 s. The first render is a first visit's,
 * as the pre-rendered copy it hydrates: the link's tenant is read right after.
 */
export function RegisterEmployeePage({ search }: RegisterEmployeePageProps) {
  const [openedAs] = useState(() => readSession()?.claims.role ?? null);
  const agent = openedAs === 'AGENT';
  const session = useSession();
  const { toast, show, close } = useToast();
  const [tenant, setTenant] = useState<string | null>(null);
  const [claimTenant, setClaimTenant] = useState<ClaimTenant | null>(null);

  useEffect(() => {
    if (agent) return;
    const linkTenant = tenantFromSearch(new URLSearchParams(search));
    setTenant(linkTenant);
    let live = true;
    // None when it cannot be told: the screen then names no one, and the claim's own answer says
    // what went wrong (issue #31).
    fetchClaimTenant(linkTenant).then(
      (answer) => live && setClaimTenant(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [agent, search]);

  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const context: ClaimContext = agent ? { variant: 'agent' } : { variant: 'public', tenant };
  const onCreated = (token: string) => {
    if (agent) {
      show(texts.messages.agentCreated, 'success', TOAST_MS.agentConfirmation);
      return true;
    }
    storeToken(token);
    const home = homeForRole(decodeTokenClaims(token)?.role);
    redirect.current = window.setTimeout(() => pageLoad.replace(home), TIMINGS.publicRedirectMs);
    return false;
  };
  const appealHref = tenant ? `/appeal?tenant=${encodeURIComponent(tenant)}` : '/appeal';

  return (
    <PageFrame
      title={`${MESSAGES.productTitle}${UI_TEXTS.shell.trademark}`}
      skipLinkLabel={MESSAGES.skipLink}
      footNote={footNoteOf(claimTenant)}
      prerenderedPath={REGISTER_EMPLOYEE_PATH}
      actions={
        session && <SignedInActions session={session} onSignedOut={() => pageLoad.replace('/login')} />
      }
    >
      <ClaimCard
        context={context}
        tenantName={claimTenant?.name}
        onCreated={onCreated}
        note={
          agent && (
            <Alert severity="info" variant="outlined" role="note">
              {texts.agentNote}
            </Alert>
          )
        }
        footer={
          !agent &&
          session === null && (
            <div className="fk-links">
              <p>
                <a className="fk-link" href="/login">
                  {texts.backToLogin}
                </a>
              </p>
              <p>
                <a className="fk-link" href={appealHref}>
                  {texts.appealLink}
                </a>
              </p>
            </div>
          )
        }
      />
      <ToastHost
        toast={toast}
        onClose={close}
        closeLabel={UI_TEXTS.shell.close}
        placement={agent ? 'top-center' : 'top-right'}
      />
    </PageFrame>
  );
}
