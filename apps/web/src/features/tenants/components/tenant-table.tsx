import type { ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { Tenant } from '@portal/contract/tenants';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import type { DataColumn } from '../../../components/data-table.tsx';
import { useClientPages } from '../../../components/table-pagination-bar.tsx';
import { formatMediumDate } from '../../../lib/format.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { ValidationUrlCell } from './validation-url-cell.tsx';

const texts = UI_TEXTS.tenants;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.tenants;
const DEFAULT_PAGE_SIZE = 10;

export interface TenantTableProps {
  tenants: readonly Tenant[];
  onManageUsers: (tenant: Tenant) => void;
  onEdit: (tenant: Tenant) => void;
  onDelete: (tenant: Tenant) => void;
  /** The tenant being deleted: its actions are disabled meanwhile. */
  busyTenantId?: string;
  /** The tenant just created or edited: the table opens at its page. */
  savedTenantId?: string;
}

interface RowActionProps {
  label: string;
  icon: ReactElement;
  color?: 'primary' | 'error';
  disabled: boolean;
  onClick: () => void;
}

/** An icon button whose label is both its tooltip and its accessible name. */
function RowAction({ label, icon, color, disabled, onClick }: RowActionProps) {
  return (
    <Tooltip title={label} describeChild>
      {/* The span keeps the tooltip working while the button is disabled; the button names itself. */}
      <span>
        <IconButton aria-label={label} color={color} disabled={disabled} onClick={onClick}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The tenants, paged on the client (page sizes 5, 10, 20 with first/last buttons: SPEC §2). */
export function TenantTable({
  tenants,
  onManageUsers,
  onEdit,
  onDelete,
  busyTenantId,
  savedTenantId,
}: TenantTableProps) {
  const saved = tenants.findIndex((t) => t.id === savedTenantId);
  const { rows, bar } = useClientPages(tenants, PAGE_SIZE_OPTIONS, DEFAULT_PAGE_SIZE, saved);
  const c = texts.columns;
  const actions = (tenant: Tenant) => {
    const rowActions: Omit<RowActionProps, 'disabled'>[] = [
      {
        label: texts.manageUsers,
        icon: <ManageAccounts />,
        color: 'primary',
        onClick: () => onManageUsers(tenant),
      },
      { label: texts.edit, icon: <EditOutlined />, onClick: () => onEdit(tenant) },
      { label: texts.delete, icon: <DeleteOutlined />, color: 'error', onClick: () => onDelete(tenant) },
    ];
    return (
      <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
        {rowActions.map((action) => (
          <RowAction key={action.label} {...action} disabled={tenant.id === busyTenantId} />
        ))}
      </Stack>
    );
  };
  const columns: DataColumn<Tenant>[] = [
    {
      header: c.name,
      phone: true,
      cell: (tenant) => tenant.name,
      rowHeader: true,
      sx: { fontWeight: 500, maxWidth: 240 },
    },
    { header: c.subdomain, cell: (tenant) => tenant.subdomain, sx: { overflowWrap: 'anywhere' } },
    { header: c.stateCode, cell: (tenant) => tenant.stateCode },
    { header: c.validationUrl, cell: (tenant) => <ValidationUrlCell tenant={tenant} /> },
    {
      header: c.createdAt,
      cell: (tenant) => formatMediumDate(tenant.createdAt),
      sx: { whiteSpace: 'nowrap' },
    },
    { header: c.actions, phone: true, cell: actions, align: 'right', sx: { whiteSpace: 'nowrap', py: 0.5 } },
  ];

  return (
    <PagedDataTable
      scrollLabel={texts.tableLabel}
      label={texts.tableLabel}
      minWidth={760}
      columns={columns}
      rows={rows}
      hover
      bar={bar}
    />
  );
}
