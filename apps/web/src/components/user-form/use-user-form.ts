import { useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { z } from 'zod';
import type { UserFormField, UserFormValues } from './user-form-fields.tsx';

export interface UseUserFormOptions<TOutput> {
  /** Checks the values and shapes what `send` gets (fields the schema does not name are dropped). */
  schema: z.ZodType<TOutput>;
  /** The values the form starts with, and goes back to after a creation or a reset. */
  empty: DefaultValues<UserFormValues>;
  /** Creates the user; a rejection is handed to `onFailed`. */
  send: (values: TOutput) => Promise<unknown>;
  /** Hears what `send` answered (the created user: a tenant admin may wait for approval, issue #30). */
  onCreated: (created: unknown) => void;
  /** Says what went wrong (toast or log) and returns the messages to show on the fields. */
  onFailed: (error: unknown) => Partial<Record<UserFormField, string>>;
}

/**
 * The state of a user-creation form: validated on leaving a field (SPEC §5), emptied after a
 * creation, the server's refusals put on the fields they name.
 */
export function useUserForm<TOutput>({
  schema,
  empty,
  send,
  onCreated,
  onFailed,
}: UseUserFormOptions<TOutput>) {
  // Remounts the password field on reset, so a shown password is hidden again.
  const [passwordKey, setPasswordKey] = useState(0);
  const form = useZodForm(schema as z.ZodType<TOutput, UserFormValues>, empty);
  const reset = () => {
    form.reset(empty);
    setPasswordKey((key) => key + 1);
  };
  const submit = form.handleSubmit(async (values) => {
    let created: unknown;
    try {
      created = await send(values);
    } catch (error) {
      for (const [field, message] of Object.entries(onFailed(error))) {
        form.setError(field as UserFormField, { type: 'server', message });
      }
      return;
    }
    onCreated(created);
    reset();
  });
  return { form, submit, reset, passwordKey, creating: form.formState.isSubmitting };
}

export type UserFormState = ReturnType<typeof useUserForm<unknown>>;
