import { DataTable, type DataTableProps } from './data-table.tsx';
import { ScrollTableContainer } from './scroll-table-container.tsx';
import { TablePaginationBar, type TablePaginationBarProps } from './table-pagination-bar.tsx';

/**
 * One page of a list held in the browser (see useClientPages): the table, scrolling sideways on
 * narrow screens in an area named `scrollLabel`, and its paging bar unless `showBar` is false.
 */
export function PagedDataTable<T>({
  scrollLabel,
  bar,
  showBar = true,
  ...table
}: DataTableProps<T> & { scrollLabel: string; bar: TablePaginationBarProps; showBar?: boolean }) {
  return (
    <>
      <ScrollTableContainer label={scrollLabel}>
        <DataTable {...table} />
      </ScrollTableContainer>
      {showBar && <TablePaginationBar {...bar} />}
    </>
  );
}
