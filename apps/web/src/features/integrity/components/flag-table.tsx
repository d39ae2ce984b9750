import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { IntegrityFlag } from '@portal/contract/integrity';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { formatNaira } from '../../../lib/format.ts';
import { INTEGRITY_TEXTS } from '../integrity-texts.ts';
import { evidenceOthers, evidenceSummary } from '../utils/evidence-text.ts';

const texts = INTEGRITY_TEXTS.list;
const c = texts.columns;
export const FLAG_PAGE_SIZES = [10, 25, 50] as const;

export interface FlagTableProps {
  flags: readonly IntegrityFlag[];
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  busy: boolean;
  onDecide: (flag: IntegrityFlag) => void;
}

const orDash = (v: string | null) => v || '\u2014';

function Evidence({ flag }: { flag: IntegrityFlag }) {
  const others = evidenceOthers(flag.evidence);
  return (
    <Box sx={{ minWidth: 260, maxWidth: 420 }}>
      <Typography variant="body2">{evidenceSummary(flag.evidence)}</Typography>
      {others.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5, color: 'text.secondary', typography: 'body2' }}>
          {others.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </Box>
      )}
    </Box>
  );
}

function columns(onDecide: (flag: IntegrityFlag) => void): DataColumn<IntegrityFlag>[] {
  return [
    {
      header: c.employee,
      phone: true,
      rowHeader: true,
      cell: (f) => (
        <Box>
          <Box component="span" sx={{ fontWeight: 500, display: 'block', overflowWrap: 'anywhere' }}>
            {f.fullName}
          </Box>
          <Box
            component="span"
            sx={{ color: 'text.secondary', fontFamily: 'monospace', fontSize: '0.8125rem' }}
          >
            {orDash(f.psn)}
          </Box>
        </Box>
      ),
    },
    {
      header: c.posting,
      cell: (f) => (
        <Box>
          <Box component="span" sx={{ display: 'block' }}>
            {orDash(f.ministry)}
          </Box>
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
            {orDash(f.department)}
          </Box>
        </Box>
      ),
    },
    { header: c.rule, cell: (f) => INTEGRITY_TEXTS.rules[f.rule], sx: { minWidth: 140 } },
    { header: c.evidence, cell: (f) => <Evidence flag={f} /> },
    {
      header: c.pay,
      align: 'right',
      cell: (f) => (f.monthlyAmount === null ? texts.payUnknown : formatNaira(f.monthlyAmount)),
      sx: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
    },
    {
      header: c.actions,
      phone: true,
      align: 'right',
      cell: (f) =>
        f.status === 'OPEN' ? (
          <Button
            size="small"
            variant="outlined"
            aria-label={texts.decideLabel(f.fullName)}
            onClick={() => onDecide(f)}
          >
            {texts.decide}
          </Button>
        ) : (
          <Box sx={{ textAlign: 'right' }}>
            <Chip
              size="small"
              label={texts.statuses[f.status]}
              color={f.status === 'CONFIRMED' ? 'error' : 'default'}
              variant="outlined"
            />
            {f.decision && (
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
                {texts.decidedBy(f.decision.reasonLabel, f.decision.decidedByEmail)}
              </Typography>
            )}
          </Box>
        ),
    },
  ];
}

/** The flags, one server page at a time, largest pay first; an open flag's Decide opens the dialog. */
export function FlagTable({ flags, total, busy, onDecide, ...paging }: FlagTableProps) {
  return (
    <>
      <ScrollTableContainer label={texts.tableLabel}>
        <DataTable
          label={texts.tableLabel}
          busy={busy}
          minWidth={960}
          sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
          columns={columns(onDecide)}
          rows={flags}
          hover
        />
      </ScrollTableContainer>
      <TablePaginationBar {...paging} count={total} pageSizes={FLAG_PAGE_SIZES} />
    </>
  );
}
