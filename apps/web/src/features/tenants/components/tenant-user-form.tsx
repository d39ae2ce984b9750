import {
  REGISTER_ROLES,
  REGISTER_ROLE_LABELS,
  RegisterUserSchema,
  TENANT_USER_MESSAGES,
} from '@portal/contract/tenant-users';
import { useUserForm } from '../../../components/user-form/use-user-form.ts';
import { UserForm } from '../../../components/user-form/user-form.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useRegisterTenantUser } from '../api/register-tenant-user.ts';

const texts = UI_TEXTS.tenantUsers;
const FORM_TEXTS = { ...texts, title: texts.formTitle, submit: texts.create };
const ROLES = REGISTER_ROLES.map((role) => ({ value: role, label: REGISTER_ROLE_LABELS[role] }));

/** The register payload without the tenant, which the screen supplies. */
const TenantUserFormSchema = RegisterUserSchema.omit({ tenantId: true });

/** 'Create New Tenant Admin': a user of the tenant, Administrator by default (SPEC §2, §5, §6). */
export function TenantUserForm({ tenantId }: { tenantId: string }) {
  const registerUser = useRegisterTenantUser();
  const toast = useToasts(TENANT_TOASTS);
  const state = useUserForm({
    schema: TenantUserFormSchema,
    empty: { fullName: '', email: '', password: '', role: 'TENANT_ADMIN' },
    send: (values) => registerUser.mutateAsync({ ...values, tenantId }),
    onCreated: () => toast.success(TENANT_USER_MESSAGES.created),
    onFailed: (error) => {
      toast.error(errorMessage(error, TENANT_USER_MESSAGES.unexpected));
      if (!(error instanceof ApiError && error.status === 409)) return {};
      return { email: error.serverMessage ?? TENANT_USER_MESSAGES.emailTaken };
    },
  });
  return <UserForm state={state} roles={ROLES} texts={FORM_TEXTS} compactTitle />;
}
