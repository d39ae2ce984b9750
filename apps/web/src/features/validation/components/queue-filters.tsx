import type { Facets } from '@portal/contract/records';
import { FacetFilters } from '../../../components/facet-filters.tsx';
import type { QueueFilters as Filters } from '../api/get-queue.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';

const texts = VALIDATION_TEXTS.filters;

export interface QueueFiltersProps {
  facets: Facets | undefined;
  value: Filters;
  onChange: (next: Filters) => void;
  onClear: () => void;
  /** Whether Clear has anything to clear (a search too); by default, whether a filter is set. */
  canClear?: boolean;
}

export const hasQueueFilters = (filters: Filters) =>
  Object.values(filters).some((values) => values.length > 0);

const KEYS = ['ministry', 'department', 'grade'] as const;
const FILTER_TEXTS = { ...texts, group: texts.label };

/** Ministry, department and grade multi-selects shared by both queues, and Clear. */
export function QueueFilters({ canClear, ...props }: QueueFiltersProps) {
  const clearable = canClear ?? hasQueueFilters(props.value);
  return <FacetFilters {...props} keys={KEYS} texts={FILTER_TEXTS} canClear={clearable} />;
}
