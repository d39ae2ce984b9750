import TablePagination from '@mui/material/TablePagination';

export interface TablePaginationBarProps {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** A new page size starts again at the first page. */
  onPageSizeChange: (pageSize: number) => void;
}

/**
 * Client-side paging of a table with first/last buttons. On phones the controls wrap onto a
 * second line instead of being cut off.
 */
export function TablePaginationBar({
  count,
  page,
  pageSize,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: TablePaginationBarProps) {
  return (
    <TablePagination
      component="div"
      count={count}
      page={page}
      onPageChange={(_event, next) => onPageChange(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      showFirstButton
      showLastButton
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          rowGap: 0.5,
          px: { xs: 0, sm: 2 },
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}

/** The page to show: the last one when rows went away (e.g. after a delete). */
export function clampPage(page: number, count: number, pageSize: number): number {
  return Math.min(page, Math.max(0, Math.ceil(count / pageSize) - 1));
}
