import { useState } from 'react';
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
        // On a phone the words 'Rows per page:' give way (they still name the select) and the
        // select sits closer, so '1–10 of 2,000' is not cut off (issue #31).
        '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-input': { mr: { xs: 1, sm: 4 }, ml: { xs: 0, sm: 1 } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}

/** The page to show: the last one when rows went away (e.g. after a delete). */
export function clampPage(page: number, count: number, pageSize: number): number {
  return Math.min(page, Math.max(0, Math.ceil(count / pageSize) - 1));
}

/**
 * Paging of a list held in the browser: the rows of the current page, and the props of its
 * TablePaginationBar. A new page size starts again at the first page. `openAt`, the index of a row
 * to show first (the one just saved), opens the page that holds it.
 */
export function useClientPages<T>(
  items: readonly T[],
  pageSizes: readonly number[],
  initialPageSize: number,
  openAt = -1,
) {
  const [page, setPage] = useState(() => (openAt >= 0 ? Math.floor(openAt / initialPageSize) : 0));
  const [pageSize, setPageSize] = useState(initialPageSize);
  // Deleting the last row of the last page must not leave an empty page behind.
  const current = clampPage(page, items.length, pageSize);
  const bar: TablePaginationBarProps = {
    count: items.length,
    page: current,
    pageSize,
    pageSizes,
    onPageChange: setPage,
    onPageSizeChange: (size) => {
      setPageSize(size);
      setPage(0);
    },
  };
  return { rows: items.slice(current * pageSize, (current + 1) * pageSize), bar };
}
