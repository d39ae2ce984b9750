import { z } from 'zod';
import { UploadRowErrorSchema } from './records.ts';

/**
 * The lists HR and the pay office keep beside the master list (issue #35), each uploaded by a
 * tenant admin through the master list's upload machinery. The lists' state names each of them,
 * its last upload null until the first.
 */
export const HR_LIST_KINDS = ['SEPARATIONS', 'NOMINAL_ROLL', 'SALARY_TABLE'] as const;
export const HrListKindSchema = z.enum(HR_LIST_KINDS);
export type HrListKind = z.infer<typeof HrListKindSchema>;

/** Why a person left the service, as the separations list says it. */
export const EXIT_REASONS = ['RETIRED', 'DECEASED', 'RESIGNED', 'DISMISSED', 'TRANSFERRED', 'OTHER'] as const;
export const ExitReasonSchema = z.enum(EXIT_REASONS);
export type ExitReason = z.infer<typeof ExitReasonSchema>;

export const EXIT_REASON_LABELS: Record<ExitReason, string> = {
  RETIRED: 'Retired',
  DECEASED: 'Deceased',
  RESIGNED: 'Resigned',
  DISMISSED: 'Dismissed',
  TRANSFERRED: 'Transferred',
  OTHER: 'Left (other reason)',
};

/**
 * What an accepted HR list upload did. All or nothing: a file with a bad row is refused whole with
 * 422 and its row errors in `details` (UploadRejectionSchema), so `errors` is only ever absent or
 * empty here; it is kept for the fixed answer shape.
 */
export const HrListUploadSummarySchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  errors: z.array(UploadRowErrorSchema).optional(),
});
export type HrListUploadSummary = z.infer<typeof HrListUploadSummarySchema>;

/** One upload of an HR list. */
export const HrListUploadSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** The nominal roll's 'as of' date (YYYY-MM-DD); null for the other lists. */
  asOf: z.string().nullable(),
  uploadedAt: z.string(),
  uploadedByEmail: z.string(),
});
export type HrListUpload = z.infer<typeof HrListUploadSchema>;

/**
 * A ministry's nominal roll (issue #35): the last upload that named the ministry replaced it. The
 * ministry is its name as that roll wrote it; `ministryId` the master list's ministry of that name
 * (trimmed, case and runs of spaces aside), null when the master list has none: its roll then
 * flags nobody.
 */
export const NominalRollMinistrySchema = z.object({
  ministry: z.string(),
  ministryId: z.string().nullable(),
  /** The roll's 'as of' date (YYYY-MM-DD). */
  asOf: z.string(),
  uploadId: z.string(),
  rows: z.number().int(),
  /**
   * People on this roll with no record on the payroll (none not removed from it, matched by PSN,
   * else NIN): an HR discrepancy, not a ghost. Counted by each integrity evaluation; null until the
   * first one after the upload.
   */
  notOnPayroll: z.number().int().nullable(),
});
export type NominalRollMinistry = z.infer<typeof NominalRollMinistrySchema>;

/** A list and its last upload (null when never uploaded). */
export const HrListStateSchema = z.object({
  kind: HrListKindSchema,
  lastUpload: HrListUploadSchema.nullable(),
  /** NOMINAL_ROLL only: each ministry's roll, by ministry name. */
  rolls: z.array(NominalRollMinistrySchema).optional(),
});
export type HrListState = z.infer<typeof HrListStateSchema>;

/** The nominal roll upload's optional multipart field `asOf` (issue #35). */
export const NOMINAL_ROLL_MESSAGES = {
  asOfInvalid: 'The "as of" date must be a date written YYYY-MM-DD.',
  asOfFuture: 'The "as of" date cannot be after today.',
} as const;

/** GET /hr-lists/nominal-roll/not-on-payroll.csv: the people on a roll with no record on the payroll. */
export const NOT_ON_PAYROLL_CSV_COLUMNS = [
  'Ministry',
  'Department',
  'PSN',
  'NIN',
  'Full Name',
  'Grade Level',
  'As Of',
] as const;
export const notOnPayrollFileName = (day: string) => `not-on-payroll-${day}.csv`;
