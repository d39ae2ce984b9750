import { z } from 'zod';

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
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

export const ComparisonRowSchema = z.object({
  field: z.string(),
  originalValue: z.string().nullable(),
  sotValue: z.string().nullable(),
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
