import TextField from '@mui/material/TextField';
import {
  deriveSalaryGradeId,
  salaryGradeDisagrees,
  SALARY_GRADE_MESSAGES as SG,
  sameGrade,
} from '@portal/contract/salary-grade';

/**
 * What a record's salary grade id must be with grade `grade` (the contract's rule, as the server
 * applies it): `needed` when the grade moves away from the record's and the record has an id;
 * `suggested` the id for the new grade (structure and step kept) when it can be derived.
 */
export function salaryGradeChange(
  record: { gradeLevel: string | null; salaryGradeId: string | null },
  grade: string | null,
) {
  const moves = !sameGrade(record.gradeLevel, grade);
  return {
    needed: Boolean(record.salaryGradeId) && (moves || salaryGradeDisagrees(grade, record.salaryGradeId)),
    suggested: deriveSalaryGradeId(record.salaryGradeId, grade),
    from: record.gradeLevel ?? '—',
  };
}

/** The message for `value` as the salary grade id of `grade`; '' when it is acceptable. */
export function salaryGradeError(
  grade: string | null,
  value: string,
  required: { from: string } | null,
): string {
  if (required && !value.trim()) return SG.required(required.from, grade ?? '—');
  if (salaryGradeDisagrees(grade, value)) return SG.disagrees(value.trim(), grade ?? '');
  return '';
}

export interface SalaryGradeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string;
  label?: string;
  disabled?: boolean;
  required?: boolean;
  helperText?: string;
}

/** The Salary Grade ID input of the edit and resolve dialogs. */
export function SalaryGradeField({
  value,
  onChange,
  error,
  label = SG.label,
  disabled,
  required,
  helperText,
}: SalaryGradeFieldProps) {
  return (
    <TextField
      name="salaryGradeId"
      label={label}
      value={value}
      required={required}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error || helperText}
      onChange={(event) => onChange(event.target.value)}
      fullWidth
    />
  );
}
