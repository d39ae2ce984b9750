import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { APPEAL_KIND_LABELS, type AppealListItem } from '@portal/contract/appeals';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar } from '../../../components/table-pagination-bar.tsx';
import { formatMediumDate } from '../../../lib/format.ts';
import { APPEALS_TEXTS } from '../appeals-texts.ts';
import { AppealStatusChip, DeadlineChip } from './appeal-chips.tsx';

const texts = APPEALS_TEXTS.list;
export const APPEAL_PAGE_SIZES = [10, 25, 50] as const;

/** The URL of an appeal's detail: the same destination with the appeal named in the query. */
export const appealHref = (id: string) => `?appeal=${encodeURIComponent(id)}`;

const COLUMNS: readonly DataColumn<AppealListItem>[] = [
  {
    header: texts.person,
    rowHeader: true,
    phone: true,
    cell: (a) => (
      <>
        <Link
          component={RouterLink}
          to={appealHref(a.id)}
          aria-label={texts.open(a.fullName)}
          sx={{ fontWeight: 600, overflowWrap: 'normal', wordBreak: 'normal' }}
        >
          {a.fullName}
        </Link>
        {/* On a phone the status column gives way: the status sits under the name. */}
        <Box sx={{ display: { xs: 'block', sm: 'none' }, mt: 0.5 }}>
          <AppealStatusChip status={a.status} />
        </Box>
      </>
    ),
    sx: { minWidth: 140 },
  },
  { header: texts.status, cell: (a) => <AppealStatusChip status={a.status} /> },
  {
    header: texts.deadline,
    phone: true,
    cell: (a) => <DeadlineChip state={a.deadlineState} daysLeft={a.daysLeft} />,
    sx: { minWidth: 112 },
  },
  { header: texts.kind, cell: (a) => APPEAL_KIND_LABELS[a.kind] },
  { header: texts.psn, cell: (a) => a.psn ?? '—', sx: { whiteSpace: 'nowrap' } },
  { header: texts.ministry, cell: (a) => a.ministry ?? '—' },
  { header: texts.lodged, cell: (a) => formatMediumDate(a.lodgedAt), sx: { whiteSpace: 'nowrap' } },
  { header: texts.channel, cell: (a) => texts.channels[a.channel] },
  {
    header: texts.handler,
    cell: (a) => a.handler?.email ?? texts.unassigned,
    sx: { overflowWrap: 'anywhere' },
  },
];

/** One page of the queue (paged by the server); a name opens the appeal. */
export function AppealsTable({
  items,
  total,
  page,
  pageSize,
  busy,
  onPageChange,
  onPageSizeChange,
}: {
  items: readonly AppealListItem[];
  total: number;
  page: number;
  pageSize: number;
  busy: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  return (
    <>
      <ScrollTableContainer label={texts.label}>
        <DataTable columns={COLUMNS} rows={items} label={texts.label} minWidth={1000} busy={busy} />
      </ScrollTableContainer>
      <TablePaginationBar
        count={total}
        page={page}
        pageSize={pageSize}
        pageSizes={APPEAL_PAGE_SIZES}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </>
  );
}
