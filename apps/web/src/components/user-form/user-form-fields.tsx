import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Named } from '@portal/contract/records';
import { bindTextField } from '../../lib/bind-text-field.ts';
import { ChipMultiSelect } from '../chip-multi-select.tsx';
import { EmailField, type EmailCheck } from '../email-field.tsx';
import { PasswordField } from '../password-field.tsx';

/** What the form holds; each variant's schema decides which of it is sent and how it is checked. */
export interface UserFormValues {
  fullName: string;
  email: string;
  password: string;
  role: string;
  assignedMinistryIds?: string[];
  assignedDepartmentIds?: string[];
}
export type UserFormField = keyof UserFormValues;

export interface UserFormFieldTexts {
  fullName: string;
  email: string;
  password: string;
  togglePassword: string;
  role: string;
}

/** The ministries or departments one can be given, or whether loading them failed. */
export interface AssignmentChoices {
  options: readonly Named[];
  failed: boolean;
}

/** Ministries and departments for the roles that work by them (reviewers SPEC §2, agents issue #33). */
export interface AssignmentsConfig {
  roles: readonly string[];
  ministries: AssignmentChoices;
  departments: AssignmentChoices;
  texts: {
    ministries: string;
    departments: string;
    /** The line under the ministries: what the assignment means for this role. */
    hint: (role: string) => string;
    noOptions: string;
    optionsFailed: string;
  };
}

export interface UserFormFieldsProps {
  form: UseFormReturn<UserFormValues, unknown, unknown>;
  texts: UserFormFieldTexts;
  roles: readonly { value: string; label: string }[];
  /** Focus the first field (a dialog opened for this form). */
  autoFocus: boolean;
  /** Remounts the password field, so a shown password is hidden again after a reset. */
  passwordKey: number;
  emailCheck?: EmailCheck;
  /** The name of a 'generate password' button, for forms that offer one. */
  generatePassword?: string;
  assignments?: AssignmentsConfig;
}

/** Full name, email, password and role, then the role's assignments if it has any. */
export function UserFormFields({
  form,
  texts,
  roles,
  autoFocus,
  passwordKey,
  ...extras
}: UserFormFieldsProps) {
  const { control, setValue } = form;
  const role = useWatch({ control, name: 'role' });
  const { emailCheck, generatePassword, assignments } = extras;
  return (
    <>
      <Controller
        name="fullName"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...bindTextField(field, fieldState)}
            label={texts.fullName}
            required
            autoComplete="off"
            autoFocus={autoFocus}
          />
        )}
      />
      <Controller
        name="email"
        control={control}
        render={({ field, fieldState }) => {
          const { error: _error, helperText, ...bound } = bindTextField(field, fieldState);
          return (
            <EmailField
              {...bound}
              label={texts.email}
              required
              check={emailCheck}
              errorMessage={helperText}
            />
          );
        }}
      />
      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <PasswordField
            key={passwordKey}
            {...bindTextField(field, fieldState)}
            label={texts.password}
            required
            toggleLabel={texts.togglePassword}
            generate={
              generatePassword === undefined
                ? undefined
                : {
                    label: generatePassword,
                    onGenerate: (password) =>
                      setValue('password', password, {
                        shouldValidate: true,
                        shouldDirty: true,
                        shouldTouch: true,
                      }),
                  }
            }
          />
        )}
      />
      <Controller
        name="role"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...bindTextField(field, fieldState)}
            onChange={(event) => {
              field.onChange(event.target.value);
              // Only those roles have assignments (the server refuses them for the others).
              if (assignments && !assignments.roles.includes(event.target.value)) {
                setValue('assignedMinistryIds', []);
                setValue('assignedDepartmentIds', []);
              }
            }}
            select
            label={texts.role}
            required
          >
            {roles.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {assignments && assignments.roles.includes(role) && (
        <AssignmentFields form={form} assignments={assignments} role={role} />
      )}
    </>
  );
}

function AssignmentFields({
  form,
  assignments,
  role,
}: {
  form: UserFormFieldsProps['form'];
  assignments: AssignmentsConfig;
  role: string;
}) {
  const { texts } = assignments;
  const fields = [
    {
      name: 'assignedMinistryIds',
      label: texts.ministries,
      choices: assignments.ministries,
      hint: texts.hint(role),
    },
    {
      name: 'assignedDepartmentIds',
      label: texts.departments,
      choices: assignments.departments,
      hint: undefined,
    },
  ] as const;
  return fields.map(({ name, label, choices, hint }) => (
    <Controller
      key={name}
      name={name}
      control={form.control}
      render={({ field, fieldState }) => (
        <ChipMultiSelect
          name={field.name}
          label={label}
          options={choices.options}
          value={field.value ?? []}
          onChange={field.onChange}
          error={fieldState.error?.message}
          helperText={hint}
          emptyText={choices.failed ? texts.optionsFailed : texts.noOptions}
        />
      )}
    />
  ));
}
