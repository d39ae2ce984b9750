import Button from '@mui/material/Button';
import Add from '@mui/icons-material/Add';
import CorporateFare from '@mui/icons-material/CorporateFare';
import { MESSAGES } from '@portal/contract/messages';
import type { Tenant } from '@portal/contract/tenants';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useConfirm } from '../../../components/confirm-provider.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useDeleteTenant } from '../api/delete-tenant.ts';
import { useTenants } from '../api/get-tenants.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { TenantTable } from './tenant-table.tsx';
import { ViewHeading } from './view-heading.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';

const texts = UI_TEXTS.tenants;

export interface TenantListProps {
  onCreate: () => void;
  onEdit: (tenant: Tenant) => void;
  onManageUsers: (tenant: Tenant) => void;
  /** The tenant just created or edited: the table opens at its page (a new one is on the last). */
  savedTenantId?: string;
}

/** The list view of Tenant Management: heading, Create New Tenant, and the table. */
export function TenantList({ onCreate, onEdit, onManageUsers, savedTenantId }: TenantListProps) {
  const tenants = useTenants();
  const deleteTenant = useDeleteTenant();
  const confirm = useConfirm();
  const toast = useToasts(TENANT_TOASTS);

  const handleDelete = async (tenant: Tenant) => {
    const confirmed = await confirm({
      title: texts.deleteTitle,
      message: texts.deleteMessage(tenant.name),
      confirmText: texts.deleteConfirm,
      cancelText: texts.cancel,
    });
    if (!confirmed) return;
    deleteTenant.mutate(tenant, {
      onSuccess: () => toast.success(texts.deleted(tenant.name)),
      onError: (error) => toast.error(texts.deleteFailed(errorMessage(error, MESSAGES.auth.defaultError))),
    });
  };

  return (
    <>
      <ViewHeading
        title={texts.title}
        subtitle={texts.subtitle}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={onCreate}>
            {texts.create}
          </Button>
        }
      />
      <TenantListBody
        query={tenants}
        onEdit={onEdit}
        onManageUsers={onManageUsers}
        onDelete={(tenant) => void handleDelete(tenant)}
        busyTenantId={deleteTenant.isPending ? deleteTenant.variables?.id : undefined}
        savedTenantId={savedTenantId}
      />
    </>
  );
}

interface TenantListBodyProps extends Omit<TenantListProps, 'onCreate'> {
  query: ReturnType<typeof useTenants>;
  onDelete: (tenant: Tenant) => void;
  busyTenantId: string | undefined;
  savedTenantId: string | undefined;
}

function TenantListBody({ query, busyTenantId, savedTenantId, ...actions }: TenantListBodyProps) {
  if (query.isPending) {
    return <LoadingState message={texts.loading} />;
  }
  if (query.isError) {
    return (
      <RetryAlert onRetry={() => void query.refetch()}>
        {texts.loadFailed(errorMessage(query.error, MESSAGES.auth.defaultError))}
      </RetryAlert>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState
        title={texts.emptyTitle}
        message={texts.emptyMessage}
        icon={<CorporateFare />}
        titleComponent="h3"
      />
    );
  }
  return (
    <TenantTable
      tenants={query.data}
      busyTenantId={busyTenantId}
      savedTenantId={savedTenantId}
      {...actions}
    />
  );
}
