import { RECORD_STATUSES } from '@portal/contract/record-statuses';

/** A record status's label without the contract's schemas (the field agent's page, issue #32). */
const KNOWN_STATUSES: ReadonlySet<string> = new Set(RECORD_STATUSES);

/** 'PENDING_GRADE_VALIDATION' → 'Pending Grade Validation'. */
export function titleCase(value: string): string {
  return value
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The label of a record status (title-cased, SPEC §2); 'Unknown' for one the product does not know. */
export function formatRecordStatus(status: string | null | undefined): string {
  return status && KNOWN_STATUSES.has(status) ? titleCase(status) : 'Unknown';
}

/** `part` as a percentage of `total`, 0–100 (0 when there is no total). */
export function sharePercent(part: number, total: number): number {
  if (total <= 0 || part <= 0) return 0;
  return Math.min(100, (part / total) * 100);
}
