import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import type { Facets } from '@portal/contract/records';
import { MultiSelectField, type SelectOption } from '../../../components/multi-select-field.tsx';
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

const named = (items: readonly { id: string; name: string }[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.name }));

export const hasQueueFilters = (filters: Filters) =>
  Object.values(filters).some((values) => values.length > 0);

/** Ministry, department and grade multi-selects shared by both queues, and Clear. */
export function QueueFilters({ facets, value, onChange, onClear, canClear }: QueueFiltersProps) {
  const fields: { key: keyof Filters; options: SelectOption[] }[] = [
    { key: 'ministry', options: named(facets?.ministries ?? []) },
    { key: 'department', options: named(facets?.departments ?? []) },
    { key: 'grade', options: (facets?.grades ?? []).map((grade) => ({ value: grade, label: grade })) },
  ];
  return (
    <Box
      role="group"
      aria-label={texts.label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {fields.map(({ key, options }) => (
        <MultiSelectField
          key={key}
          label={texts[key]}
          options={options}
          value={value[key]}
          disabled={!facets}
          manyLabel={texts.selectedCount}
          minWidth={180}
          onChange={(values) => onChange({ ...value, [key]: values })}
        />
      ))}
      <Button
        startIcon={<FilterAltOffOutlined />}
        onClick={onClear}
        disabled={!(canClear ?? hasQueueFilters(value))}
      >
        {texts.clear}
      </Button>
    </Box>
  );
}
