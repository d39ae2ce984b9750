import Typography from '@mui/material/Typography';
import { FULL_ROW } from '../../../components/titled-section.tsx';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { useTestAccountProvider } from '../api/test-connection.ts';
import { FormSection } from './form-section.tsx';
import { SecretField } from './secret-field.tsx';
import { TenantTextField } from './tenant-text-field.tsx';
import { TestConnectionPanel } from './test-connection-panel.tsx';

const texts = UI_TEXTS.tenantForm;

export interface AccountProviderFieldsProps {
  /** Edit mode: the tenant and whether its provider's secret is stored. */
  editing?: { tenantId: string; secretSet: boolean };
}

/**
 * 'Account name provider' (issue #36): where the portal asks which name a bank account is held in.
 * Optional: all blank, the tenant has none; the secret is write-only, as the identity provider's.
 */
export function AccountProviderFields({ editing }: AccountProviderFieldsProps) {
  const test = useTestAccountProvider();
  return (
    <FormSection title={texts.accountProvider}>
      <Typography variant="body2" sx={{ ...FULL_ROW, color: 'text.secondary' }}>
        {texts.accountProviderHint}
      </Typography>
      <TenantTextField
        name="accountProvider.apiBaseUrl"
        label={texts.accountProviderUrl}
        type="url"
        autoComplete="off"
        placeholder="https://"
      />
      <TenantTextField
        name="accountProvider.clientId"
        label={texts.accountProviderClientId}
        autoComplete="off"
      />
      <SecretField
        name="accountProvider.clientSecret"
        label={texts.accountProviderSecret}
        required={false}
        stored={editing?.secretSet}
        sx={FULL_ROW}
      />
      {editing && (
        <TestConnectionPanel tenantId={editing.tenantId} test={test} label={texts.testAccountProvider} />
      )}
    </FormSection>
  );
}
