import type { Facets } from '@portal/contract/records';
import { FacetFilters } from '../../../components/facet-filters.tsx';
import { statusLabel } from '../record-status.ts';
import type { RecordFilters } from '../records-query.ts';
import { RECORDS_TEXTS as texts } from '../records-texts.ts';

export interface RecordsFiltersProps {
  facets: Facets | undefined;
  value: RecordFilters;
  onChange: (next: RecordFilters) => void;
  onClear: () => void;
  canClear: boolean;
}

const KEYS = ['ministry', 'department', 'grade', 'status'] as const;
const FILTER_TEXTS = {
  ...texts.filters,
  group: texts.filtersLabel,
  clear: texts.clearFilters,
  selectedCount: texts.selectedCount,
};

/** Multi-selects of ministry, department, grade and status (values from the facets) and Clear Filters. */
export function RecordsFilters(props: RecordsFiltersProps) {
  return <FacetFilters {...props} keys={KEYS} texts={FILTER_TEXTS} statusLabel={statusLabel} />;
}
