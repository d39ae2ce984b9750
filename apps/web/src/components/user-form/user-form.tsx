import { useId } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { BusyButton } from '../busy-button.tsx';
import { DialogButtons } from '../dialog-buttons.tsx';
import { FormButtons } from '../form-buttons.tsx';
import type { EmailCheck } from '../email-field.tsx';
import { FieldGrid, TitledSection } from '../titled-section.tsx';
import type { UserFormState } from './use-user-form.ts';
import { UserFormFields, type AssignmentsConfig, type UserFormFieldTexts } from './user-form-fields.tsx';

export interface UserFormTexts extends UserFormFieldTexts {
  title: string;
  submit: string;
  /** The submit button's words while the user is created; without them it keeps `submit`. */
  creating?: string;
  /** A Reset button beside the submit button (page forms only). */
  reset?: string;
}

export interface UserFormProps {
  /** What `useUserForm` returned. */
  state: UserFormState;
  roles: readonly { value: string; label: string }[];
  texts: UserFormTexts;
  /** Keeps the submit button disabled until the form is valid (and the email not taken). */
  submitOnlyWhenValid?: boolean;
  /** Headings of the global admin's tenant screens: a bold subtitle1 instead of h6. */
  compactTitle?: boolean;
  /** Shows the form in a 450 px dialog that only Cancel or a creation closes (SPEC §2). */
  dialog?: { open: boolean; cancel: string; onClose: () => void };
  /** Whether the typed email is taken, for a form that checks it while typing (SPEC §5). */
  emailCheck?: EmailCheck;
  /** The name of a 'generate password' button, for a form that offers one. */
  generatePassword?: string;
  assignments?: AssignmentsConfig;
}

/**
 * The one form that creates a user (SPEC §2): the global admin's 'Create New Tenant Admin', the
 * tenant admin's 'Add a New User' and the 'Create New User' dialog. Each variant brings its roles,
 * texts and extras; `useUserForm` holds its schema and what it does with the server's answer.
 */
export function UserForm({ state, texts, dialog, ...props }: UserFormProps) {
  const titleId = useId();
  const availability = props.emailCheck?.availability;
  const blocked =
    props.submitOnlyWhenValid === true &&
    (!state.form.formState.isValid || availability === 'checking' || availability === 'taken');
  const fields = (
    <UserFormFields
      form={state.form}
      texts={texts}
      roles={props.roles}
      autoFocus={dialog !== undefined}
      passwordKey={state.passwordKey}
      emailCheck={props.emailCheck}
      generatePassword={props.generatePassword}
      assignments={props.assignments}
    />
  );

  if (dialog) {
    return (
      <Dialog
        open={dialog.open}
        aria-labelledby={titleId}
        slotProps={{ paper: { sx: { width: 450, maxWidth: 'calc(100% - 32px)', m: 2 } } }}
      >
        <form noValidate onSubmit={state.submit}>
          <DialogTitle id={titleId}>{texts.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2.5} sx={{ pt: 1 }}>
              {fields}
            </Stack>
          </DialogContent>
          <DialogButtons
            busy={state.creating}
            onCancel={() => {
              state.reset();
              dialog.onClose();
            }}
            labels={[dialog.cancel, texts.submit, texts.creating]}
            confirm={{ disabled: blocked }}
          />
        </form>
      </Dialog>
    );
  }
  return (
    <TitledSection
      title={texts.title}
      variant={props.compactTitle ? 'subtitle1' : 'h6'}
      gap={2}
      titleId={titleId}
    >
      <Box component="form" noValidate onSubmit={state.submit} aria-labelledby={titleId}>
        <FieldGrid>{fields}</FieldGrid>
        <FormButtons
          secondary={texts.reset === undefined ? undefined : { label: texts.reset, onClick: state.reset }}
          busy={state.creating}
        >
          <BusyButton
            type="submit"
            disabled={blocked}
            busy={state.creating}
            label={texts.submit}
            busyLabel={texts.creating}
            startIcon={<PersonAdd />}
          />
        </FormButtons>
      </Box>
    </TitledSection>
  );
}
