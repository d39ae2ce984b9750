import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { OTHER_REASON_CODE, type ReasonCode } from '@portal/contract/decisions';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { formatCount } from '../../../lib/format.ts';
import { SETTINGS_TEXTS } from '../settings-texts.ts';

const texts = SETTINGS_TEXTS.reasonCodes;
const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

export interface ReasonCodesTableProps {
  codes: readonly ReasonCode[];
  /** The code being retired, if any: its button waits. */
  retiring: string | undefined;
  onRetire: (code: ReasonCode) => void;
}

/** Retire, or why not: OTHER always stays, a retired code has nothing left to retire. */
function RetireButton({ code, busy, onRetire }: { code: ReasonCode; busy: boolean; onRetire: () => void }) {
  if (!code.active) return null;
  const other = code.code === OTHER_REASON_CODE;
  const button = (
    <Button
      size="small"
      color="error"
      variant="outlined"
      disabled={other || busy}
      onClick={onRetire}
      aria-label={texts.retireLabel(code.label)}
      // Its one word stays whole in a phone's table ('Retir/e' at 390 px); the label column wraps.
      sx={{ overflowWrap: 'normal' }}
    >
      {texts.retire}
    </Button>
  );
  // A disabled button gets no pointer events: the span carries the tooltip.
  return other ? (
    <Tooltip title={texts.otherStays}>
      <span tabIndex={0}>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** The tenant's reason codes with the records now rejected for each (the report by reason). */
export function ReasonCodesTable({ codes, retiring, onRetire }: ReasonCodesTableProps) {
  const columns: DataColumn<ReasonCode>[] = [
    {
      header: texts.columns.label,
      phone: true,
      rowHeader: true,
      cell: (c) => (
        <Box sx={{ color: c.active ? undefined : 'text.secondary' }}>
          {c.label}
          {!c.isDefault && c.createdByEmail && (
            <Typography variant="caption" component="div" sx={{ color: 'text.secondary' }}>
              {c.createdByEmail}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      header: texts.columns.code,
      cell: (c) => (
        <Box component="code" sx={{ fontFamily: 'monospace', fontSize: '0.8rem' }}>
          {c.code}
        </Box>
      ),
    },
    { header: texts.columns.needsNote, cell: (c) => (c.needsNote ? texts.needsNote : texts.noNote) },
    {
      header: texts.columns.rejected,
      align: 'right',
      sx: TABULAR,
      cell: (c) => formatCount(c.rejectedRecords),
    },
    {
      header: texts.columns.status,
      phone: true,
      cell: (c) =>
        c.active ? (
          <Chip size="small" color="success" variant="outlined" label={texts.active} />
        ) : (
          <Tooltip title={texts.retiredBy(c.retiredByEmail)}>
            <Chip size="small" variant="outlined" label={texts.retired} tabIndex={0} />
          </Tooltip>
        ),
    },
    {
      header: texts.columns.actions,
      phone: true,
      align: 'right',
      cell: (c) => <RetireButton code={c} busy={retiring === c.code} onRetire={() => onRetire(c)} />,
    },
  ];
  return (
    <ScrollTableContainer label={texts.tableLabel}>
      <DataTable
        label={texts.tableLabel}
        minWidth={720}
        columns={columns}
        rows={codes}
        rowKey={(c) => c.code}
        small
      />
    </ScrollTableContainer>
  );
}
