import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Stack from '@mui/material/Stack';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { RecordListItem } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import PauseCircleOutline from '@mui/icons-material/PauseCircleOutlined';
import { NOT_ON_PHONE, PHONE_CELLS } from '../../../components/data-table.tsx';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { ReasonChip } from '../../../components/verdict-chip.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import type { QueueKind } from '../api/validation-keys.ts';
import {
  QUEUE_COLUMNS,
  rowActions,
  type QueueColumn,
  type QueueVariant,
  type RowAction,
} from '../queue-variant.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { QueueRowActions } from './queue-row-actions.tsx';

const texts = VALIDATION_TEXTS;
export const QUEUE_PAGE_SIZES = PAGE_SIZES.queues;

export interface QueueTableProps {
  variant: QueueVariant;
  kind: QueueKind;
  items: readonly RecordListItem[];
  /** Why each record's close fields were forgiven: chips under the name (issue #20). */
  closeReasons?: Readonly<Record<string, readonly string[]>>;
  /** Records held out of the payroll, with the removed records they match (issue #30). */
  held?: QueuePage['held'];
  total: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  pageSize: number;
  refreshing: boolean;
  /** The record a decision is on its way for, if any. */
  busyId: string | undefined;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onAction: (action: RowAction, record: RecordListItem) => void;
  /** Rows that can be selected for 'Approve selected' (the pending queue): a first checkbox column. */
  selection?: QueueSelection;
}

export interface QueueSelection {
  selected: ReadonlySet<string>;
  onToggle: (record: RecordListItem) => void;
  /** Selects every row of the page, or none when all are selected. */
  onToggleAll: () => void;
}

/** What a phone shows of a row (issue #31): who, and the actions; the rest from `sm` on. */
const ON_PHONE = new Set<QueueColumn>(['employee', 'actions']);

/** Codes read badly when broken across lines ('CONHESS-09-' / '04'). */
const NOWRAP = new Set<QueueColumn>(['grade', 'salaryGradeId', 'salaryStructure']);

const orDash = (value: string | null) => value || texts.noValue;

/** Why a record is held (issue #30): the removed records it shares an identity with. */
function HeldEvidence({ hold }: { hold: QueuePage['held'][string] }) {
  const shown = hold.removed.slice(0, 3);
  return (
    <Alert
      severity="error"
      icon={false}
      role="note"
      aria-label={texts.held.label}
      data-testid="held-evidence"
      // Narrow enough on a phone to be read without scrolling the table sideways.
      sx={{ mt: 0.75, py: 0.25, px: 1, maxWidth: { xs: 230, sm: 420 } }}
    >
      <Chip
        size="small"
        color="error"
        icon={<PauseCircleOutline />}
        label={texts.held.chip}
        sx={{
          mb: 0.5,
          maxWidth: '100%',
          height: 'auto',
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
      {shown.map((m, i) => (
        <Typography key={m.recordId ?? i} variant="body2">
          {texts.held.line(m)}
        </Typography>
      ))}
      {hold.removed.length > shown.length && (
        <Typography variant="body2">{texts.held.more(hold.removed.length - shown.length)}</Typography>
      )}
      <Typography variant="caption" component="p">
        {texts.held.hint}
      </Typography>
    </Alert>
  );
}

function cell(
  column: QueueColumn,
  record: RecordListItem,
  reasons: readonly string[] = [],
  hold?: QueuePage['held'][string],
) {
  switch (column) {
    case 'employee':
      return (
        <>
          <PersonCell fullName={record.fullName} secondary={record.employeeId ?? undefined} />
          {hold && <HeldEvidence hold={hold} />}
          {reasons.length > 0 && (
            <Stack
              direction="row"
              role="group"
              aria-label={texts.closeReasons}
              sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}
            >
              {reasons.map((reason) => (
                <ReasonChip key={reason} reason={reason} />
              ))}
            </Stack>
          )}
        </>
      );
    case 'department':
      return orDash(record.department);
    case 'ministry':
      return orDash(record.ministry);
    case 'grade':
      return orDash(record.gradeLevel);
    case 'salaryGradeId':
      return orDash(record.salaryGradeId);
    case 'salaryStructure':
      return orDash(record.salaryStructure);
    case 'actions':
      return null;
  }
}

/** One server page of a queue; the variant decides the columns, the queue the row actions. */
export function QueueTable(props: QueueTableProps) {
  const { variant, kind, items, refreshing, busyId, onAction, selection } = props;
  const chosen = selection ? items.filter((r) => selection.selected.has(r.id)).length : 0;
  // A held record (issue #30) cannot be selected for 'Approve selected'.
  const selectable = items.filter((r) => !props.held?.[r.id]).length;
  const columns = QUEUE_COLUMNS[variant];
  const actions = rowActions(variant, kind);
  return (
    <Box>
      <Box sx={{ height: 4 }}>{refreshing && <LinearProgress aria-label={texts.refreshing} />}</Box>
      <ScrollTableContainer label={texts.tableLabel[kind]}>
        <Table
          size="small"
          aria-label={texts.tableLabel[kind]}
          aria-busy={refreshing}
          sx={[{ minWidth: { sm: variant === 'tenant' ? 960 : 720 } }, PHONE_CELLS]}
        >
          <TableHead>
            <TableRow>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selectable > 0 && chosen === selectable}
                    indeterminate={chosen > 0 && chosen < selectable}
                    onChange={selection.onToggleAll}
                    disabled={selectable === 0}
                    slotProps={{ input: { 'aria-label': texts.bulk.selectAll } }}
                  />
                </TableCell>
              )}
              {columns.map((column) => (
                <TableCell
                  key={column}
                  align={column === 'actions' ? 'right' : 'left'}
                  sx={[
                    { whiteSpace: column === 'employee' ? undefined : 'nowrap' },
                    !ON_PHONE.has(column) && NOT_ON_PHONE,
                  ]}
                >
                  {texts.columns[column]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((record) => (
              <TableRow key={record.id} hover selected={selection?.selected.has(record.id)}>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selection.selected.has(record.id)}
                      disabled={Boolean(props.held?.[record.id])}
                      onChange={() => selection.onToggle(record)}
                      slotProps={{ input: { 'aria-label': texts.bulk.select(record.fullName) } }}
                    />
                  </TableCell>
                )}
                {columns.map((column) =>
                  column === 'employee' ? (
                    <TableCell key={column} component="th" scope="row" sx={{ minWidth: { sm: 200 } }}>
                      {cell(column, record, props.closeReasons?.[record.id], props.held?.[record.id])}
                    </TableCell>
                  ) : column === 'actions' ? (
                    <TableCell key={column} align="right" sx={{ whiteSpace: { sm: 'nowrap' } }}>
                      <QueueRowActions
                        actions={actions}
                        busy={busyId === record.id}
                        held={Boolean(props.held?.[record.id])}
                        onAction={(action) => onAction(action, record)}
                      />
                    </TableCell>
                  ) : (
                    <TableCell
                      key={column}
                      sx={[NOWRAP.has(column) && { whiteSpace: 'nowrap' }, NOT_ON_PHONE]}
                    >
                      {cell(column, record)}
                    </TableCell>
                  ),
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollTableContainer>
      <TablePaginationBar
        count={props.total}
        page={props.page}
        pageSize={props.pageSize}
        pageSizes={QUEUE_PAGE_SIZES}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </Box>
  );
}
