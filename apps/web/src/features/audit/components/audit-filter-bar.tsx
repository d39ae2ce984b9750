import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, AUDIT_TEXTS } from '@portal/contract/audit';
import { hasAuditFilters, NO_AUDIT_FILTERS, type AuditFilterValues } from '../audit-filters.ts';

const texts = AUDIT_TEXTS;

/** The actions in the select, by label (two names of one label, old and new, show once). */
const ACTION_OPTIONS = AUDIT_ACTIONS.map((action) => ({ action, label: AUDIT_ACTION_LABELS[action] }))
  .filter((o, i, all) => all.findIndex((p) => p.label === o.label) === i)
  .sort((a, b) => a.label.localeCompare(b.label));

/**
 * The log's filters: actor, action (by label), record (PSN or name; not on the platform's view,
 * whose events are about no record) and a range of days.
 */
export function AuditFilterBar({
  value,
  onChange,
  withRecord = true,
}: {
  value: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
  withRecord?: boolean;
}) {
  const set = (key: keyof AuditFilterValues) => (event: { target: { value: string } }) =>
    onChange({ ...value, [key]: event.target.value });
  return (
    <Box component="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
      <TextField
        size="small"
        label={texts.actor}
        value={value.actor}
        onChange={set('actor')}
        slotProps={{ htmlInput: { maxLength: 254 } }}
        sx={{ flex: '1 1 200px' }}
      />
      <TextField
        select
        size="small"
        label={texts.action}
        value={value.action}
        onChange={set('action')}
        sx={{ flex: '1 1 200px' }}
      >
        <MenuItem value="">{texts.anyAction}</MenuItem>
        {ACTION_OPTIONS.map((o) => (
          <MenuItem key={o.action} value={o.action}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {withRecord && (
        <TextField
          size="small"
          label={texts.record}
          value={value.record}
          onChange={set('record')}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 200px' }}
        />
      )}
      <TextField
        size="small"
        type="date"
        label={texts.from}
        value={value.from}
        onChange={set('from')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '0 1 170px' }}
      />
      <TextField
        size="small"
        type="date"
        label={texts.to}
        value={value.to}
        onChange={set('to')}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ flex: '0 1 170px' }}
      />
      <Button onClick={() => onChange(NO_AUDIT_FILTERS)} disabled={!hasAuditFilters(value)}>
        {texts.clear}
      </Button>
    </Box>
  );
}
