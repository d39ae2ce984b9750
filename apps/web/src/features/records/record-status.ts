import { formatRecordStatus } from '../../lib/format.ts';

export { titleCase } from '../../lib/format.ts';

/**
 * Which icon a status gets (SPEC §2): check for validated, cancel for rejected, help otherwise;
 * an hourglass for a decision awaiting its second approver (issue #22).
 */
export type StatusIconKind = 'validated' | 'rejected' | 'awaiting' | 'other';

/** Title-cased label of a status the product knows; 'Unknown' for anything else (as on every screen). */
export const statusLabel = formatRecordStatus;

export function statusIconKind(status: string | null | undefined): StatusIconKind {
  if (status === 'VALIDATED') return 'validated';
  if (status === 'REJECTED') return 'rejected';
  if (status === 'PENDING_SECOND_APPROVAL') return 'awaiting';
  return 'other';
}
