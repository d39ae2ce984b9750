import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Group from '@mui/icons-material/Group';
import { PAGE_SIZES } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { REGISTER_ROLE_LABELS } from '@portal/contract/tenant-users';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar, clampPage } from '../../../components/table-pagination-bar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMediumDate } from '../../../lib/format.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useTenantUsers } from '../api/get-tenant-users.ts';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const texts = UI_TEXTS.tenantUsers;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.users;

/** 'Administrator' for the roles this screen creates, else the role title-cased. */
export function roleLabel(role: string): string {
  if (role in REGISTER_ROLE_LABELS) return REGISTER_ROLE_LABELS[role as keyof typeof REGISTER_ROLE_LABELS];
  return role
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The users of one tenant, newest data after each creation. */
export function TenantUserTable({ tenantId }: { tenantId: string }) {
  const titleId = useId();
  const users = useTenantUsers(tenantId);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_OPTIONS[1]);

  let body;
  if (users.isPending) {
    body = <LoadingState message={texts.loading} />;
  } else if (users.isError) {
    body = (
      <RetryAlert onRetry={() => void users.refetch()}>
        {texts.loadFailed(errorMessage(users.error, MESSAGES.auth.defaultError))}
      </RetryAlert>
    );
  } else if (users.data.length === 0) {
    body = (
      <EmptyState
        title={texts.emptyTitle}
        message={texts.emptyMessage}
        icon={<Group />}
        titleComponent="h4"
      />
    );
  } else {
    const currentPage = clampPage(page, users.data.length, pageSize);
    const rows = users.data.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
    const c = texts.columns;
    body = (
      <>
        <ScrollTableContainer label={texts.listTitle}>
          <Table aria-labelledby={titleId} size="small" sx={{ minWidth: 560 }}>
            <TableHead>
              <TableRow>
                <TableCell>{c.name}</TableCell>
                <TableCell>{c.email}</TableCell>
                <TableCell>{c.role}</TableCell>
                <TableCell>{c.createdAt}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((user) => (
                <TableRow key={user.id}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                    {user.fullName}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.email}</TableCell>
                  <TableCell>{roleLabel(user.role)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMediumDate(user.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollTableContainer>
        <TablePaginationBar
          count={users.data.length}
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
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {texts.listTitle}
      </Typography>
      {body}
    </Box>
  );
}
