import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { Tenant } from '@portal/contract/tenants';
import { LoadingState } from '../../../components/loading-state.tsx';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { TenantUserForm } from './tenant-user-form.tsx';
import { TenantUserTable } from './tenant-user-table.tsx';
import { ViewHeading } from './view-heading.tsx';

const texts = UI_TEXTS.tenantUsers;

export interface TenantUserManagementProps {
  /** Undefined while the tenant list is still loading. */
  tenant: Tenant | undefined;
  onBack: () => void;
}

/** 'Manage Users for {name}': create the tenant's administrators and see its users (SPEC §2). */
export function TenantUserManagement({ tenant, onBack }: TenantUserManagementProps) {
  return (
    <>
      <Button startIcon={<ArrowBack />} onClick={onBack} sx={{ mb: 2, ml: -1 }}>
        {texts.back}
      </Button>
      {tenant ? (
        <>
          <ViewHeading title={texts.title(tenant.name)} />
          <Stack spacing={4} divider={<Divider flexItem />}>
            <TenantUserForm key={tenant.id} tenantId={tenant.id} />
            <TenantUserTable tenantId={tenant.id} />
          </Stack>
        </>
      ) : (
        <LoadingState message={texts.loadingTenant} />
      )}
    </>
  );
}
