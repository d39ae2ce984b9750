/**
 * The record statuses without zod: the field agent's page (issue #32) names a person's status and
 * loads no schema library. `records.ts` builds RecordStatusSchema on this list and re-exports it.
 */
export const RECORD_STATUSES = [
  'UPLOADED',
  'PENDING_GRADE_VALIDATION',
  'MISMATCHED',
  'NOT_FOUND',
  'VALIDATED',
  'REJECTED',
  'AWAITING_REVALIDATION',
  /** A rejection or an integrity confirmation awaiting a second approver (issue #22). */
  'PENDING_SECOND_APPROVAL',
  /**
   * A no-show of a verification exercise, held off the payroll, never deleted (issue #33 item 5);
   * appearing later sends the person to be verified again, then reviewed.
   */
  'SUSPENDED',
] as const;
