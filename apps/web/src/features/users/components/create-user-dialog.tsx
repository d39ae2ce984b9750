import { z } from 'zod';
import { DIALOG_ROLES, PEOPLE_MESSAGES } from '@portal/contract/people';
import { emailField, fullNameField, passwordField } from '@portal/contract/tenant-users';
import { useUserForm } from '../../../components/user-form/use-user-form.ts';
import { UserForm } from '../../../components/user-form/user-form.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { useCreateUser } from '../api/create-user.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { DIALOG_ROLE_LABELS } from '../utils/role-badge.ts';
import { serverFieldErrors } from '../utils/server-field-errors.ts';

const texts = USERS_TEXTS.dialog;
const FORM_TEXTS = { ...texts, togglePassword: USERS_TEXTS.form.togglePassword };
const ROLES = DIALOG_ROLES.map((role) => ({ value: role, label: DIALOG_ROLE_LABELS[role] }));

/** The create payload narrowed to the dialog's roles (SPEC §6); no assignments. */
const DialogUserSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
  role: z.enum(DIALOG_ROLES, { error: PEOPLE_MESSAGES.roleRequired }),
});
const SERVER_FIELDS = ['fullName', 'email', 'password', 'role'] as const;

export interface CreateUserDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The 'Create New User' dialog variant (SPEC §2): 450 px, closed only by Cancel or a success
 * (no Escape, no click outside: a half-typed account is not lost by a stray click).
 */
export function CreateUserDialog({ open, onClose }: CreateUserDialogProps) {
  const createUser = useCreateUser();
  const toast = useToasts(TENANT_TOASTS);
  const state = useUserForm({
    schema: DialogUserSchema,
    empty: { fullName: '', email: '', password: '' },
    send: createUser.mutateAsync,
    onCreated: () => {
      toast.success(USERS_TEXTS.created);
      onClose();
    },
    onFailed: (error) => {
      toast.error(texts.failed(errorMessage(error, USERS_TEXTS.unexpected)));
      return serverFieldErrors(error, SERVER_FIELDS, USERS_TEXTS.emailTaken);
    },
  });
  return (
    <UserForm
      state={state}
      roles={ROLES}
      texts={FORM_TEXTS}
      submitOnlyWhenValid
      dialog={{ open, cancel: texts.cancel, onClose }}
    />
  );
}
