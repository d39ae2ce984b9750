import { useId } from 'react';
import Group from '@mui/icons-material/Group';
import { PAGE_SIZES } from '@portal/contract/limits';
import { MESSAGES } from '@portal/contract/messages';
import { REGISTER_ROLE_LABELS, type TenantUser } from '@portal/contract/tenant-users';
import type { DataColumn } from '../../../components/data-table.tsx';
import { ListQueryBody } from '../../../components/list-query-body.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { useClientPages } from '../../../components/table-pagination-bar.tsx';
import { TitledSection } from '../../../components/titled-section.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatMediumDate } from '../../../lib/format.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useTenantUsers } from '../api/get-tenant-users.ts';

const texts = UI_TEXTS.tenantUsers;
const c = texts.columns;
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

const COLUMNS: DataColumn<TenantUser>[] = [
  { header: c.name, phone: true, cell: (user) => user.fullName, rowHeader: true, sx: { fontWeight: 500 } },
  { header: c.email, cell: (user) => user.email, sx: { overflowWrap: 'anywhere' } },
  { header: c.role, phone: true, cell: (user) => roleLabel(user.role) },
  { header: c.createdAt, cell: (user) => formatMediumDate(user.createdAt), sx: { whiteSpace: 'nowrap' } },
];

/** The users of one tenant, newest data after each creation. */
export function TenantUserTable({ tenantId }: { tenantId: string }) {
  const titleId = useId();
  const users = useTenantUsers(tenantId);
  const { rows, bar } = useClientPages(users.data ?? [], PAGE_SIZE_OPTIONS, PAGE_SIZE_OPTIONS[1]);

  return (
    <TitledSection title={texts.listTitle} variant="subtitle1" gap={1} titleId={titleId}>
      <ListQueryBody
        query={users}
        count={users.data?.length ?? 0}
        loading={texts.loading}
        loadFailed={texts.loadFailed(errorMessage(users.error, MESSAGES.auth.defaultError))}
        empty={{ title: texts.emptyTitle, message: texts.emptyMessage, icon: <Group /> }}
      >
        <PagedDataTable
          scrollLabel={texts.listTitle}
          labelledBy={titleId}
          small
          minWidth={560}
          columns={COLUMNS}
          rows={rows}
          bar={bar}
        />
      </ListQueryBody>
    </TitledSection>
  );
}
