import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CAMPAIGN_LIMITS, CampaignCreateSchema, type Campaign } from '@portal/contract/campaigns';
import { ChipMultiSelect } from '../../../components/chip-multi-select.tsx';
import { FormButtons } from '../../../components/form-buttons.tsx';
import { BusyButton } from '../../../components/busy-button.tsx';
import { FieldGrid, FULL_ROW } from '../../../components/titled-section.tsx';
import { bindTextField } from '../../../lib/bind-text-field.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { tenantToday } from '../../../lib/format.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useCreateExercise } from '../api/create-exercise.ts';
import { useScopeDepartments, useScopeMinistries } from '../api/get-scope-options.ts';
import { EXERCISES_TEXTS } from '../exercises-texts.ts';
import { DocumentsField } from './documents-field.tsx';

const texts = EXERCISES_TEXTS.form;
const FIELDS = [
  'name',
  'ministryIds',
  'departmentIds',
  'opensOn',
  'closesOn',
  'graceDays',
  'documents',
] as const;

/**
 * A new verification exercise (issue #33 item 1), checked by the contract's schema so its messages
 * are the server's. What only the server knows (an overlapping exercise: 409; a past opening day)
 * shows above the buttons, or on its field when the server names one.
 */
export function CreateExerciseForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: Campaign) => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const create = useCreateExercise();
  const ministries = useScopeMinistries();
  const departments = useScopeDepartments();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useZodForm(CampaignCreateSchema, {
    name: '',
    ministryIds: [],
    departmentIds: [],
    opensOn: tenantToday(),
    closesOn: undefined,
    graceDays: 7,
    documents: [],
  });
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      onCreated(await create.mutateAsync(values));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      let placed = false;
      for (const field of FIELDS)
        if (fields[field]) {
          form.setError(field, { message: fields[field] });
          placed = true;
        }
      if (!placed) setProblem(errorMessage(error, texts.title));
    }
  });
  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 2 }}>
        {texts.title}
      </Typography>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={titleId}>
        <FieldGrid>
          <Controller
            control={form.control}
            name="name"
            render={({ field, fieldState }) => (
              <TextField
                {...bindTextField(field, fieldState)}
                label={texts.name}
                required
                sx={FULL_ROW}
                slotProps={{ htmlInput: { maxLength: CAMPAIGN_LIMITS.nameMax } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="ministryIds"
            render={({ field, fieldState }) => (
              <ChipMultiSelect
                name={field.name}
                label={texts.ministries}
                options={ministries.data ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                emptyText={ministries.isError ? texts.optionsFailed : texts.noOptions}
                error={fieldState.error?.message ?? firstItemError(fieldState)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="departmentIds"
            render={({ field, fieldState }) => (
              <ChipMultiSelect
                name={field.name}
                label={texts.departments}
                options={departments.data ?? []}
                value={field.value ?? []}
                onChange={field.onChange}
                helperText={texts.scopeHint}
                emptyText={departments.isError ? texts.optionsFailed : texts.noOptions}
                error={fieldState.error?.message ?? firstItemError(fieldState)}
              />
            )}
          />
          <Controller
            control={form.control}
            name="opensOn"
            render={({ field, fieldState }) => (
              <TextField
                {...bindTextField(field, fieldState)}
                // A cleared date is a missing one: 'is required', not 'Dates are YYYY-MM-DD'.
                onChange={(event) => field.onChange(event.target.value || undefined)}
                type="date"
                label={texts.opensOn}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="closesOn"
            render={({ field, fieldState }) => (
              <TextField
                {...bindTextField(field, fieldState)}
                // A cleared date is a missing one: 'is required', not 'Dates are YYYY-MM-DD'.
                onChange={(event) => field.onChange(event.target.value || undefined)}
                type="date"
                label={texts.closesOn}
                required
                slotProps={{ inputLabel: { shrink: true } }}
              />
            )}
          />
          <Controller
            control={form.control}
            name="graceDays"
            render={({ field, fieldState }) => (
              <TextField
                name={field.name}
                inputRef={field.ref}
                onBlur={field.onBlur}
                type="number"
                label={texts.graceDays}
                required
                value={Number.isNaN(field.value) ? '' : String(field.value)}
                onChange={(event) =>
                  field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))
                }
                error={fieldState.error !== undefined}
                helperText={fieldState.error?.message ?? texts.graceHint}
                slotProps={{ htmlInput: { min: 0, max: CAMPAIGN_LIMITS.graceDaysMax, step: 1 } }}
              />
            )}
          />
          <Box sx={FULL_ROW}>
            <Controller
              control={form.control}
              name="documents"
              render={({ field, fieldState }) => (
                <DocumentsField
                  value={field.value ?? []}
                  onChange={field.onChange}
                  error={fieldState.error?.message ?? firstItemError(fieldState)}
                />
              )}
            />
          </Box>
        </FieldGrid>
        {problem && (
          <Alert severity="error" sx={{ mt: 2.5 }}>
            {problem}
          </Alert>
        )}
        <FormButtons busy={create.isPending} secondary={{ label: texts.cancel, onClick: onCancel }}>
          <BusyButton
            type="submit"
            busy={create.isPending}
            label={texts.submit}
            busyLabel={texts.submitting}
          />
        </FormButtons>
      </Box>
    </Paper>
  );
}

/** A list field's error sits on its items when one item is wrong (an empty document's name). */
function firstItemError(fieldState: { error?: unknown }): string | undefined {
  const items = fieldState.error as Record<string, { message?: string } | undefined> | undefined;
  if (!items || typeof items !== 'object') return undefined;
  for (const value of Object.values(items))
    if (value && typeof value.message === 'string') return value.message;
  return undefined;
}
