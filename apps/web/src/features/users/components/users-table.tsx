import { useEffect, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Group from '@mui/icons-material/Group';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { TenantUser } from '@portal/contract/tenant-users';
import type { DataColumn } from '../../../components/data-table.tsx';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { useUsers } from '../api/get-users.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { RoleBadge } from './role-badge.tsx';

const texts = USERS_TEXTS.table;
const c = texts.columns;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.users;

/** An action SPEC §2 marks 'Future feature': shown, disabled, explained by a tooltip. */
function FutureAction({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Tooltip title={texts.futureFeature} describeChild>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span>
        <IconButton size="small" aria-label={label} disabled>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

const COLUMNS: DataColumn<TenantUser>[] = [
  { header: c.name, phone: true, cell: (user) => <PersonCell fullName={user.fullName} />, rowHeader: true },
  { header: c.email, cell: (user) => user.email, sx: { overflowWrap: 'anywhere' } },
  {
    header: c.role,
    phone: true,
    cell: (user) =>
      // Issue #30: a tenant admin waiting for a second approver cannot sign in yet.
      user.status === 'PENDING_APPROVAL' ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
          <RoleBadge role={user.role} />
          <Chip size="small" variant="outlined" color="warning" label={texts.awaitingApproval} />
        </Box>
      ) : (
        <RoleBadge role={user.role} />
      ),
  },
  {
    header: c.actions,
    phone: true,
    align: 'right',
    sx: { whiteSpace: 'nowrap' },
    cell: (user) => (
      <>
        <FutureAction label={texts.edit(user.fullName)} icon={<EditOutlined fontSize="small" />} />
        <FutureAction label={texts.delete(user.fullName)} icon={<DeleteOutlined fontSize="small" />} />
      </>
    ),
  },
];

/** The users of the own tenant, paged in the browser (SPEC §2; page sizes 5, 10, 25). */
export function UsersTable() {
  const titleId = useId();
  const users = useUsers();
  const { rows, bar } = useClientPages(users.data ?? [], PAGE_SIZE_OPTIONS, PAGE_SIZE_OPTIONS[1]);

  useEffect(() => {
    // SPEC §8: a failed users list is only logged, with no user message.
    if (users.isError) console.error('Loading the users failed', users.error);
  }, [users.isError, users.error]);

  return (
    <TitledSection title={texts.title} gap={1} titleId={titleId}>
      <ListQueryBody
        query={users}
        count={bar.count}
        loading={texts.loading}
        empty={{ title: texts.emptyTitle, message: texts.emptyHint, icon: <Group /> }}
      >
        <PagedDataTable
          scrollLabel={texts.title}
          labelledBy={titleId}
          small
          minWidth={600}
          columns={COLUMNS}
          rows={rows}
          bar={bar}
        />
      </ListQueryBody>
    </TitledSection>
  );
}
