import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import type { Facets } from '@portal/contract/records';
import { MultiSelectField, type SelectOption } from './multi-select-field.tsx';

export type FacetKey = 'ministry' | 'department' | 'grade' | 'status';

export interface FacetFiltersProps<K extends FacetKey> {
  /** The selects, in this order. */
  keys: readonly K[];
  /** The values the records hold; the selects wait until they are loaded. */
  facets: Facets | undefined;
  /** The name of each select, of the group and of the Clear button, and the count of several chosen. */
  texts: Record<K, string> & { group: string; clear: string; selectedCount: (count: number) => string };
  value: Record<K, string[]>;
  onChange: (next: Record<K, string[]>) => void;
  onClear: () => void;
  canClear: boolean;
  /** How a record status reads (only for a `status` select). */
  statusLabel?: (status: string) => string;
}

const named = (items: readonly { id: string; name: string }[]): SelectOption[] =>
  items.map((item) => ({ value: item.id, label: item.name }));

function optionsOf(key: FacetKey, facets: Facets | undefined, statusLabel = (status: string) => status) {
  if (key === 'ministry') return named(facets?.ministries ?? []);
  if (key === 'department') return named(facets?.departments ?? []);
  const values = (key === 'grade' ? facets?.grades : facets?.statuses) ?? [];
  return values.map((value) => ({ value, label: key === 'status' ? statusLabel(value) : value }));
}

/** A multi-select for each of `keys` (ministry, department, grade, status), then Clear. */
export function FacetFilters<K extends FacetKey>(props: FacetFiltersProps<K>) {
  const { facets, texts, value, onChange } = props;
  return (
    <Box
      role="group"
      aria-label={texts.group}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
    >
      {props.keys.map((key) => (
        <MultiSelectField
          key={key}
          label={texts[key]}
          options={optionsOf(key, facets, props.statusLabel)}
          value={value[key]}
          disabled={!facets}
          manyLabel={texts.selectedCount}
          minWidth={180}
          onChange={(values) => onChange({ ...value, [key]: values })}
        />
      ))}
      <Button startIcon={<FilterAltOffOutlined />} onClick={props.onClear} disabled={!props.canClear}>
        {texts.clear}
      </Button>
    </Box>
  );
}
