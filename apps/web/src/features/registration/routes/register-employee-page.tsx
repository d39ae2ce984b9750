import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import { TIMINGS } from '@portal/contract/limits';
import { homeForRole } from '@portal/contract/roles';
import { readSession, storeToken } from '../../../lib/auth-storage.ts';
import { decodeTokenClaims } from '../../../lib/jwt-claims.ts';
import { useSession } from '../../../lib/use-session.ts';
import { tenantFromSearch } from '../api/claim-context.ts';
import { useClaimTenant } from '../api/claim-tenant.ts';
import { BackToLoginLink, PublicAppealLink } from '../components/public-links.tsx';
import { RegistrationCard } from '../components/registration-card.tsx';
import { AgentVerifyPage } from './agent-verify-page.tsx';

/**
 * /register-employee (SPEC §2, §4). The role is read when the screen opens: an agent gets the
 * agent variant; anyone else claims their own account and is signed in and sent on after 2 s.
 */
export function RegisterEmployeePage() {
  const [openedAs] = useState(() => readSession()?.claims.role ?? null);
  if (openedAs === 'AGENT') {
    return (
      <Box sx={{ px: 2, py: { xs: 4, md: 8 } }}>
        <AgentVerifyPage headingComponent="h1" />
      </Box>
    );
  }
  return <PublicRegistration />;
}

function PublicRegistration() {
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [tenant] = useState(() => tenantFromSearch(search));
  const tenantName = useClaimTenant(tenant).data?.name;
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const onCreated = (token: string) => {
    storeToken(token);
    const home = homeForRole(decodeTokenClaims(token)?.role);
    redirect.current = window.setTimeout(
      () => void navigate(home, { replace: true }),
      TIMINGS.publicRedirectMs,
    );
    return false;
  };

  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 } }}>
      <RegistrationCard
        context={{ variant: 'public', tenant }}
        tenantName={tenantName}
        headingComponent="h1"
        onCreated={onCreated}
        footer={
          session === null && (
            <>
              <BackToLoginLink />
              <PublicAppealLink tenant={tenant} />
            </>
          )
        }
      />
    </Box>
  );
}
