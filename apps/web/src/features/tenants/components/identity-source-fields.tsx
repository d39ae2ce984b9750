import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import type { SecretsSet } from '../utils/tenant-form-values.ts';
import { FULL_ROW } from '../../../components/titled-section.tsx';
import { FormSection } from './form-section.tsx';
import { SecretField } from './secret-field.tsx';
import { TenantTextField } from './tenant-text-field.tsx';
import { TestConnectionPanel } from './test-connection-panel.tsx';
import { useTestTenantConnection } from '../api/test-connection.ts';

const texts = UI_TEXTS.tenantForm;

export interface IdentitySourceFieldsProps {
  /** Edit mode: the tenant and which of its secrets are stored (all false without a config). */
  editing?: { tenantId: string; secretsSet: SecretsSet };
}

/** 'Identity Source Configuration': how the portal reaches the tenant's source of truth. */
export function IdentitySourceFields({ editing }: IdentitySourceFieldsProps) {
  // Creating, the keys are required; editing, blank keeps the stored ones (SPEC §5, contract).
  const keysRequired = editing === undefined;
  const test = useTestTenantConnection();
  return (
    <FormSection title={texts.identitySource}>
      <TenantTextField name="providerName" label={texts.providerName} required autoComplete="off" />
      <TenantTextField name="clientId" label={texts.clientId} required autoComplete="off" />
      <TenantTextField
        name="apiBaseUrl"
        label={texts.apiBaseUrl}
        required
        type="url"
        autoComplete="off"
        placeholder="https://"
      />
      <TenantTextField
        name="validationUrl"
        label={texts.validationUrl}
        type="url"
        autoComplete="off"
        placeholder="https://"
      />
      <SecretField
        name="clientSecretEncrypted"
        label={texts.clientSecret}
        required={false}
        stored={editing?.secretsSet.clientSecret}
        sx={FULL_ROW}
      />
      <SecretField
        name="aesKey"
        label={texts.aesKey}
        required={keysRequired}
        stored={editing?.secretsSet.aesKey}
      />
      <SecretField name="iv" label={texts.iv} required={keysRequired} stored={editing?.secretsSet.iv} />
      {editing && <TestConnectionPanel tenantId={editing.tenantId} test={test} />}
    </FormSection>
  );
}
