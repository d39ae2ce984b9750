import { VALIDATION_TEXTS } from '../validation-texts.ts';

/** 'gradeLevel' → 'Grade Level': the known labels, else the camelCase words title-cased. */
export function fieldLabel(field: string): string {
  return (
    VALIDATION_TEXTS.fields[field] ??
    field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
  );
}

/** 'RECORD_REVERIFIED' → 'Record Reverified', for audit actions without a label of their own. */
export function actionLabel(action: string): string {
  return (
    VALIDATION_TEXTS.auditActions[action] ??
    action
      .toLowerCase()
      .split('_')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ')
  );
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Nov 21, 2026, 3:05 AM'; a dash when unreadable. */
export function formatEventTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? VALIDATION_TEXTS.noValue : dateTime.format(date);
}

/** A value of the audit trail as text: a dash for none. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return VALIDATION_TEXTS.noValue;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
