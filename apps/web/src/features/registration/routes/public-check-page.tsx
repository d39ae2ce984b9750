import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import { useSession } from '../../../lib/use-session.ts';
import { tenantFromSearch } from '../api/claim-context.ts';
import { useClaimTenant } from '../api/claim-tenant.ts';
import { RegistrationCard, type FinalStep } from '../components/registration-card.tsx';
import { BackToLoginLink } from '../components/public-links.tsx';

export interface PublicCheckPageProps {
  /** The line under the heading, in place of 'Claim Your Secure Account'. */
  subtitle: string;
  /** Above the steps: what the page is for. */
  note?: ReactNode;
  /** The third step, after the claim's identity check. */
  finalStep: FinalStep;
}

/**
 * A public page that starts with the claim's identity check (consent, SSID and NIN, then the PSN)
 * and ends with a step of its own: the public appeal (issue #34 item 4), put together in
 * app/router.tsx. Its tenant and heading are the claim page's.
 */
export function PublicCheckPage({ subtitle, note, finalStep }: PublicCheckPageProps) {
  const session = useSession();
  const [search] = useSearchParams();
  const [tenant] = useState(() => tenantFromSearch(search));
  const tenantName = useClaimTenant(tenant).data?.name;
  return (
    <Box sx={{ px: 2, py: { xs: 4, md: 8 } }}>
      <RegistrationCard
        context={{ variant: 'public', tenant }}
        tenantName={tenantName}
        headingComponent="h1"
        subtitle={subtitle}
        note={note}
        finalStep={finalStep}
        footer={session === null && <BackToLoginLink />}
      />
    </Box>
  );
}
