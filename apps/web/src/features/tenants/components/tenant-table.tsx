import { useState, type ReactElement } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import { PAGE_SIZES } from '@portal/contract/limits';
import type { Tenant } from '@portal/contract/tenants';
import { ScrollTableContainer } from '../../../components/scroll-table-container.tsx';
import { TablePaginationBar, clampPage } from '../../../components/table-pagination-bar.tsx';
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
export function TenantTable({ tenants, onManageUsers, onEdit, onDelete, busyTenantId }: TenantTableProps) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // Deleting the last row of the last page must not leave an empty page behind.
  const currentPage = clampPage(page, tenants.length, pageSize);
  const rows = tenants.slice(currentPage * pageSize, (currentPage + 1) * pageSize);
  const c = texts.columns;

  return (
    <>
      <ScrollTableContainer label={texts.tableLabel}>
        <Table aria-label={texts.tableLabel} sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow>
              <TableCell>{c.name}</TableCell>
              <TableCell>{c.subdomain}</TableCell>
              <TableCell>{c.stateCode}</TableCell>
              <TableCell>{c.validationUrl}</TableCell>
              <TableCell>{c.createdAt}</TableCell>
              <TableCell align="right">{c.actions}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((tenant) => {
              const busy = tenant.id === busyTenantId;
              return (
                <TableRow key={tenant.id} hover>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 500, maxWidth: 240 }}>
                    {tenant.name}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{tenant.subdomain}</TableCell>
                  <TableCell>{tenant.stateCode}</TableCell>
                  <TableCell>
                    <ValidationUrlCell tenant={tenant} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMediumDate(tenant.createdAt)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0.5 }}>
                    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                      <RowAction
                        label={texts.manageUsers}
                        icon={<ManageAccounts />}
                        color="primary"
                        disabled={busy}
                        onClick={() => onManageUsers(tenant)}
                      />
                      <RowAction
                        label={texts.edit}
                        icon={<EditOutlined />}
                        disabled={busy}
                        onClick={() => onEdit(tenant)}
                      />
                      <RowAction
                        label={texts.delete}
                        icon={<DeleteOutlined />}
                        color="error"
                        disabled={busy}
                        onClick={() => onDelete(tenant)}
                      />
                    </Stack>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </ScrollTableContainer>
      <TablePaginationBar
        count={tenants.length}
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
