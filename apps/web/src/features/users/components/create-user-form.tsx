import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import { CreateTenantUserSchema, FORM_ROLES, type CreateTenantUser } from '@portal/contract/people';
import { useCreateUser } from '../api/create-user.ts';
import { useDepartments } from '../api/get-departments.ts';
import { useMinistries } from '../api/get-ministries.ts';
import { useEmailAvailability } from '../hooks/use-email-availability.ts';
import { TENANT_TOASTS, useToasts } from '../../../lib/use-toasts.ts';
import { USERS_TEXTS } from '../users-texts.ts';
import { bindTextField } from '../utils/bind-text-field.ts';
import { roleLabel } from '../utils/role-badge.ts';
import { serverFieldErrors } from '../utils/server-field-errors.ts';
import { ChipMultiSelect } from './chip-multi-select.tsx';
import { EmailField } from './email-field.tsx';
import { PasswordField } from './password-field.tsx';

const texts = USERS_TEXTS.form;
type Output = z.output<typeof CreateTenantUserSchema>;

/** No role preselected: the admin chooses one ('Role is required' until then). */
const EMPTY: Partial<CreateTenantUser> = {
  fullName: '',
  email: '',
  password: '',
  assignedMinistryIds: [],
  assignedDepartmentIds: [],
};
const SERVER_FIELDS = [
  'fullName',
  'email',
  'password',
  'role',
  'assignedMinistryIds',
  'assignedDepartmentIds',
] as const;

/** The users form of SPEC §2: a user of the own tenant; reviewers get ministries and departments. */
export function CreateUserForm() {
  const titleId = useId();
  // Remounts the password field on reset, so a shown password is hidden again.
  const [generation, setGeneration] = useState(0);
  const createUser = useCreateUser();
  const toast = useToasts(TENANT_TOASTS);
  const { control, handleSubmit, reset, setError, setValue, formState } = useForm<
    CreateTenantUser,
    unknown,
    Output
  >({
    resolver: zodResolver(CreateTenantUserSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const [email, role] = useWatch({ control, name: ['email', 'role'] });
  const availability = useEmailAvailability(email ?? '');
  const reviewer = role === 'REVIEWER';
  const ministries = useMinistries();
  const departments = useDepartments();

  const onSubmit = handleSubmit((values) => {
    createUser.mutate(values, {
      onSuccess: () => {
        toast.success(USERS_TEXTS.created);
        reset(EMPTY);
        setGeneration((n) => n + 1);
      },
      onError: (error) => {
        // SPEC §8: a failed create is only logged; what the server refused is shown on its field.
        console.error('Creating the user failed', error);
        const fields = serverFieldErrors(error, SERVER_FIELDS, USERS_TEXTS.emailTaken);
        for (const [field, message] of Object.entries(fields)) {
          setError(field as (typeof SERVER_FIELDS)[number], { type: 'server', message });
        }
      },
    });
  });

  const creating = createUser.isPending;
  const blocked = !formState.isValid || availability === 'checking' || availability === 'taken';
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 2 }}>
        {texts.title}
      </Typography>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={titleId}>
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Controller
            name="fullName"
            control={control}
            render={({ field, fieldState }) => (
              <TextField
                {...bindTextField(field, fieldState)}
                label={texts.fullName}
                required
                autoComplete="off"
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
                  availability={availability}
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
                key={generation}
                {...bindTextField(field, fieldState)}
                label={texts.password}
                required
                onGenerate={(password) =>
                  setValue('password', password, {
                    shouldValidate: true,
                    shouldDirty: true,
                    shouldTouch: true,
                  })
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
                  // Only reviewers have assignments (the server refuses them for other roles).
                  if (event.target.value !== 'REVIEWER') {
                    setValue('assignedMinistryIds', []);
                    setValue('assignedDepartmentIds', []);
                  }
                }}
                select
                label={texts.role}
                required
              >
                {FORM_ROLES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {roleLabel(option)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {reviewer && (
            <>
              <Controller
                name="assignedMinistryIds"
                control={control}
                render={({ field, fieldState }) => (
                  <ChipMultiSelect
                    name={field.name}
                    label={texts.ministries}
                    options={ministries.data ?? []}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    helperText={texts.assignmentsHint}
                    emptyText={ministries.isError ? texts.optionsFailed : texts.noOptions}
                  />
                )}
              />
              <Controller
                name="assignedDepartmentIds"
                control={control}
                render={({ field, fieldState }) => (
                  <ChipMultiSelect
                    name={field.name}
                    label={texts.departments}
                    options={departments.data ?? []}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    error={fieldState.error?.message}
                    emptyText={departments.isError ? texts.optionsFailed : texts.noOptions}
                  />
                )}
              />
            </>
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
          <Button
            type="submit"
            variant="contained"
            disabled={blocked}
            loading={creating}
            loadingPosition="start"
            startIcon={<PersonAdd />}
          >
            {creating ? texts.creating : texts.submit}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
