import { BULK_LEGAL_BASIS } from '@portal/contract/tenants';
import { UI_TEXTS } from '../../../lib/ui-texts.ts';
import { FormSection } from './form-section.tsx';
import { TenantTextField } from './tenant-text-field.tsx';

const texts = UI_TEXTS.tenantForm;

/**
 * 'Legal Basis for Bulk Verification' (issue #22): the text the tenant admin reads on the Bulk
 * Verification tab. Optional: left empty, the default (shown as the placeholder) is what they read.
 */
export function LegalBasisField() {
  return (
    <FormSection title={texts.legalBasisSection}>
      <TenantTextField
        name="legalBasis"
        label={texts.legalBasis}
        placeholder={BULK_LEGAL_BASIS.default}
        hint={texts.legalBasisHint}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { maxLength: BULK_LEGAL_BASIS.max } }}
        sx={{ gridColumn: '1 / -1' }}
      />
    </FormSection>
  );
}
