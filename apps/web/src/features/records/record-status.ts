import { RECORD_STATUSES } from '@portal/contract/records';
import { RECORDS_TEXTS } from './records-texts.ts';

/** Which icon a status gets (SPEC §2): check for validated, cancel for rejected, help otherwise. */
export type StatusIconKind = 'validated' | 'rejected' | 'other';

const KNOWN: ReadonlySet<string> = new Set(RECORD_STATUSES);

/** 'PENDING_GRADE_VALIDATION' → 'Pending Grade Validation'. */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Title-cased label of a status the product knows; 'Unknown' for anything else. */
export function statusLabel(status: string | null | undefined): string {
  return status && KNOWN.has(status) ? titleCase(status) : RECORDS_TEXTS.unknownStatus;
}

export function statusIconKind(status: string | null | undefined): StatusIconKind {
  if (status === 'VALIDATED') return 'validated';
  if (status === 'REJECTED') return 'rejected';
  return 'other';
}
