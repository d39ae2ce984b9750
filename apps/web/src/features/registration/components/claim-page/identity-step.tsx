import { useEffect, useRef, useState } from 'react';
import { CONSENT_VERSION } from '@portal/contract/claim-texts';
import type { InitiateRequest } from '@portal/contract/claims';
import { TextField } from '../../../../field-kit/text-field.tsx';
import type { ClaimContext } from '../../api/claim-context.ts';
import { checkIdentity } from '../../claim-check.ts';
import type { RegistrationMessage } from '../../registration-machine.ts';
import { REGISTRATION_TEXTS } from '../../registration-texts.ts';
import { ConsentStatement } from './consent-statement.tsx';
import { StepForm } from './step-form.tsx';
import { useStepFields } from './use-step-fields.ts';

const texts = REGISTRATION_TEXTS;

export interface IdentityStepProps {
  /** The line under the heading (the employee's or the agent's words). */
  hint: string;
  /** Whose words the consent's checkbox uses: the employee's, or the agent's for them. */
  variant: ClaimContext['variant'];
  busy: boolean;
  message: RegistrationMessage | null;
  /** The SSID takes the focus (a new round, not the page's first showing). */
  autoFocus: boolean;
  onSubmit: (request: InitiateRequest) => void;
}

/**
 * Step 'initial' (Verify Your Identity): the consent statement first (issue #22), then SSID and
 * NIN, the NIN on a phone's number pad; Next stays disabled until the statement is accepted and
 * the fields are valid.
 */
export function IdentityStep({ hint, variant, busy, message, autoFocus, onSubmit }: IdentityStepProps) {
  const [consented, setConsented] = useState(false);
  const form = useStepFields({ ssid: '', nin: '' }, checkIdentity);
  const ssid = useRef<HTMLInputElement>(null);
  // When the step shows only: a new round starts with the SSID (Preact does not focus `autoFocus`).
  const focusOnShow = useRef(autoFocus);
  useEffect(() => {
    if (focusOnShow.current) ssid.current?.focus();
  }, []);
  return (
    <StepForm
      hint={hint}
      onSubmit={() => consented && onSubmit({ ...form.values, consentVersion: CONSENT_VERSION })}
      message={message}
      submitLabel={texts.steps.initial.submit}
      busyLabel={texts.steps.initial.busy}
      busy={busy}
      invalid={!form.valid || !consented}
    >
      <ConsentStatement variant={variant} accepted={consented} onChange={setConsented} disabled={busy} />
      <TextField
        {...form.field('ssid')}
        ref={ssid}
        label={texts.fields.ssid}
        required
        autoComplete="off"
        spellCheck="false"
        autoCapitalize="characters"
      />
      <TextField
        {...form.field('nin')}
        label={texts.fields.nin}
        required
        autoComplete="off"
        inputMode="numeric"
        spellCheck="false"
      />
    </StepForm>
  );
}
