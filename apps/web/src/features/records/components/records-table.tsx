import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { RecordListItem } from '@portal/contract/records';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { RECORDS_TEXTS as texts } from '../records-texts.ts';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { RecordStatusChip } from './record-status-chip.tsx';

export interface RecordsTableProps {
  items: readonly RecordListItem[];
  total: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  pageSize: number;
  /** Another page is on its way; the current one stays on screen meanwhile. */
  refreshing: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const orDash = (value: string | null) => value || texts.noValue;

const COLUMNS: DataColumn<RecordListItem>[] = [
  {
    header: texts.columns.employee,
    phone: true,
    cell: (record) => <PersonCell fullName={record.fullName} secondary={record.employeeId ?? undefined} />,
    sx: { minWidth: 220 },
  },
  { header: texts.columns.department, cell: (record) => orDash(record.department) },
  { header: texts.columns.ministry, cell: (record) => orDash(record.ministry) },
  { header: texts.columns.grade, cell: (record) => orDash(record.gradeLevel), sx: { whiteSpace: 'nowrap' } },
  {
    header: texts.columns.status,
    phone: true,
    cell: (record) => <RecordStatusChip status={record.status} />,
  },
];

/** One server page of master records with MUI pagination (page sizes 10, 25, 100). */
export function RecordsTable({ items, total, refreshing, ...paging }: RecordsTableProps) {
  return (
    <Box>
      <Box sx={{ height: 4 }}>{refreshing && <LinearProgress aria-label={texts.loading} />}</Box>
      <ScrollTableContainer label={texts.tableLabel}>
        <DataTable
          small
          label={texts.tableLabel}
          busy={refreshing}
          minWidth={760}
          columns={COLUMNS}
          rows={items}
          hover
        />
      </ScrollTableContainer>
      <TablePaginationBar {...paging} count={total} pageSizes={PAGE_SIZES.records} />
    </Box>
  );
}
