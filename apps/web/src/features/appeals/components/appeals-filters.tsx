import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  APPEAL_DEADLINE_LABELS,
  APPEAL_DEADLINE_STATES,
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_STATUS_LABELS,
  APPEAL_STATUSES,
  type AppealDeadlineState,
  type AppealKind,
  type AppealStatus,
} from '@portal/contract/appeals';
import { APPEALS_TEXTS } from '../appeals-texts.ts';

const texts = APPEALS_TEXTS.filters;

export interface AppealFilters {
  status: AppealStatus | '';
  deadline: AppealDeadlineState | '';
  kind: AppealKind | '';
}
export const NO_APPEAL_FILTERS: AppealFilters = { status: '', deadline: '', kind: '' };
export const hasAppealFilters = (f: AppealFilters) => Boolean(f.status || f.deadline || f.kind);

/** The queue's filters (GET /appeals: status, deadline state, kind), one select each. */
export function AppealsFilterBar({
  value,
  onChange,
}: {
  value: AppealFilters;
  onChange: (next: AppealFilters) => void;
}) {
  const select = <K extends keyof AppealFilters>(
    key: K,
    label: string,
    options: readonly AppealFilters[K][],
    labels: Record<string, string>,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value[key]}
      onChange={(event) => onChange({ ...value, [key]: event.target.value })}
      sx={{ flex: '1 1 180px', minWidth: 0 }}
    >
      <MenuItem value="">{texts.any}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {labels[o]}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      component="search"
      aria-label={texts.label}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
    >
      {select('status', texts.status, APPEAL_STATUSES, APPEAL_STATUS_LABELS)}
      {select('deadline', texts.deadline, APPEAL_DEADLINE_STATES, APPEAL_DEADLINE_LABELS)}
      {select('kind', texts.kind, APPEAL_KINDS, APPEAL_KIND_LABELS)}
      <Button onClick={() => onChange(NO_APPEAL_FILTERS)} disabled={!hasAppealFilters(value)}>
        {texts.clear}
      </Button>
    </Box>
  );
}
