import type { AuditEntry } from '@portal/contract/validation';
import { VERIFICATION_HISTORY_TEXTS } from '@portal/contract/verification';
import { formatCalendarDate, formatCount, formatNaira, formatRecordStatus } from '../../../lib/format.ts';
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

/** An audit entry's fields that are not values before → after (the heading says them). */
const NOT_CHANGES = new Set(['mismatchedFields']);

/**
 * The heading of a history entry: its action's label; a bulk verification's mismatch names the
 * fields that differ ('Mismatch: Name, Date of Birth', issue #31 item 8).
 */
export function entryHeading(entry: Pick<AuditEntry, 'action' | 'after'>): string {
  const fields = entry.after?.mismatchedFields;
  if (entry.action === 'RECORD_VERIFIED_MISMATCH' && Array.isArray(fields))
    return VERIFICATION_HISTORY_TEXTS.mismatch(fields.map(String));
  return actionLabel(entry.action);
}

/** The fields an entry changed, each with its value before and after. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  return Object.keys({ ...entry.before, ...entry.after }).filter((f) => !NOT_CHANGES.has(f));
}

/**
 * A field's value as the screens show it (record history, mismatch comparison): a date of birth as
 * a date, a status by its label, pay in naira, numbers with separators; a dash for none.
 */
export function fieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return VALIDATION_TEXTS.noValue;
  if ((field === 'dateOfBirth' || field === 'dateOfFirstAppointment') && typeof value === 'string')
    return formatCalendarDate(value);
  // The history keeps pay in kobo (exact); it reads in naira.
  if (field === 'monthlyGrossKobo' && typeof value === 'number') return formatNaira(value / 100);
  if (field === 'status' && typeof value === 'string') return formatRecordStatus(value);
  if (typeof value === 'number') return formatCount(value);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
