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
  /**
   * Shown on a phone (below MUI's `sm`, 600 px). When any column of a table says so, the others are
   * left out there and the table fits the screen: a page declares only what a phone user needs (who,
   * the state, the actions), so no action sits off-screen behind a sideways scroll (issue #31).
   */
  phone?: boolean;
}

/** One style object (not an array or a function): an element of an `sx` array. */
type StyleObject = Exclude<
  SxProps<Theme>,
  readonly unknown[] | ((...args: never[]) => unknown) | boolean | null | undefined
>;

/** A style, or several, as one array that MUI's `sx` takes. */
function sxList(...styles: (SxProps<Theme> | undefined)[]): SxProps<Theme> {
  return styles.flatMap((style) =>
    style === undefined ? [] : Array.isArray(style) ? style : [style],
  ) as SxProps<Theme>;
}

/** A column left out on a phone (also for a table drawn by hand). */
export const NOT_ON_PHONE: StyleObject = { display: { xs: 'none', sm: 'table-cell' } };

/**
 * The cells of a table that fits a phone: closer together, and their text wraps (a date, a long
 * status, an email) rather than push the table wider than the screen. Above `sm` the columns'
 * own styles hold. For a table drawn by hand too.
 */
export const PHONE_CELLS: StyleObject = {
  '@media (max-width: 599.95px)': {
    '& .MuiTableCell-root': { px: 1, whiteSpace: 'normal', overflowWrap: 'anywhere' },
  },
};

/** Whether a column is shown on a phone: every one, unless some say they are. */
export function shownOnPhone<T>(columns: readonly DataColumn<T>[]): (column: DataColumn<T>) => boolean {
  const some = columns.some((column) => column.phone);
  return (column) => !some || column.phone === true;
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
  const onPhone = shownOnPhone(columns);
  const phoneFits = columns.some((column) => column.phone);
  const hidden = (column: DataColumn<T>) => (onPhone(column) ? undefined : NOT_ON_PHONE);
  return (
    <Table
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-busy={busy}
      size={small ? 'small' : undefined}
      {...table}
      // A table that fits a phone needs its full width only from `sm` on.
      sx={sxList(phoneFits ? [{ minWidth: { sm: minWidth } }, PHONE_CELLS] : { minWidth }, table.sx)}
    >
      <TableHead>
        <TableRow>
          {columns.map((column, index) => (
            <TableCell key={index} align={column.align} sx={sxList(hidden(column), column.headSx)}>
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
                sx={sxList(hidden(column), column.rowSx?.(row) ?? column.sx)}
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
