import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@portal/contract/limits';
import { TenantCreateSchema } from '@portal/contract/tenants';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { subdomainAvailabilityQueryOptions } from '../api/check-subdomain.ts';

export type SubdomainAvailability = 'idle' | 'checking' | 'available' | 'taken';

const SubdomainField = TenantCreateSchema.shape.subdomain;

/**
 * Whether `subdomain` is still free, asked once typing has paused for 300 ms (SPEC §5). Only
 * well-formed subdomains are checked; a check that fails counts as available (the server still
 * refuses a taken one on save).
 */
export function useSubdomainAvailability(subdomain: string, enabled: boolean): SubdomainAvailability {
  const value = subdomain.trim();
  const checkable = enabled && SubdomainField.safeParse(value).success;
  const debounced = useDebouncedValue(checkable ? value : '', LIMITS.subdomainDebounceMs);
  const query = useQuery({ ...subdomainAvailabilityQueryOptions(debounced), enabled: debounced !== '' });

  if (!checkable) return 'idle';
  // The answer below is for an earlier value until the debounce catches up.
  if (debounced !== value) return 'checking';
  if (query.isError) return 'available';
  if (query.data === undefined) return 'checking';
  return query.data ? 'available' : 'taken';
}
