import MenuItem from '@mui/material/MenuItem';
import { LIMITS } from '@portal/contract/limits';
import { SUBSCRIPTION_STATUSES } from '@portal/contract/tenants';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { SubdomainAvailability } from '../hooks/use-subdomain-availability.ts';
import { FULL_ROW } from '../../../components/titled-section.tsx';
import { FormSection } from './form-section.tsx';
import { SubdomainField } from './subdomain-field.tsx';
import { TenantTextField } from './tenant-text-field.tsx';

const texts = UI_TEXTS.tenantForm;

export interface TenantBasicFieldsProps {
  mode: 'create' | 'edit';
  availability: SubdomainAvailability;
}

/** 'Basic Information': name, subdomain, state code, subscription status, description. */
export function TenantBasicFields({ mode, availability }: TenantBasicFieldsProps) {
  return (
    <FormSection title={texts.basicInformation}>
      <TenantTextField name="name" label={texts.name} required autoComplete="off" />
      <SubdomainField mode={mode} availability={availability} />
      <TenantTextField
        name="stateCode"
        label={texts.stateCode}
        required
        autoComplete="off"
        transform={(value) => value.toUpperCase()}
        slotProps={{ htmlInput: { maxLength: LIMITS.stateCodeLength, autoCapitalize: 'characters' } }}
      />
      <TenantTextField name="subscriptionStatus" label={texts.subscriptionStatus} select required>
        {SUBSCRIPTION_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {texts.subscriptionLabels[status]}
          </MenuItem>
        ))}
      </TenantTextField>
      <TenantTextField
        name="description"
        label={texts.description}
        multiline
        minRows={2}
        sx={FULL_ROW}
        slotProps={{ htmlInput: { maxLength: LIMITS.descriptionMax } }}
      />
    </FormSection>
  );
}
