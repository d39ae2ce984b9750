import { z } from 'zod';
import { idSchema, requiredString } from './fields.ts';
import { PAGE_SIZES } from './limits.ts';
import {
  AccountNumberInputSchema,
  BvnInputSchema,
  MonthlyPayInputSchema,
  PAYROLL_MESSAGES,
} from './payroll.ts';
import { OTHER_REASON_CODE, reasonCodeField, REASON_CODE_MESSAGES } from './decisions.ts';
import { RemovedMatchSchema } from './integrity.ts';
import { pageOf, PageQuerySchema, RecordListItemSchema, RecordsQuerySchema } from './records.ts';

export const QueueQuerySchema = PageQuerySchema.extend({
  ministry: RecordsQuerySchema.shape.ministry,
  department: RecordsQuerySchema.shape.department,
  grade: RecordsQuerySchema.shape.grade,
  q: RecordsQuerySchema.shape.q,
});
export type QueueQuery = z.input<typeof QueueQuerySchema>;

/** A queue page, with both tabs' counts (same filters) for the badges. */
export const QueuePageSchema = pageOf(RecordListItemSchema).extend({
  counts: z.object({ pendingApproval: z.number(), mismatched: z.number() }),
  /** Per record of the page, why its close fields were forgiven ('middle name missing'): the chips. */
  closeReasons: z.record(z.string(), z.array(z.string())),
  /**
   * Per record of the page held out of the payroll (issue #30): the removed records it shares an
   * identity with, while the flag SHARES_REMOVED_IDENTITY is not dismissed; approve and resolve
   * refuse it (409). Records not held are absent.
   */
  held: z.record(
    z.string(),
    z.object({ removed: z.array(RemovedMatchSchema), flagId: z.string().nullable() }),
  ),
});
export type QueuePage = z.infer<typeof QueuePageSchema>;

export const VALIDATION_MESSAGES = {
  reasonRequired: 'A reason is required to reject a record',
  fullNameRequired: 'Full name is required',
  departmentRequired: 'Department is required',
  unknownMinistry: 'No ministry of this tenant has that name',
  unknownDepartment: 'No department of this tenant has that name',
  invalidDate: 'Date of birth must be a valid date (YYYY-MM-DD)',
  stale:
    'This record was changed by someone else since you opened it. The queue has been refreshed; please review it again.',
  notMismatched: 'Only a mismatched record can be resolved.',
  notReviewable: 'This record is no longer awaiting a decision.',
  noSotData: 'This record has no source-of-truth data to accept.',
  outOfScope: 'This change would move the record out of your assignments.',
  approved: 'Record approved successfully!',
  approveFailed: 'Failed to approve record',
  rejected: 'Record rejected successfully!',
  rejectFailed: 'Failed to reject record',
  resolved: 'Record resolved and validated successfully!',
  resolveFailed: 'Failed to resolve record.',
  loadFailed: 'Failed to load queue',
  approvedNote: 'Approved by reviewer.',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

/**
 * A YYYY-MM-DD day that exists (not 1980-02-30, which Date.parse rolls over to March), in the years
 * an uploaded date of birth may have (1900–2100).
 */
export function isCalendarDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1900 && y <= 2100 && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** PUT /records/{id}: fullName and department required (SPEC §5); ministry and department by name. */
export const RecordEditSchema = z.object({
  // requiredString: a schema-wide message would also answer a too-long name with "... is required".
  fullName: requiredString(VALIDATION_MESSAGES.fullNameRequired)
    .trim()
    .min(1, VALIDATION_MESSAGES.fullNameRequired)
    .max(300, 'Cannot exceed 300 characters'),
  department: requiredString(VALIDATION_MESSAGES.departmentRequired)
    .trim()
    .min(1, VALIDATION_MESSAGES.departmentRequired)
    .max(300, 'Cannot exceed 300 characters'),
  ministry: optionalText(300),
  gradeLevel: optionalText(50),
  /**
   * Left out: kept as it is. Required (by the server) when the grade changes and the record has
   * one, so that no record keeps the salary grade id of its old grade (issue #17).
   */
  salaryGradeId: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  salaryStructure: optionalText(100),
  dateOfBirth: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || isCalendarDate(v), VALIDATION_MESSAGES.invalidDate),
  // The payroll columns (issue #21): each left out is kept as it is; null or blank clears it.
  dateOfFirstAppointment: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || isCalendarDate(v), PAYROLL_MESSAGES.firstAppointmentIso),
  bank: z
    .string()
    .trim()
    .max(100, 'Cannot exceed 100 characters')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null)),
  accountNumber: AccountNumberInputSchema,
  bvn: BvnInputSchema,
  /** Naira, as a number or as written ('₦250,000.50'); becomes kobo. */
  monthlyGrossPay: MonthlyPayInputSchema,
  /** The version the editor saw; a different current version is a 409. */
  version: z.number().int().optional(),
});
export type RecordEdit = z.input<typeof RecordEditSchema>;

/**
 * {decision, comments} (SPEC §3), or the tenant queue's second reading {status, note}; both
 * become {decision, comments, reasonCode}. A reject needs a non-blank reason and a reason code
 * (issue #22; the server checks it is one of the tenant's active codes). SPEC's own call,
 * {decision: 'REJECT', comments} without a code, is recorded as OTHER with the comments as its note
 * (issue #31 item 6: OTHER can never be retired).
 */
export const ValidationDecisionSchema = z
  .union([
    z.object({
      decision: z.enum(['APPROVE', 'REJECT']),
      comments: z.string().max(2000).nullish(),
      reasonCode: reasonCodeField,
      version: z.number().int().optional(),
    }),
    z.object({
      status: z.enum(['VALIDATED', 'REJECTED']),
      note: z.string().max(2000).nullish(),
      reasonCode: reasonCodeField,
      version: z.number().int().optional(),
    }),
  ])
  .transform((d) =>
    'decision' in d
      ? {
          decision: d.decision,
          comments: d.comments?.trim() ?? '',
          reasonCode: d.reasonCode ?? (d.decision === 'REJECT' ? OTHER_REASON_CODE : null),
          version: d.version,
        }
      : {
          decision: d.status === 'VALIDATED' ? ('APPROVE' as const) : ('REJECT' as const),
          comments: d.note?.trim() ?? '',
          reasonCode: d.reasonCode,
          version: d.version,
        },
  )
  .refine((d) => d.decision === 'APPROVE' || d.comments.length > 0, {
    message: VALIDATION_MESSAGES.reasonRequired,
    path: ['comments'],
  })
  .refine((d) => d.decision === 'APPROVE' || d.reasonCode !== null, {
    message: REASON_CODE_MESSAGES.required,
    path: ['reasonCode'],
  });
export type ValidationDecision = z.input<typeof ValidationDecisionSchema>;

/**
 * Accepting the source of truth's data. When that changes the grade of a record that has a salary
 * grade id, `salaryGradeId` (the id for the new grade) is required: else the record stays in the queue.
 */
export const ResolveMismatchSchema = z
  .object({
    version: z.number().int().optional(),
    salaryGradeId: z.string().trim().min(1).max(100).optional(),
  })
  .nullish();
export type ResolveMismatch = z.input<typeof ResolveMismatchSchema>;

/** At most one page of the pending queue at once (issue #17: 'Approve selected'). */
export const MAX_BULK_APPROVE = Math.max(...PAGE_SIZES.queues);

/**
 * POST /records/bulk-approve: the selected records of the pending queue, each with the version the
 * queue showed. Each is approved as if alone (its own checks, transaction and audit event).
 */
export const BulkApproveSchema = z.object({
  records: z
    .array(z.object({ id: idSchema('Record not found'), version: z.number().int() }))
    .min(1, 'Select at least one record')
    .max(MAX_BULK_APPROVE, `Cannot exceed ${MAX_BULK_APPROVE} records`),
  comments: z.string().max(2000).nullish(),
});
export type BulkApprove = z.input<typeof BulkApproveSchema>;

/** What became of each selected record: approved, or refused with the reason a single approve gives. */
export const BulkApproveResultSchema = z.object({
  approved: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), message: z.string() })),
});
export type BulkApproveResult = z.infer<typeof BulkApproveResultSchema>;

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actorEmail: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);
