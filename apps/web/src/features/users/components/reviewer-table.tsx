import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Reviewer } from '@portal/contract/people';
import type { Named } from '@portal/contract/records';
import { DataTable, type DataColumn } from '../../../components/data-table.tsx';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { formatCount } from '../../../lib/format.ts';
import { USERS_TEXTS } from '../users-texts.ts';

const texts = USERS_TEXTS.reviewers;

/** Assigned ministries or departments as chips, a dash when there are none (SPEC §2). */
export function NamedChips({ items }: { items: readonly Named[] }) {
  if (items.length === 0) {
    return (
      <Box component="span" aria-label={texts.noneLabel} sx={{ color: 'text.secondary' }}>
        {texts.none}
      </Box>
    );
  }
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}>
      {items.map((item) => (
        <li key={item.id}>
          <Chip size="small" variant="outlined" label={item.name} />
        </li>
      ))}
    </Box>
  );
}

export interface ReviewerTableProps {
  reviewers: readonly Reviewer[];
  labelledBy: string;
  onEdit: (reviewer: Reviewer) => void;
}

/** One page of reviewers with their pending count and assignments. */
export function ReviewerTable({ reviewers, labelledBy, onEdit }: ReviewerTableProps) {
  const c = texts.columns;
  const columns: DataColumn<Reviewer>[] = [
    {
      header: c.reviewer,
      phone: true,
      cell: (reviewer) => <PersonCell fullName={reviewer.fullName} secondary={reviewer.email} />,
      rowHeader: true,
    },
    {
      header: c.pending,
      phone: true,
      cell: (reviewer) => formatCount(reviewer.pendingValidationCount),
      align: 'right',
      sx: { fontVariantNumeric: 'tabular-nums' },
    },
    { header: c.ministries, cell: (reviewer) => <NamedChips items={reviewer.assignedMinistries} /> },
    { header: c.departments, cell: (reviewer) => <NamedChips items={reviewer.assignedDepartments} /> },
    {
      header: c.actions,
      phone: true,
      align: 'right',
      cell: (reviewer) => (
        <Tooltip title={texts.edit(reviewer.fullName)}>
          <IconButton aria-label={texts.edit(reviewer.fullName)} onClick={() => onEdit(reviewer)}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
      ),
    },
  ];
  return (
    <ScrollTableContainer label={texts.title}>
      <DataTable labelledBy={labelledBy} small minWidth={760} columns={columns} rows={reviewers} />
    </ScrollTableContainer>
  );
}
