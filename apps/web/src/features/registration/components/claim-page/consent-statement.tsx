import { CLAIM_CONSENT } from '@portal/contract/claim-texts';
import { Checkbox } from '../../../../field-kit/checkbox.tsx';
import type { ClaimContext } from '../../api/claim-context.ts';

export interface ConsentStatementProps {
  variant: ClaimContext['variant'];
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  disabled?: boolean;
}

/**
 * The consent statement of a claim (issue #22, NDPA 2023), read before the SSID and NIN are asked
 * for, and its checkbox, unticked at first. The text and its version are the contract's; the
 * version goes with the identity check, which the server refuses without it.
 */
export function ConsentStatement({ variant, accepted, onChange, disabled }: ConsentStatementProps) {
  const titleId = 'claim-consent-title';
  return (
    <section className="fk-panel" aria-labelledby={titleId}>
      <p id={titleId} className="fk-panel__title">
        {CLAIM_CONSENT.title}
      </p>
      {CLAIM_CONSENT.paragraphs.map((paragraph) => (
        <p key={paragraph} className="fk-panel__text">
          {paragraph}
        </p>
      ))}
      <p className="fk-panel__caption">{`Statement version ${CLAIM_CONSENT.version}`}</p>
      <Checkbox
        label={CLAIM_CONSENT.accept[variant]}
        alignTop
        checked={accepted}
        onChange={(event) => onChange(event.currentTarget.checked)}
        disabled={disabled}
        aria-describedby={titleId}
      />
    </section>
  );
}
