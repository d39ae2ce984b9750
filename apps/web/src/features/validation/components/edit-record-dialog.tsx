import { useId, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import type { MasterRecord, RecordListItem } from '@portal/contract/records';
import { DialogButtons } from '../../../components/dialog-buttons.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/error-message.ts';
import { useRecord } from '../api/get-record.ts';
import { useEditRecord } from '../api/record-decisions.ts';
import { useQueueToasts } from '../hooks/use-queue-toasts.ts';
import { VALIDATION_TEXTS } from '../validation-texts.ts';
import { dialogPaper } from './record-dialog-paper.ts';
import { SalaryGradeField, salaryGradeChange, salaryGradeError } from './salary-grade-field.tsx';
import {
  PayrollFields,
  payrollEdit,
  payrollInvalid,
  payrollValuesOf,
  type PayrollField,
  type PayrollValues,
} from './payroll-fields.tsx';

const texts = VALIDATION_TEXTS.edit;

type Field = 'fullName' | 'gradeLevel' | 'department' | 'ministry' | 'salaryStructure';
const FIELDS: readonly Field[] = ['fullName', 'gradeLevel', 'department', 'ministry', 'salaryStructure'];
const REQUIRED: Partial<Record<Field, string>> = {
  fullName: texts.fullNameRequired,
  department: texts.departmentRequired,
};

export interface EditRecordDialogProps {
  /** The queue's row: its identity and bank numbers are masked, so the form loads the record. */
  record: RecordListItem;
  /** Known names, offered as suggestions (the server accepts an existing name only). */
  ministries: readonly string[];
  departments: readonly string[];
  onClose: () => void;
}

/**
 * 'Edit Record' (SPEC §2, 600 px): subtitle the record's full name; Save Changes stays disabled
 * while Full Name or Department is blank. The date of birth is not on the form and is kept. The
 * Salary Grade ID follows the grade (issue #17): changing the grade proposes the id of the new
 * grade, and an id that names another grade keeps Save Changes disabled. The payroll columns
 * (issue #21) follow, checked as the server checks them.
 */
export function EditRecordDialog({ record, ...props }: EditRecordDialogProps) {
  // Issue #31 item 3: the form opens with the full values of the audited one-record view, never
  // with the list's masks (a mask saved back would overwrite the number).
  const full = useRecord(record.id);
  if (full.data) return <EditRecordForm record={full.data} {...props} />;
  return (
    <Dialog open onClose={props.onClose} aria-label={texts.title} slotProps={dialogPaper(600)}>
      <DialogTitle sx={{ pb: 0.5 }}>{texts.title}</DialogTitle>
      <Typography sx={{ px: 3, color: 'text.secondary' }}>{record.fullName}</Typography>
      <DialogContent>
        {full.isError ? (
          <Alert severity="error">{errorMessage(full.error, texts.loadFailed)}</Alert>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', py: 2 }}>
            <CircularProgress size={24} />
            <Typography>{texts.loading}</Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogButtons
        onCancel={props.onClose}
        labels={[texts.cancel, texts.save, texts.saving]}
        busy={false}
        confirm={{ disabled: true }}
      />
    </Dialog>
  );
}

function EditRecordForm({
  record,
  ministries,
  departments,
  onClose,
}: Omit<EditRecordDialogProps, 'record'> & { record: MasterRecord }) {
  const titleId = useId();
  const subtitleId = useId();
  const toast = useQueueToasts();
  const edit = useEditRecord();
  const [values, setValues] = useState<Record<Field, string>>(() => ({
    fullName: record.fullName,
    gradeLevel: record.gradeLevel ?? '',
    department: record.department ?? '',
    ministry: record.ministry ?? '',
    salaryStructure: record.salaryStructure ?? '',
  }));
  const [payroll, setPayroll] = useState<PayrollValues>(() => payrollValuesOf(record));
  const [salaryGradeId, setSalaryGradeId] = useState(record.salaryGradeId ?? '');
  const [salaryGradeTouched, setSalaryGradeTouched] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const saving = edit.isPending;

  const errorOf = (field: Field) => {
    if (REQUIRED[field] && !values[field].trim()) return REQUIRED[field];
    return serverErrors[field];
  };
  const grade = values.gradeLevel.trim() || null;
  const change = salaryGradeChange(record, grade);
  const salaryGradeProblem =
    salaryGradeError(grade, salaryGradeId, change.needed ? change : null) || serverErrors.salaryGradeId || '';
  const invalid =
    FIELDS.some((field) => REQUIRED[field] && !values[field].trim()) ||
    Boolean(salaryGradeError(grade, salaryGradeId, null)) ||
    payrollInvalid(payroll);

  const setPayrollField = (field: PayrollField, value: string) => {
    setPayroll((prev) => ({ ...prev, [field]: value }));
    setServerErrors((prev) => ({ ...prev, [field]: '' }));
  };

  const set = (field: Field, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setServerErrors((prev) => ({ ...prev, [field]: '' }));
    // A new grade proposes its salary grade id, until the reviewer types one of their own.
    if (field === 'gradeLevel' && !salaryGradeTouched && record.salaryGradeId)
      setSalaryGradeId(salaryGradeChange(record, value.trim() || null).suggested ?? record.salaryGradeId);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (invalid || saving) return;
    edit.mutate(
      {
        id: record.id,
        edit: {
          fullName: values.fullName,
          gradeLevel: values.gradeLevel,
          department: values.department,
          ministry: values.ministry,
          salaryStructure: values.salaryStructure,
          salaryGradeId,
          dateOfBirth: record.dateOfBirth,
          ...payrollEdit(payroll),
          version: record.version,
        },
      },
      {
        onSuccess: () => {
          toast.success(VALIDATION_TEXTS.toasts.updated);
          onClose();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setServerErrors(fields);
          toast.error(VALIDATION_TEXTS.toasts.saveFailed(errorMessage(error, '')));
          // Someone else changed the record: the form holds stale values, so it closes.
          if (Object.keys(fields).length === 0) onClose();
        },
      },
    );
  };

  const text = (field: Field, autoFocus = false) => {
    const error = touched[field] || serverErrors[field] ? errorOf(field) : undefined;
    return (
      <TextField
        key={field}
        name={field}
        label={texts[field]}
        value={values[field]}
        required={Boolean(REQUIRED[field])}
        autoFocus={autoFocus}
        disabled={saving}
        error={Boolean(error)}
        helperText={error || undefined}
        onChange={(event) => set(field, event.target.value)}
        onBlur={() => setTouched((prev) => ({ ...prev, [field]: true }))}
        fullWidth
      />
    );
  };

  const suggest = (field: 'department' | 'ministry', options: readonly string[]) => {
    const error = touched[field] || serverErrors[field] ? errorOf(field) : undefined;
    return (
      <Autocomplete
        key={field}
        freeSolo
        options={options}
        inputValue={values[field]}
        onInputChange={(_event, value) => set(field, value)}
        disabled={saving}
        renderInput={(params) => (
          <TextField
            {...params}
            name={field}
            label={texts[field]}
            required={Boolean(REQUIRED[field])}
            error={Boolean(error)}
            helperText={error || undefined}
            onBlur={() => setTouched((prev) => ({ ...prev, [field]: true }))}
          />
        )}
      />
    );
  };

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={subtitleId}
      slotProps={dialogPaper(600)}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
          {texts.title}
        </DialogTitle>
        <Typography id={subtitleId} sx={{ px: 3, color: 'text.secondary' }}>
          {record.fullName}
        </Typography>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {text('fullName', true)}
            {text('gradeLevel')}
            <SalaryGradeField
              value={salaryGradeId}
              onChange={(value) => {
                setSalaryGradeTouched(true);
                setSalaryGradeId(value);
                setServerErrors((prev) => ({ ...prev, salaryGradeId: '' }));
              }}
              error={salaryGradeProblem}
              disabled={saving}
            />
            {suggest('department', departments)}
            {suggest('ministry', ministries)}
            {text('salaryStructure')}
            <PayrollFields
              values={payroll}
              serverErrors={serverErrors}
              disabled={saving}
              onChange={setPayrollField}
            />
          </Stack>
        </DialogContent>
        <DialogButtons
          busy={saving}
          onCancel={onClose}
          labels={[texts.cancel, texts.save, texts.saving]}
          confirm={{ disabled: invalid }}
        />
      </form>
    </Dialog>
  );
}
