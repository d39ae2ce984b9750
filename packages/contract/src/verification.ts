import { z } from 'zod';
import { AppealFiguresSchema } from './appeals.ts';

export const BULK_JOB_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export const ACTIVE_JOB_STATUSES: readonly string[] = ['PENDING', 'RUNNING'];

/** A bulk verification job (SPEC §3) with its progress. */
export const BulkJobSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  status: z.enum(BULK_JOB_STATUSES),
  statusMessage: z.string().nullable(),
  totalRecords: z.number(),
  processedRecords: z.number(),
  successfullyVerifiedRecords: z.number(),
  mismatchedRecords: z.number(),
  notFoundRecords: z.number(),
  /** Provider errors: those records stay for the next run (never counted as not found). */
  failedRecords: z.number(),
  progressPercent: z.number(),
  createdByEmail: z.string().nullable(),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

export const DashboardStatsSchema = z.object({
  totalUniqueRecords: z.number(),
  totalVerified: z.number(),
  totalValidated: z.number(),
  totalPendingApproval: z.number(),
  totalMismatched: z.number(),
  totalNotFound: z.number(),
  totalReviewers: z.number(),
  totalSelfServiceUsers: z.number(),
  totalAgentAccounts: z.number(),
  /** Records not verified yet (UPLOADED), for the funnel. */
  totalUploaded: z.number(),
  totalAwaitingRevalidation: z.number(),
  totalRejected: z.number(),
  /** Rejections and integrity confirmations awaiting a second approver (issue #22). */
  totalPendingSecondApproval: z.number(),
  /** No-shows of a verification exercise held off the payroll (issue #33). */
  totalSuspended: z.number(),
  /**
   * Verified records whose name matched closely (a missing middle name, a spelling variant…) and
   * that no other field sent to the mismatch queue (issue #20); the funnel's 'matched exactly' is
   * the verified records less these and the mismatched.
   */
  totalMatchedClosely: z.number(),
  /** Every appeal of the tenant: received, decided on time, by code, reinstated, arrears (issue #34). */
  appeals: AppealFiguresSchema,
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/**
 * A compared field's verdict (issue #20): MATCH (the same once case, accents and spacing are
 * set aside), CLOSE (the same person by a rule a reviewer can read in `reason`: a missing middle
 * name, a spelling variant, one letter…) or DIFFERENT. Only DIFFERENT sends a record to review.
 */
export const FIELD_VERDICTS = ['MATCH', 'CLOSE', 'DIFFERENT'] as const;
export type FieldVerdict = (typeof FIELD_VERDICTS)[number];

export const ComparisonRowSchema = z.object({
  field: z.string(),
  originalValue: z.string().nullable(),
  sotValue: z.string().nullable(),
  /** 0–1; 1 only when the two values are the same. */
  similarity: z.number().min(0).max(1),
  verdict: z.enum(FIELD_VERDICTS),
  /** Why CLOSE or DIFFERENT ("middle name missing; title ignored"), null when the values speak for themselves. */
  reason: z.string().nullable(),
  /** True only for DIFFERENT. */
  isMismatched: z.boolean(),
});
export type ComparisonRow = z.infer<typeof ComparisonRowSchema>;

export const VERIFICATION_MESSAGES = {
  jobActive: 'A bulk verification is already running for this tenant. Wait for it to finish.',
  jobsLoadFailed: 'Could not load job history.',
  started: 'Bulk verification job has been initiated.',
  startFailed: 'Failed to start bulk verification: ',
  noSotData: 'This record has not been found in the source of truth yet.',
  allVerified: 'All records are already verified',
  noRecords: 'There are no records to verify yet. Upload a master list first.',
} as const;

/** The account check's words (issue #36 item 3): its start's refusals. */
export const ACCOUNT_CHECK_MESSAGES = {
  jobActive: 'An account check is already running for this tenant. Wait for it to finish.',
  noAccounts:
    'There are no records with an account number at a bank the portal knows. Upload a master list first.',
} as const;

/** The fields a comparison names (compare.ts's field names), as people read them. */
export const COMPARED_FIELD_LABELS: Readonly<Record<string, string>> = {
  fullName: 'Name',
  dateOfBirth: 'Date of Birth',
  ministry: 'Ministry',
  department: 'Department',
  gradeLevel: 'Grade Level',
};

/** A compared field's label; a field without one reads as it is written. */
export const comparedFieldLabel = (field: string): string => COMPARED_FIELD_LABELS[field] ?? field;

/**
 * A record's outcome of a bulk verification in its history (issue #31 item 8): the audit entry's
 * note names the job, so the audit log tells which run; a mismatch's heading names its fields.
 */
export const VERIFICATION_HISTORY_TEXTS = {
  note: (jobId: string) => `Bulk verification ${jobId}`,
  mismatch: (fields: readonly string[]) =>
    fields.length === 0 ? 'Mismatch' : `Mismatch: ${fields.map(comparedFieldLabel).join(', ')}`,
} as const;
