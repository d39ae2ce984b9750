import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_ROLES, PEOPLE_MESSAGES } from '@portal/contract/people';
import { emailField, fullNameField, passwordField } from '@portal/contract/tenant-users';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateUser } from '../api/create-user.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { bindTextField } from '../utils/bind-text-field.ts';
import { DIALOG_ROLE_LABELS } from '../utils/role-badge.ts';
import { serverFieldErrors } from '../utils/server-field-errors.ts';
import { PasswordField } from './password-field.tsx';

const texts = USERS_TEXTS.dialog;

/** The create payload narrowed to the dialog's roles (SPEC §6); no assignments. */
const DialogUserSchema = z.object({
  fullName: fullNameField,
  email: emailField,
  password: passwordField,
  role: z.enum(DIALOG_ROLES, { error: PEOPLE_MESSAGES.roleRequired }),
});
type DialogUserInput = z.input<typeof DialogUserSchema>;
type DialogUserOutput = z.output<typeof DialogUserSchema>;

const EMPTY: Partial<DialogUserInput> = { fullName: '', email: '', password: '' };
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
  const titleId = useId();
  const createUser = useCreateUser();
  const toast = useToasts(TENANT_TOASTS);
  const { control, handleSubmit, reset, setError, formState } = useForm<
    DialogUserInput,
    unknown,
    DialogUserOutput
  >({
    resolver: zodResolver(DialogUserSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });

  const close = () => {
    reset(EMPTY);
    createUser.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) => {
    createUser.mutate(values, {
      onSuccess: () => {
        toast.success(USERS_TEXTS.created);
        close();
      },
      onError: (error) => {
        toast.error(texts.failed(errorMessage(error, USERS_TEXTS.unexpected)));
        for (const [field, message] of Object.entries(
          serverFieldErrors(error, SERVER_FIELDS, USERS_TEXTS.emailTaken),
        )) {
          setError(field as (typeof SERVER_FIELDS)[number], { type: 'server', message });
        }
      },
    });
  });

  const creating = createUser.isPending;
  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{texts.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Controller
              name="fullName"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...bindTextField(field, fieldState)}
                  label={texts.fullName}
                  required
                  autoComplete="off"
                  autoFocus
                />
              )}
            />
            <Controller
              name="email"
              control={control}
              render={({ field, fieldState }) => (
                <TextField
                  {...bindTextField(field, fieldState)}
                  label={texts.email}
                  type="email"
                  required
                  autoComplete="off"
                />
              )}
            />
            <Controller
              name="password"
              control={control}
              render={({ field, fieldState }) => (
                <PasswordField {...bindTextField(field, fieldState)} label={texts.password} required />
              )}
            />
            <Controller
              name="role"
              control={control}
              render={({ field, fieldState }) => (
                <TextField {...bindTextField(field, fieldState)} select label={texts.role} required>
                  {DIALOG_ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {DIALOG_ROLE_LABELS[role]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} disabled={creating}>
            {texts.cancel}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!formState.isValid}
            loading={creating}
            loadingPosition="start"
          >
            {texts.submit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
