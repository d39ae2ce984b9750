import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { RecordListItem } from '@portal/contract/records';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { initialsOf, NAME_MAX_WIDTH } from '../../../components/initials-avatar.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.notFound;
const c = texts.columns;
export const NOT_FOUND_PAGE_SIZES = PAGE_SIZES.notFound;

export interface NotFoundTableProps {
  records: readonly RecordListItem[];
  total: number;
  /** 0-based. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** A new page is loading: the old one stays, dimmed. */
  busy: boolean;
}

const orDash = (value: string | null) => value || '\u2014';

const COLUMNS: DataColumn<RecordListItem>[] = [
  {
    header: c.fullName,
    phone: true,
    rowHeader: true,
    cell: (record) => (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar
          aria-hidden="true"
          sx={{ width: 36, height: 36, fontSize: '0.875rem', bgcolor: 'secondary.main' }}
        >
          {initialsOf(record.fullName)}
        </Avatar>
        <Box component="span" sx={{ fontWeight: 500, maxWidth: NAME_MAX_WIDTH, overflowWrap: 'anywhere' }}>
          {record.fullName}
        </Box>
      </Box>
    ),
  },
  {
    header: c.psn,
    phone: true,
    cell: (record) => orDash(record.psn),
    sx: { whiteSpace: 'nowrap', fontFamily: 'monospace' },
  },
  { header: c.department, cell: (record) => orDash(record.department) },
  { header: c.ministry, cell: (record) => orDash(record.ministry) },
];

/** The potential ghosts, one server page at a time (page sizes 10, 25, 50, first/last: SPEC §2). */
export function NotFoundTable({ records, total, busy, ...paging }: NotFoundTableProps) {
  return (
    <>
      <ScrollTableContainer label={texts.tableLabel}>
        <DataTable
          label={texts.tableLabel}
          busy={busy}
          minWidth={720}
          sx={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
          columns={COLUMNS}
          rows={records}
          hover
        />
      </ScrollTableContainer>
      <TablePaginationBar {...paging} count={total} pageSizes={NOT_FOUND_PAGE_SIZES} />
    </>
  );
}
