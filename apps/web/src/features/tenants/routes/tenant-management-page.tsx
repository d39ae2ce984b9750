import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { MESSAGES } from '@portal/contract/messages';
import type { Tenant } from '@portal/contract/tenants';
import { LoadingState } from '../../../components/loading-state.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useTenants } from '../api/get-tenants.ts';
import { TenantForm } from '../components/tenant-form.tsx';
import { TenantList } from '../components/tenant-list.tsx';
import { TenantUserManagement } from '../components/tenant-user-management.tsx';
import { FOCUS_HEADING_STATE } from '../components/view-heading.tsx';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';

type View = 'list' | 'create' | 'edit' | 'users';

function viewOf(value: string | null): View {
  return value === 'create' || value === 'edit' || value === 'users' ? value : 'list';
}

/**
 * /dashboard/global-admin/tenants. The list, the tenant form and user management take turns in
 * one place (SPEC §2); which one shows lives in the query string (?view=edit&tenant=…), so the
 * browser's Back button returns to the list and a reload keeps the view.
 */
export function TenantManagementPage() {
  const [params, setParams] = useSearchParams();
  const tenants = useTenants();
  const toast = useToasts(TENANT_TOASTS);
  const view = viewOf(params.get('view'));
  const tenantId = params.get('tenant');
  const tenant = tenantId ? tenants.data?.find((t) => t.id === tenantId) : undefined;
  // The tenant the form just saved: the list opens at its page (a new tenant is on the last one).
  // Leaving the list for another view forgets it: Cancel, or Back from a tenant's users, returns
  // to the first page.
  const [savedTenantId, setSavedTenantId] = useState<string>();

  const loadError = tenants.isError ? errorMessage(tenants.error, MESSAGES.auth.defaultError) : null;
  const failedAt = tenants.errorUpdatedAt;
  useEffect(() => {
    // Once per failure (the list view also keeps an error with Retry in place).
    if (loadError) toast.error(UI_TEXTS.tenants.loadFailed(loadError));
  }, [loadError, failedAt, toast]);

  const open = (next: View, target?: Tenant) => {
    if (next !== 'list') setSavedTenantId(undefined);
    setParams(next === 'list' ? {} : { view: next, ...(target ? { tenant: target.id } : {}) }, {
      state: FOCUS_HEADING_STATE,
    });
  };
  const backToList = () => open('list');
  const afterForm = (saved?: Tenant) => {
    setSavedTenantId(saved?.id);
    backToList();
  };

  // A tenant that is gone (deleted elsewhere, or a stale link) sends the user back to the list.
  const needsTenant = view === 'edit' || view === 'users';
  if (needsTenant && (!tenantId || tenants.isError || (tenants.isSuccess && !tenant))) {
    return <Navigate to={{ search: '' }} replace />;
  }

  switch (view) {
    case 'create':
      return <TenantForm onDone={afterForm} />;
    case 'edit':
      return tenant ? (
        <TenantForm key={tenant.id} tenant={tenant} onDone={afterForm} />
      ) : (
        <LoadingState message={UI_TEXTS.tenantUsers.loadingTenant} />
      );
    case 'users':
      return <TenantUserManagement tenant={tenant} onBack={backToList} />;
    default:
      return (
        <TenantList
          onCreate={() => open('create')}
          onEdit={(t) => open('edit', t)}
          onManageUsers={(t) => open('users', t)}
          savedTenantId={savedTenantId}
        />
      );
  }
}
