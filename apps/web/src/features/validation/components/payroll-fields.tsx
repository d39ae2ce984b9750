import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { MasterRecord } from '@portal/contract/records';
import {
  BVN,
  digitsOf,
  nairaText,
  nairaToKobo,
  NUBAN,
  parseNairaToKobo,
  PAYROLL_MESSAGES,
} from '@portal/contract/payroll';
import { formatNaira } from '../../../lib/format.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';

const texts = VALIDATION_TEXTS.edit.payroll;

export type PayrollField = 'dateOfFirstAppointment' | 'bank' | 'accountNumber' | 'bvn' | 'monthlyGrossPay';
export type PayrollValues = Record<PayrollField, string>;
const FIELDS: readonly PayrollField[] = [
  'dateOfFirstAppointment',
  'bank',
  'accountNumber',
  'bvn',
  'monthlyGrossPay',
];

/** The record's payroll columns as the form's text values (pay as '1234567.50'). */
export function payrollValuesOf(record: MasterRecord): PayrollValues {
  return {
    dateOfFirstAppointment: record.dateOfFirstAppointment ?? '',
    bank: record.bank ?? '',
    accountNumber: record.accountNumber ?? '',
    bvn: record.bvn ?? '',
    monthlyGrossPay: record.monthlyGrossPay === null ? '' : nairaText(nairaToKobo(record.monthlyGrossPay)),
  };
}

/** The contract's rule for each field, as the server applies it; '' when acceptable or blank. */
export function payrollError(field: PayrollField, value: string): string {
  const v = value.trim();
  if (!v) return '';
  if (field === 'accountNumber' && !NUBAN.test(digitsOf(v))) return PAYROLL_MESSAGES.accountNumber;
  if (field === 'bvn' && !BVN.test(digitsOf(v))) return PAYROLL_MESSAGES.bvn;
  if (field === 'monthlyGrossPay') {
    const parsed = parseNairaToKobo(v);
    if ('error' in parsed) return parsed.error;
  }
  return '';
}

export const payrollInvalid = (values: PayrollValues) => FIELDS.some((f) => payrollError(f, values[f]));

/** What the edit sends: every payroll field, a blank one as null (it clears the value). */
export function payrollEdit(values: PayrollValues) {
  const orNull = (v: string) => v.trim() || null;
  return {
    dateOfFirstAppointment: orNull(values.dateOfFirstAppointment),
    bank: orNull(values.bank),
    accountNumber: orNull(values.accountNumber),
    bvn: orNull(values.bvn),
    monthlyGrossPay: orNull(values.monthlyGrossPay),
  };
}

export interface PayrollFieldsProps {
  values: PayrollValues;
  serverErrors: Record<string, string>;
  disabled: boolean;
  onChange: (field: PayrollField, value: string) => void;
}

/** The payroll columns of the Edit Record dialog (issue #21), below the SPEC's fields. */
export function PayrollFields({ values, serverErrors, disabled, onChange }: PayrollFieldsProps) {
  const field = (name: PayrollField, extra: { type?: string; inputMode?: 'numeric' | 'decimal' } = {}) => {
    const error = payrollError(name, values[name]) || serverErrors[name] || '';
    const pay =
      name === 'monthlyGrossPay' && !error && values[name].trim() ? parseNairaToKobo(values[name]) : null;
    const helper = error || (pay && 'kobo' in pay ? formatNaira(pay.kobo / 100) : texts.hints[name]);
    return (
      <TextField
        key={name}
        name={name}
        label={texts[name]}
        value={values[name]}
        type={extra.type}
        disabled={disabled}
        error={Boolean(error)}
        helperText={helper || undefined}
        onChange={(event) => onChange(name, event.target.value)}
        slotProps={{
          inputLabel: extra.type === 'date' ? { shrink: true } : undefined,
          htmlInput: extra.inputMode ? { inputMode: extra.inputMode } : undefined,
        }}
        fullWidth
      />
    );
  };
  return (
    <Stack spacing={2.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        {texts.legend}
      </Typography>
      {field('dateOfFirstAppointment', { type: 'date' })}
      {field('bank')}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('accountNumber', { inputMode: 'numeric' })}
        {field('bvn', { inputMode: 'numeric' })}
      </Stack>
      {field('monthlyGrossPay', { inputMode: 'decimal' })}
    </Stack>
  );
}
