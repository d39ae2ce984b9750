import type { FlagsQuery } from '@portal/contract/integrity';
import { integritySummaryQueryKey } from '../../../lib/integrity-summary.ts';

/** Query keys of this feature; a decision invalidates the flags and the summary through them. */
export const integrityKeys = {
  summary: integritySummaryQueryKey,
  flags: ['integrity', 'flags'] as const,
  flagsPage: (query: FlagsQuery) => ['integrity', 'flags', query] as const,
  /** The HR lists' state (issue #35): not under 'integrity', so a decision does not read it again. */
  hrLists: ['hr-lists'] as const,
};
