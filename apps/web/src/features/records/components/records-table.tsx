import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { MasterRecord } from '@portal/contract/records';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { RECORDS_TEXTS as texts } from '../records-texts.ts';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { RecordStatusChip } from './record-status-chip.tsx';

export interface RecordsTableProps {
  items: readonly MasterRecord[];
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

/** One server page of master records with MUI pagination (page sizes 10, 25, 100). */
export function RecordsTable({
  items,
  total,
  page,
  pageSize,
  refreshing,
  onPageChange,
  onPageSizeChange,
}: RecordsTableProps) {
  const c = texts.columns;
  return (
    <Box>
      <Box sx={{ height: 4 }}>{refreshing && <LinearProgress aria-label={texts.loading} />}</Box>
      <ScrollTableContainer label={texts.tableLabel}>
        <Table size="small" aria-label={texts.tableLabel} aria-busy={refreshing} sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>{c.employee}</TableCell>
              <TableCell>{c.department}</TableCell>
              <TableCell>{c.ministry}</TableCell>
              <TableCell>{c.grade}</TableCell>
              <TableCell>{c.status}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((record) => (
              <TableRow key={record.id} hover>
                <TableCell sx={{ minWidth: 220 }}>
                  <PersonCell fullName={record.fullName} secondary={record.employeeId ?? undefined} />
                </TableCell>
                <TableCell>{orDash(record.department)}</TableCell>
                <TableCell>{orDash(record.ministry)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{orDash(record.gradeLevel)}</TableCell>
                <TableCell>
                  <RecordStatusChip status={record.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTableContainer>
      <TablePaginationBar
        count={total}
        page={page}
        pageSize={pageSize}
        pageSizes={PAGE_SIZES.records}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Box>
  );
}
