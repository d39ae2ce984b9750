import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ReverifyResponse } from '@portal/contract/claims';
import { CLAIM_MESSAGES, reverifyMessageOf } from '@portal/contract/claim-texts';
import { Alert } from '../../../field-kit/alert.tsx';
import { Button } from '../../../field-kit/button.tsx';
import { TextField } from '../../../field-kit/text-field.tsx';
import { ApiError, NETWORK_ERROR_STATUS } from '../../../lib/api-error.ts';
import { checkIdentity, isValid, type IdentityValues } from '../../../lib/identity-check.ts';
import { reverifyPerson } from '../api/field-calls.ts';

export const REVERIFY_FORM_TEXTS = {
  ssid: 'SSID',
  nin: 'NIN',
  submit: 'Re-verify',
  busy: 'Re-verifying...',
  failed: CLAIM_MESSAGES.reverifyFailed,
} as const;

const texts = REVERIFY_FORM_TEXTS;

/** The server's message (wrong SSID/NIN, provider down, no longer awaiting, not found), else SPEC §8's text. */
export function reverifyFailureText(error: unknown): string {
  if (error instanceof ApiError && error.status !== NETWORK_ERROR_STATUS && error.serverMessage) {
    return error.serverMessage;
  }
  return texts.failed;
}

/** A re-verification's course: its answer is kept once the person's next step moves on. */
export type ReverifyState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done'; answer: ReverifyResponse }
  | { status: 'failed'; error: unknown };

export interface ReverifyFormProps {
  recordId: string;
  /** Held by the card, not the form, so the answer stays once the person is read again. */
  state: ReverifyState;
  onStateChange: (state: ReverifyState) => void;
  /** A check that passed: the person and the desk are read again. */
  onReverified: () => void;
  /** The form's accessible name. */
  label: string;
}

/**
 * SSID and NIN asked again for a person awaiting re-verification, on the field agent's person card
 * (issue #33), in the field kit (issue #32; the employee's profile keeps components/reverify-form):
 * the fields checked by hand as ReverifyRequestSchema checks them (lib/identity-check.ts), each
 * message shown once the field was left; Re-verify stays disabled until both are valid. After an
 * answer the form is disabled; it says the record is pending final review only when it is.
 */
export function ReverifyForm({ recordId, state, onStateChange, onReverified, label }: ReverifyFormProps) {
  const [values, setValues] = useState<IdentityValues>({ ssid: '', nin: '' });
  const [left, setLeft] = useState<Partial<Record<keyof IdentityValues, boolean>>>({});
  const checked = checkIdentity(values);
  const ssid = useRef<HTMLInputElement>(null);
  // Preact does not focus `autoFocus`: the SSID takes the focus when the form appears.
  useEffect(() => ssid.current?.focus(), []);
  const done = state.status === 'done';
  const pending = state.status === 'pending';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || done || !isValid(checked)) return;
    onStateChange({ status: 'pending' });
    reverifyPerson(recordId, checked.values).then(
      (answer) => {
        onStateChange({ status: 'done', answer });
        onReverified();
      },
      (error: unknown) => onStateChange({ status: 'failed', error }),
    );
  };
  const field = (name: keyof IdentityValues) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setLeft((current) => ({ ...current, [name]: true })),
    error: left[name] ? checked.errors[name] : undefined,
    required: true,
    autoComplete: 'off',
    spellCheck: false,
    disabled: done,
  });

  return (
    <form noValidate onSubmit={submit} aria-label={label} className="fk-stack fk-stack--16">
      <div className="fk-pair">
        <TextField {...field('ssid')} label={texts.ssid} ref={ssid} />
        <TextField {...field('nin')} label={texts.nin} inputMode="numeric" />
      </div>
      {state.status === 'done' &&
        (state.answer.newStatus === 'PENDING_GRADE_VALIDATION' ? (
          <Alert severity="success" role="status" icon="checkCircle">
            {reverifyMessageOf(state.answer.newStatus)}
          </Alert>
        ) : (
          // Checked, but not cleanly: say what happened, not 'successful'.
          <Alert severity="warning" role="status" icon="warning">
            {reverifyMessageOf(state.answer.newStatus)}
          </Alert>
        ))}
      {state.status === 'failed' && (
        <Alert severity="error" icon="warning">
          {reverifyFailureText(state.error)}
        </Alert>
      )}
      <div>
        <Button
          type="submit"
          className="fk-button--auto"
          disabled={!isValid(checked) || pending || done}
          aria-busy={pending}
          busy={pending}
          busyLabel={texts.busy}
        >
          {texts.submit}
        </Button>
      </div>
    </form>
  );
}
