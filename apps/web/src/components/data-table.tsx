import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow, { type TableRowProps } from '@mui/material/TableRow';

export interface DataColumn<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  align?: 'right';
  /** The cell that names its row for screen readers: a th with scope="row". */
  rowHeader?: boolean;
  headSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  /** A cell style that depends on the row (wins over `sx`). */
  rowSx?: (row: T) => SxProps<Theme> | undefined;
}

export type DataTableProps<T> = Omit<TableProps, 'size'> & {
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  /** A row's React key; by default its `id`. */
  rowKey?: (row: T) => string;
  /** The table's name; or `labelledBy`, the id of the heading that names it. */
  label?: string;
  labelledBy?: string;
  small?: boolean;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  /** Another page is on its way (aria-busy); the rows shown stay meanwhile. */
  busy?: boolean;
  /** Rows light up under the pointer. */
  hover?: boolean;
  /** More attributes of a row (a highlight, a data- flag). */
  rowProps?: (row: T) => TableRowProps;
};

const idOf = (row: unknown) => (row as { id: string }).id;

/** A table drawn from its columns: a header row, then one row per item. */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    columns,
    rows,
    rowKey = idOf,
    label,
    labelledBy,
    small,
    minWidth,
    busy,
    hover,
    rowProps,
    ...table
  } = props;
  return (
    <Table
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      size={small ? 'small' : undefined}
      {...table}
      sx={[{ minWidth }, ...(Array.isArray(table.sx) ? table.sx : [table.sx])]}
    >
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={index} align={column.align} sx={column.headSx}>
              {column.header}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} hover={hover} {...rowProps?.(row)}>
            {columns.map((column, index) => (
              <TableCell
                key={index}
                align={column.align}
                sx={column.rowSx?.(row) ?? column.sx}
                {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
