import { useQuery } from '@tanstack/react-query';
import { emailField } from '@portal/contract/tenant-users';
import type { EmailAvailability } from '../../../components/email-field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { emailCheckQueryOptions } from '../api/check-email.ts';

/** Pause in typing after which the email is checked (SPEC §5 gives none; 400 ms as the brief asks). */
export const EMAIL_CHECK_DEBOUNCE_MS = 400;

/** Whether `email` already belongs to a user, asked once typing has paused (SPEC §5). */
export function useEmailAvailability(email: string, enabled = true): EmailAvailability {
  const parsed = emailField.safeParse(email);
  // The form sends the trimmed, lower-cased address: check exactly that one.
  const value = enabled && parsed.success ? parsed.data : '';
  const debounced = useDebouncedValue(value, EMAIL_CHECK_DEBOUNCE_MS);
  const query = useQuery({ ...emailCheckQueryOptions(debounced), enabled: debounced !== '' });

  if (value === '') return 'idle';
  // Until the debounce catches up, any answer is for an earlier value.
  if (debounced !== value) return 'checking';
  if (query.isError) return 'unknown';
  if (query.data === undefined) return 'checking';
  return query.data ? 'taken' : 'available';
}
