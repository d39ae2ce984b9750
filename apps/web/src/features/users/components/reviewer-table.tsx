import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { Reviewer } from '@portal/contract/people';
import type { Named } from '@portal/contract/records';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { formatCount } from '../../../lib/format.ts';
import { USERS_TEXTS } from '../users-texts.ts';

const texts = USERS_TEXTS.reviewers;

/** Assigned ministries or departments as chips, a dash when there are none (SPEC §2). */
function NamedChips({ items }: { items: readonly Named[] }) {
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
  return (
    <ScrollTableContainer label={texts.title}>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: 760 }}>
        <TableHead>
          <TableRow>
            <TableCell>{c.reviewer}</TableCell>
            <TableCell align="right">{c.pending}</TableCell>
            <TableCell>{c.ministries}</TableCell>
            <TableCell>{c.departments}</TableCell>
            <TableCell align="right">{c.actions}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {reviewers.map((reviewer) => (
            <TableRow key={reviewer.id}>
              <TableCell component="th" scope="row">
                <PersonCell fullName={reviewer.fullName} secondary={reviewer.email} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCount(reviewer.pendingValidationCount)}
              </TableCell>
              <TableCell>
                <NamedChips items={reviewer.assignedMinistries} />
              </TableCell>
              <TableCell>
                <NamedChips items={reviewer.assignedDepartments} />
              </TableCell>
              <TableCell align="right">
                <Tooltip title={texts.edit(reviewer.fullName)}>
                  <IconButton aria-label={texts.edit(reviewer.fullName)} onClick={() => onEdit(reviewer)}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollTableContainer>
  );
}
