import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import type { Facets } from '@portal/contract/records';
import { MultiSelectField, type SelectOption } from '../../../components/multi-select-field.tsx';
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

const named = (items: readonly { id: string; name: string }[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.name }));

/** Multi-selects of ministry, department, grade and status (values from the facets) and Clear Filters. */
export function RecordsFilters({ facets, value, onChange, onClear, canClear }: RecordsFiltersProps) {
  const fields: { key: keyof RecordFilters; options: SelectOption[] }[] = [
    { key: 'ministry', options: named(facets?.ministries ?? []) },
    { key: 'department', options: named(facets?.departments ?? []) },
    { key: 'grade', options: (facets?.grades ?? []).map((grade) => ({ value: grade, label: grade })) },
    {
      key: 'status',
      options: (facets?.statuses ?? []).map((status) => ({ value: status, label: statusLabel(status) })),
    },
  ];
  return (
    <Box
      role="group"
      aria-label={texts.filtersLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {fields.map(({ key, options }) => (
        <MultiSelectField
          key={key}
          label={texts.filters[key]}
          options={options}
          value={value[key]}
          disabled={!facets}
          manyLabel={texts.selectedCount}
          minWidth={180}
          onChange={(values) => onChange({ ...value, [key]: values })}
        />
      ))}
      <Button startIcon={<FilterAltOffOutlined />} onClick={onClear} disabled={!canClear}>
        {texts.clearFilters}
      </Button>
    </Box>
  );
}
