import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@portal/contract/messages';
import {
  TENANT_MESSAGES,
  TenantCreateSchema,
  TenantUpdateSchema,
  type Tenant,
} from '@portal/contract/tenants';
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
import { IdentitySourceFields } from './identity-source-fields.tsx';
import { TenantBasicFields } from './tenant-basic-fields.tsx';
import { ViewHeading } from './view-heading.tsx';

const texts = UI_TEXTS.tenantForm;
const NO_SECRETS = { clientSecret: false, aesKey: false, iv: false };

export interface TenantFormProps {
  /** The tenant to edit; create mode without one (SPEC §2). */
  tenant?: Tenant;
  /** Back to the list: after saving, or on Cancel. */
  onDone: () => void;
}

/** Create or edit a tenant, validated by the contract's schemas (the server's own messages). */
export function TenantForm({ tenant, onDone }: TenantFormProps) {
  const mode = tenant ? 'edit' : 'create';
  const createTenant = useCreateTenant();
  const updateTenant = useUpdateTenant();
  const toast = useToasts(TENANT_TOASTS);
  const form = useForm<TenantFormInput, unknown, TenantFormOutput>({
    resolver: zodResolver(tenant ? TenantUpdateSchema : TenantCreateSchema),
    mode: 'onTouched',
    defaultValues: tenantFormDefaults(tenant),
  });
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

  const onSubmit = handleSubmit((values) => {
    const message = (error: unknown) => errorMessage(error, MESSAGES.auth.defaultError);
    if (tenant) {
      // The subdomain is fixed: send the stored one whatever the disabled field holds.
      updateTenant.mutate(
        { id: tenant.id, tenant: { ...values, subdomain: tenant.subdomain } },
        {
          onSuccess: (updated) => {
            toast.success(UI_TEXTS.tenants.updated(updated.name));
            onDone();
          },
          onError: (error) => {
            showServerErrors(error);
            toast.error(UI_TEXTS.tenants.updateFailed(message(error)));
          },
        },
      );
      return;
    }
    createTenant.mutate(values, {
      onSuccess: (created) => {
        toast.success(UI_TEXTS.tenants.created(created.name));
        onDone();
      },
      onError: (error) => {
        showServerErrors(error);
        toast.error(UI_TEXTS.tenants.createFailed(message(error)));
      },
    });
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
        </Stack>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            justifyContent: 'flex-end',
            gap: 1.5,
            mt: 4,
          }}
        >
          <Button variant="outlined" onClick={onDone} disabled={saving}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!isValid || availability === 'taken'}
            loading={saving}
            loadingPosition="start"
          >
            {saving ? texts.saving : tenant ? texts.save : texts.create}
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}
