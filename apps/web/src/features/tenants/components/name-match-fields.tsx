import { useController, useFormContext } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Box from '@mui/material/Box';
import { NAME_MATCH_SETTINGS } from '@portal/contract/tenants';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { TenantFormInput } from '../utils/tenant-form-values.ts';
import { FormSection } from './form-section.tsx';

const texts = UI_TEXTS.tenantForm;
const range = NAME_MATCH_SETTINGS.minWordSimilarity;

/** 'Name Matching': how strictly the tenant's names are compared with the provider's (issue #20). */
export function NameMatchFields() {
  const { control } = useFormContext<TenantFormInput>();
  const similarity = useController({ name: 'minWordSimilarity', control });
  const closeIsDifferent = useController({ name: 'closeIsDifferent', control });
  return (
    <FormSection title={texts.nameMatching}>
      <TextField
        name={similarity.field.name}
        label={texts.minWordSimilarity}
        type="number"
        slotProps={{ htmlInput: { min: range.min, max: range.max, step: 0.01 } }}
        value={similarity.field.value ?? ''}
        inputRef={similarity.field.ref}
        onBlur={similarity.field.onBlur}
        // A number for the schema; an emptied field is no number (its message shows).
        onChange={(e) =>
          similarity.field.onChange(e.target.value === '' ? undefined : Number(e.target.value))
        }
        error={similarity.fieldState.error !== undefined}
        helperText={similarity.fieldState.error?.message ?? texts.minWordSimilarityHint}
        fullWidth
      />
      <Box>
        <FormControlLabel
          control={
            <Switch
              name={closeIsDifferent.field.name}
              checked={closeIsDifferent.field.value ?? false}
              onChange={(e) => closeIsDifferent.field.onChange(e.target.checked)}
            />
          }
          label={texts.closeIsDifferent}
        />
        <FormHelperText>{texts.closeIsDifferentHint}</FormHelperText>
      </Box>
    </FormSection>
  );
}
