import { FormProvider, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@portal/contract/messages';
import {
  TENANT_MESSAGES,
  TenantCreateSchema,
  TenantUpdateSchema,
  type Tenant,
} from '@portal/contract/tenants';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { BusyButton } from '../../../components/busy-button.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useCreateTenant } from '../api/create-tenant.ts';
import { useUpdateTenant } from '../api/update-tenant.ts';
import { useSubdomainAvailability } from '../hooks/use-subdomain-availability.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import {
  isTenantFormField,
  secretsSetOf,
  tenantFormDefaults,
  type TenantFormInput,
  type TenantFormOutput,
} from '../utils/tenant-form-values.ts';
import { AccountProviderFields } from './account-provider-fields.tsx';
import { IdentitySourceFields } from './identity-source-fields.tsx';
import { LegalBasisField } from './legal-basis-field.tsx';
import { NameMatchFields } from './name-match-fields.tsx';
import { TenantBasicFields } from './tenant-basic-fields.tsx';
import { ViewHeading } from './view-heading.tsx';

const texts = UI_TEXTS.tenantForm;
const NO_SECRETS = { clientSecret: false, aesKey: false, iv: false };

export interface TenantFormProps {
  /** The tenant to edit; create mode without one (SPEC §2). */
  tenant?: Tenant;
  /** Back to the list: after saving (with the tenant saved), or on Cancel. */
  onDone: (saved?: Tenant) => void;
}

/** Create or edit a tenant, validated by the contract's schemas (the server's own messages). */
export function TenantForm({ tenant, onDone }: TenantFormProps) {
  const mode = tenant ? 'edit' : 'create';
  const createTenant = useCreateTenant();
  const updateTenant = useUpdateTenant();
  const toast = useToasts(TENANT_TOASTS);
  const form = useZodForm<TenantFormInput, TenantFormOutput>(
    tenant ? TenantUpdateSchema : TenantCreateSchema,
    tenantFormDefaults(tenant),
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { isValid },
  } = form;
  const subdomain = useWatch({ control, name: 'subdomain' });
  const availability = useSubdomainAvailability(subdomain, mode === 'create');
  const saving = createTenant.isPending || updateTenant.isPending;

  /** 400: each field's message on its field; 409: the subdomain is taken. */
  const showServerErrors = (error: unknown) => {
    const fields = Object.entries(fieldErrorsOf(error)).filter(([field]) => isTenantFormField(field));
    fields.forEach(([field, message], index) => {
      if (isTenantFormField(field))
        setError(field, { type: 'server', message }, { shouldFocus: index === 0 });
    });
    if (error instanceof ApiError && error.status === 409 && fields.length === 0) {
      setError(
        'subdomain',
        { type: 'server', message: error.serverMessage ?? TENANT_MESSAGES.subdomainTaken },
        { shouldFocus: true },
      );
    }
  };

  /** The toasts of a save and what follows it (SPEC §9). */
  const outcome = (saved: (name: string) => string, failed: (message: string) => string) => ({
    onSuccess: (result: Tenant) => {
      toast.success(saved(result.name));
      onDone(result);
    },
    onError: (error: Error) => {
      showServerErrors(error);
      toast.error(failed(errorMessage(error, MESSAGES.auth.defaultError)));
    },
  });
  const onSubmit = handleSubmit((values) => {
    const t = UI_TEXTS.tenants;
    if (!tenant) {
      createTenant.mutate(values, outcome(t.created, t.createFailed));
      return;
    }
    // The subdomain is fixed: send the stored one whatever the disabled field holds.
    const update = { id: tenant.id, tenant: { ...values, subdomain: tenant.subdomain } };
    updateTenant.mutate(update, outcome(t.updated, t.updateFailed));
  });

  return (
    <FormProvider {...form}>
      <ViewHeading
        title={tenant ? texts.editTitle : texts.createTitle}
        subtitle={tenant ? texts.editSubtitle(tenant.name) : texts.createSubtitle}
      />
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        aria-label={tenant ? texts.editTitle : texts.createTitle}
      >
        <Stack spacing={4} divider={<Divider flexItem />}>
          <TenantBasicFields mode={mode} availability={availability} />
          <IdentitySourceFields
            editing={
              tenant ? { tenantId: tenant.id, secretsSet: secretsSetOf(tenant) ?? NO_SECRETS } : undefined
            }
          />
          <AccountProviderFields
            editing={
              tenant
                ? { tenantId: tenant.id, secretSet: tenant.accountProvider?.clientSecretSet ?? false }
                : undefined
            }
          />
          <NameMatchFields />
          <LegalBasisField />
        </Stack>
        <FormButtons secondary={{ label: texts.cancel, onClick: () => onDone() }} busy={saving} mt={4}>
          <BusyButton
            type="submit"
            disabled={!isValid || availability === 'taken'}
            busy={saving}
            label={tenant ? texts.save : texts.create}
            busyLabel={texts.saving}
          />
        </FormButtons>
      </Box>
    </FormProvider>
  );
}
