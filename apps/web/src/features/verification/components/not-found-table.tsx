import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { MasterRecord } from '@portal/contract/records';
import { initialsOf, NAME_MAX_WIDTH } from '../../../components/initials-avatar.tsx';
import { VERIFICATION_TEXTS } from '../verification-texts.ts';

const texts = VERIFICATION_TEXTS.notFound;
const c = texts.columns;
export const NOT_FOUND_PAGE_SIZES = PAGE_SIZES.notFound;

export interface NotFoundTableProps {
  records: readonly MasterRecord[];
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

/** The potential ghosts, one server page at a time (page sizes 10, 25, 50, first/last: SPEC §2). */
export function NotFoundTable({
  records,
  total,
  page,
  pageSize,
  onPageChange,
  onPageSizeChange,
  busy,
}: NotFoundTableProps) {
  return (
    <>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table
          aria-label={texts.tableLabel}
          aria-busy={busy}
          sx={{ minWidth: 720, opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{c.fullName}</TableCell>
              <TableCell>{c.psn}</TableCell>
              <TableCell>{c.department}</TableCell>
              <TableCell>{c.ministry}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {records.map((record) => (
              <TableRow key={record.id} hover>
                <TableCell component="th" scope="row">
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                    <Avatar
                      aria-hidden="true"
                      sx={{ width: 36, height: 36, fontSize: '0.875rem', bgcolor: 'secondary.main' }}
                    >
                      {initialsOf(record.fullName)}
                    </Avatar>
                    <Box
                      component="span"
                      sx={{ fontWeight: 500, maxWidth: NAME_MAX_WIDTH, overflowWrap: 'anywhere' }}
                    >
                      {record.fullName}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                  {orDash(record.psn)}
                </TableCell>
                <TableCell>{orDash(record.department)}</TableCell>
                <TableCell>{orDash(record.ministry)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={total}
        page={page}
        onPageChange={(_event, next) => onPageChange(next)}
        rowsPerPage={pageSize}
        rowsPerPageOptions={NOT_FOUND_PAGE_SIZES}
        onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
        showFirstButton
        showLastButton
      />
    </>
  );
}
