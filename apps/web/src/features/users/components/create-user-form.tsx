import { useWatch } from 'react-hook-form';
import { CreateTenantUserSchema, FORM_ROLES } from '@portal/contract/people';
import { ASSIGNED_ROLES } from '@portal/contract/roles';
import { useUserForm } from '../../../components/user-form/use-user-form.ts';
import { UserForm } from '../../../components/user-form/user-form.tsx';
import type { CreatedUser } from '@portal/contract/tenant-users';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useCreateUser } from '../api/create-user.ts';
import { useDepartments } from '../api/get-departments.ts';
import { useMinistries } from '../api/get-ministries.ts';
import { useEmailAvailability } from '../hooks/use-email-availability.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { roleLabel } from '../utils/role-badge.ts';
import { serverFieldErrors } from '../utils/server-field-errors.ts';

const texts = USERS_TEXTS.form;
const ROLES = FORM_ROLES.map((role) => ({ value: role, label: roleLabel(role) }));
const SERVER_FIELDS = [
  'fullName',
  'email',
  'password',
  'role',
  'assignedMinistryIds',
  'assignedDepartmentIds',
] as const;
const EMAIL_CHECK_TEXTS = {
  checking: texts.checkingEmail,
  available: texts.emailAvailable,
  taken: USERS_TEXTS.emailTaken,
};
const ASSIGNMENT_TEXTS = {
  ministries: texts.ministries,
  departments: texts.departments,
  hint: texts.assignmentsHint,
  noOptions: texts.noOptions,
  optionsFailed: texts.optionsFailed,
};

/**
 * The users form of SPEC §2: a user of the own tenant; reviewers and field agents (issue #33) get
 * ministries and departments.
 */
export function CreateUserForm() {
  const createUser = useCreateUser();
  const toast = useToasts(TENANT_TOASTS);
  const ministries = useMinistries();
  const departments = useDepartments();
  const state = useUserForm({
    schema: CreateTenantUserSchema,
    // No role preselected: the admin chooses one ('Role is required' until then).
    empty: { fullName: '', email: '', password: '', assignedMinistryIds: [], assignedDepartmentIds: [] },
    send: createUser.mutateAsync,
    // Issue #30: with the second approver on, a new tenant admin waits for another tenant admin.
    onCreated: (created) =>
      toast.success(
        (created as CreatedUser | undefined)?.status === 'PENDING_APPROVAL'
          ? USERS_TEXTS.adminAwaitsApproval
          : USERS_TEXTS.created,
      ),
    onFailed: (error) => {
      // SPEC §8: a failed create is only logged; what the server refused is shown on its field.
      console.error('Creating the user failed', error);
      return serverFieldErrors(error, SERVER_FIELDS, USERS_TEXTS.emailTaken);
    },
  });
  const email = useWatch({ control: state.form.control, name: 'email' });
  const availability = useEmailAvailability(email ?? '');
  return (
    <UserForm
      state={state}
      roles={ROLES}
      texts={texts}
      submitOnlyWhenValid
      emailCheck={{ availability, texts: EMAIL_CHECK_TEXTS }}
      generatePassword={texts.generatePassword}
      assignments={{
        roles: ASSIGNED_ROLES,
        ministries: { options: ministries.data ?? [], failed: ministries.isError },
        departments: { options: departments.data ?? [], failed: departments.isError },
        texts: ASSIGNMENT_TEXTS,
      }}
    />
  );
}
