import { z } from 'zod';
import { pageOf, PageQuerySchema, UploadRowErrorSchema } from './records.ts';

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
 * Each list as its routes' paths name it (`/hr-lists/nominal-roll/upload`): the upload routes'
 * spelling, which the history's `:kind` takes too.
 */
export const HR_LIST_PATHS = {
  SEPARATIONS: 'separations',
  NOMINAL_ROLL: 'nominal-roll',
  SALARY_TABLE: 'salary-table',
} as const satisfies Record<HrListKind, string>;
export type HrListPath = (typeof HR_LIST_PATHS)[HrListKind];

const KIND_OF_PATH = Object.fromEntries(HR_LIST_KINDS.map((kind) => [HR_LIST_PATHS[kind], kind])) as Record<
  HrListPath,
  HrListKind
>;

export const HR_LIST_MESSAGES = {
  unknownList: 'No such HR list: use separations, nominal-roll or salary-table',
} as const;

/** `:kind` of GET /hr-lists/:kind/uploads: a list's path spelling, read as its kind. */
export const HrListParamsSchema = z.object({
  kind: z
    .enum(Object.values(HR_LIST_PATHS) as [HrListPath, ...HrListPath[]], {
      error: HR_LIST_MESSAGES.unknownList,
    })
    .transform((path) => KIND_OF_PATH[path]),
});

/**
 * A list's history (each with a history of its uploads, issue #35): its accepted uploads, newest
 * first, a page at a time as the API's other paged lists. A refused file leaves no upload (its
 * transaction is rolled back), only its HR_LIST_UPLOAD_REJECTED entry in the audit log.
 */
export const HrListUploadsQuerySchema = PageQuerySchema;
export type HrListUploadsQuery = z.input<typeof HrListUploadsQuerySchema>;
export const HrListUploadsPageSchema = pageOf(HrListUploadSchema);
export type HrListUploadsPage = z.infer<typeof HrListUploadsPageSchema>;

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
