import { useEffect, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Group from '@mui/icons-material/Group';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { TenantUser } from '@portal/contract/tenant-users';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PersonCell } from '../../../components/initials-avatar.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar, clampPage } from '../../../components/table-pagination-bar.tsx';
import { useUsers } from '../api/get-users.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { RoleBadge } from './role-badge.tsx';

const texts = USERS_TEXTS.table;
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

function UserRows({ users }: { users: TenantUser[] }) {
  return users.map((user) => (
    <TableRow key={user.id}>
      <TableCell component="th" scope="row">
        <PersonCell fullName={user.fullName} />
      </TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
      <TableCell>
        <RoleBadge role={user.role} />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <FutureAction label={texts.edit(user.fullName)} icon={<EditOutlined fontSize="small" />} />
        <FutureAction label={texts.delete(user.fullName)} icon={<DeleteOutlined fontSize="small" />} />
      </TableCell>
    </TableRow>
  ));
}

/** The users of the own tenant, paged in the browser (SPEC §2; page sizes 5, 10, 25). */
export function UsersTable() {
  const titleId = useId();
  const users = useUsers();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[1]);

  useEffect(() => {
    // SPEC §8: a failed users list is only logged, with no user message.
    if (users.isError) console.error('Loading the users failed', users.error);
  }, [users.isError, users.error]);

  const list = users.data ?? [];
  let body;
  if (users.isPending) {
    body = <LoadingState message={texts.loading} />;
  } else if (list.length === 0) {
    body = (
      <EmptyState title={texts.emptyTitle} message={texts.emptyHint} icon={<Group />} titleComponent="h4" />
    );
  } else {
    const currentPage = clampPage(page, list.length, pageSize);
    const c = texts.columns;
    body = (
      <>
        <ScrollTableContainer label={texts.title}>
          <Table aria-labelledby={titleId} size="small" sx={{ minWidth: 600 }}>
            <TableHead>
              <TableRow>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.email}</TableCell>
                <TableCell>{c.role}</TableCell>
                <TableCell align="right">{c.actions}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              <UserRows users={list.slice(currentPage * pageSize, (currentPage + 1) * pageSize)} />
            </TableBody>
          </Table>
        </ScrollTableContainer>
        <TablePaginationBar
          count={list.length}
          page={currentPage}
          pageSize={pageSize}
          pageSizes={PAGE_SIZE_OPTIONS}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(0);
          }}
        />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {texts.title}
      </Typography>
      {body}
    </Box>
  );
}
