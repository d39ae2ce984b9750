import { z } from 'zod';
import { idSchema } from './fields.ts';
import { pageOf, PageQuerySchema } from './records.ts';

/**
 * Defensible decisions (issue #22): the reasons a record is rejected (and an integrity flag
 * confirmed), and the second approver (four-eyes) of what takes pay away or sends the payroll out.
 */

/** The reason codes every tenant starts with; a tenant adds its own and retires any but OTHER. */
export const DEFAULT_REASON_CODES = [
  { code: 'NOT_ON_NOMINAL_ROLL', label: 'Not on the nominal roll', needsNote: false },
  { code: 'DECEASED', label: 'Deceased', needsNote: false },
  { code: 'RETIRED', label: 'Retired', needsNote: false },
  { code: 'DUPLICATE_RECORD', label: 'Duplicate record', needsNote: false },
  { code: 'ABSCONDED', label: 'Absconded', needsNote: false },
  { code: 'IDENTITY_NOT_ESTABLISHED', label: 'Identity not established', needsNote: false },
  { code: 'FAKE_APPOINTMENT', label: 'Fake appointment', needsNote: false },
  { code: 'OTHER', label: 'Other (say why in the note)', needsNote: true },
] as const satisfies readonly { code: string; label: string; needsNote: boolean }[];
/**
 * Reason codes the portal itself gives (issue #33): a no-show's suspension. No reviewer picks
 * them; the tenant's labels, the audit trail and the export approval name them with these words.
 */
export const SYSTEM_REASON_LABELS = {
  NO_SHOW: 'Did not appear in a verification exercise',
} as const;
export type DefaultReasonCode = (typeof DEFAULT_REASON_CODES)[number]['code'];

/** The code that can never be retired: a reviewer can always say why in words. */
export const OTHER_REASON_CODE = 'OTHER';

/** A code: capitals, digits and underscores, starting with a letter (e.g. ON_SECONDMENT). */
export const REASON_CODE_PATTERN = /^[A-Z][A-Z0-9_]{1,39}$/;

export const REASON_CODE_MESSAGES = {
  required: 'A reason code is required to reject a record',
  unknown: (code: string) => `Unknown reason code: ${code}. Choose one of the tenant's active reason codes.`,
  retired: (code: string) => `The reason code ${code} has been retired. Choose an active reason code.`,
  noteRequired: (label: string) => `Say why in the note: the reason '${label}' needs a note.`,
  codeFormat:
    'A code is 2 to 40 capital letters, digits or underscores, starting with a letter (e.g. ON_SECONDMENT)',
  labelRequired: 'A label is required',
  exists: (code: string) => `The reason code ${code} already exists.`,
  otherCannotRetire: 'OTHER cannot be retired: a reviewer can always say why in the note.',
  alreadyRetired: (code: string) => `The reason code ${code} is already retired.`,
  notFound: 'Reason code not found',
  added: 'Reason code added.',
  retiredDone: 'Reason code retired.',
} as const;

/** A reason code as the tenant has it. */
export const ReasonCodeSchema = z.object({
  code: z.string(),
  label: z.string(),
  needsNote: z.boolean(),
  /** One of DEFAULT_REASON_CODES (false: the tenant added it). */
  isDefault: z.boolean(),
  /** Retired codes are kept for the records that carry them but no longer offered. */
  active: z.boolean(),
  createdByEmail: z.string().nullable(),
  retiredAt: z.string().nullable(),
  retiredByEmail: z.string().nullable(),
  /**
   * The tenant's records now REJECTED with this code (the report by reason); for a reviewer, those
   * of their assignments.
   */
  rejectedRecords: z.number(),
});
export type ReasonCode = z.infer<typeof ReasonCodeSchema>;

/** GET /tenant-admin/reason-codes: active codes first (defaults in their order), then retired. */
export const ReasonCodesSchema = z.object({
  items: z.array(ReasonCodeSchema),
  /** REJECTED records of the caller's reach without a reason code (rejected before issue #22). */
  rejectedWithoutCode: z.number(),
});
export type ReasonCodes = z.infer<typeof ReasonCodesSchema>;

/** POST /tenant-admin/reason-codes. */
export const ReasonCodeCreateSchema = z.strictObject({
  code: z
    .string({ error: REASON_CODE_MESSAGES.codeFormat })
    .trim()
    .transform((c) => c.toUpperCase())
    .pipe(z.string().regex(REASON_CODE_PATTERN, REASON_CODE_MESSAGES.codeFormat)),
  label: z
    .string({ error: REASON_CODE_MESSAGES.labelRequired })
    .trim()
    .min(1, REASON_CODE_MESSAGES.labelRequired)
    .max(100, 'Cannot exceed 100 characters'),
  needsNote: z.boolean({ error: 'needsNote must be true or false' }).default(false),
});
export type ReasonCodeCreate = z.input<typeof ReasonCodeCreateSchema>;

export const ReasonCodeParamsSchema = z.object({
  code: z
    .string()
    .max(40)
    .transform((c) => c.toUpperCase()),
});

/** A reason code field of a decision: the server checks it against the tenant's active codes. */
export const reasonCodeField = z
  .string()
  .trim()
  .max(40)
  .transform((c) => c.toUpperCase())
  .nullish()
  .transform((c) => c || null);

// ---------------------------------------------------------------------------------------------
// Four-eyes

export const APPROVAL_KINDS = [
  'REJECTION',
  'INTEGRITY_CONFIRM',
  'EXPORT',
  // Issue #30: a new tenant admin, and a change of the settings, wait for a second approver too.
  'ADMIN_GRANT',
  'SETTINGS_CHANGE',
  /** An upload changed the identity of a record in the payroll: its re-verification (issue #30). */
  'REVALIDATION',
  /** Issue #30: a dismissal of SHARES_REMOVED_IDENTITY puts a person back on the path to the payroll. */
  'FLAG_DISMISSAL',
  /** Issue #33: excusing a person from a verification exercise keeps them off its no-show list. */
  'EXCUSAL',
  /** Issue #33: suspending an exercise's no-shows holds their pay. */
  'NO_SHOW_SUSPENSION',
  /** Issue #34: an upheld appeal puts a person back on the path to the payroll. */
  'APPEAL_REINSTATEMENT',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'WITHDRAWN'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  REJECTION: 'Rejection of a record',
  INTEGRITY_CONFIRM: 'Integrity flag confirmed',
  EXPORT: 'Payroll export',
  ADMIN_GRANT: 'New tenant admin',
  SETTINGS_CHANGE: 'Settings change',
  REVALIDATION: 'Re-verification after an upload',
  FLAG_DISMISSAL: 'Integrity flag dismissed (identity of a removed record)',
  EXCUSAL: 'Excusal from a verification exercise',
  NO_SHOW_SUSPENSION: "Suspension of a verification exercise's no-shows",
  APPEAL_REINSTATEMENT: 'Reinstatement on appeal',
};

export const APPROVAL_MESSAGES = {
  notFound: 'Approval not found',
  /** 403: the maker is never the checker, whatever their role. */
  ownAction:
    'You cannot approve or decline your own action: a different tenant admin must check it (second approver).',
  /** 403: only a tenant admin checks. */
  checkerRole: 'Only a tenant admin can approve or decline an action awaiting a second approver.',
  notMaker: 'Only the person who took this action can withdraw it.',
  /** 403 (issue #30): accounts created by the same tenant admin never check each other. */
  sameCreator:
    'You cannot approve or decline this action: your account and the account that took it were created by the same tenant admin (or one created the other). A tenant admin created by someone else, or by the global admin, must check it.',
  /** 409 (issue #30): the settings changed between the request and its approval. */
  settingsChanged:
    'The settings have changed since this change was requested, so it cannot be approved. Decline it, and request the change again on the settings as they are now.',
  /** 409 (issue #30): the account waiting for the tenant admin role is gone or no longer waits. */
  accountGone: 'The account waiting for the tenant admin role no longer waits for it. Decline this request.',
  notPending: 'This approval has already been approved, declined or withdrawn.',
  recordChanged:
    'The record has changed since this action was taken, so it cannot be approved. Decline it, and the decision can be taken again on the record as it is now.',
  exportSuperseded:
    'The payroll has changed since this export was generated (a newer export was approved). Decline it and generate a new export.',
  noteRequired: 'Say why you decline in the note',
  recordPending:
    'This record is awaiting a second approver: it cannot be changed until a tenant admin approves or declines the decision, or its maker withdraws it.',
  exportAwaiting:
    'This export is awaiting approval: it can be downloaded once a different tenant admin approves it.',
  requested: 'Sent for a second approver.',
  approved: 'Approved.',
  declined: 'Declined: the record is back in its queue.',
  withdrawn: 'Withdrawn.',
  /** 409: a FLAG_DISMISSAL whose flag was decided, or whose evidence changed, since. */
  flagChanged:
    'The integrity flag has changed since it was dismissed (new evidence, or decided otherwise), so the dismissal cannot be approved. Decline it, and the flag can be decided again as it is now.',
  /** 409: a record with a decision awaiting a second approver takes no other. */
  recordHasPending:
    'A decision on this record is already awaiting a second approver: it cannot take another until a tenant admin approves or declines it, or its maker withdraws it.',
  /** The reason when a removed record is no longer in the master list. */
  deletedFromMasterList: 'deleted from the master list',
  /** 409: an upload's identity change (issue #30) is approved or declined by another admin, never withdrawn. */
  revalidationNotWithdrawn:
    "An upload's change of identity cannot be withdrawn: a different tenant admin approves the re-verification or declines it.",
} as const;

export const ApprovalsQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(APPROVAL_STATUSES, { error: `Unknown status: use one of ${APPROVAL_STATUSES.join(', ')}` })
    .default('PENDING'),
  kind: z.enum(APPROVAL_KINDS, { error: `Unknown kind: use one of ${APPROVAL_KINDS.join(', ')}` }).optional(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ApprovalsQuery = z.input<typeof ApprovalsQuerySchema>;

/** Records removed since the previous approved export, by why (reason label, status, or deleted). */
export const RemovedByReasonSchema = z.object({
  /** The reason code, else the record's status, else DELETED. */
  reason: z.string(),
  label: z.string(),
  count: z.number(),
});

/** What the approver of an export sees (issue #22). */
export const ExportApprovalDetailsSchema = z.object({
  recordCount: z.number(),
  sizeBytes: z.number(),
  sha256: z.string().nullable(),
  /** The last approved (COMPLETED) export, null when this is the first. */
  previousExportId: z.string().nullable(),
  previousRecordCount: z.number().nullable(),
  added: z.number(),
  removed: z.number(),
  removedByReason: z.array(RemovedByReasonSchema),
});
export type ExportApprovalDetails = z.infer<typeof ExportApprovalDetailsSchema>;

/** The record a rejection or an integrity confirmation is about, as it stands. */
export const ApprovalRecordSchema = z.object({
  psn: z.string().nullable(),
  fullName: z.string(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  status: z.string(),
  /** Where it returns on a decline (and, while pending, whether it stays in the export). */
  statusBeforeApproval: z.string().nullable(),
  /** Naira, exact to the kobo; null when unknown. */
  monthlyGrossPay: z.number().nullable(),
});

/** One setting a SETTINGS_CHANGE changes ('integrity.retirementAge': 60 → 62). */
export const SettingChangeSchema = z.object({
  setting: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type SettingChange = z.infer<typeof SettingChangeSchema>;

/** The account an ADMIN_GRANT makes a tenant admin, as it stands. */
export const ApprovalAccountSchema = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.string(),
});

export const ApprovalSchema = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  recordId: z.string().nullable(),
  exportId: z.string().nullable(),
  flagId: z.string().nullable(),
  makerEmail: z.string(),
  createdAt: z.string(),
  /** One line for the list ('Reject PSN001 Ada Obi: Deceased'). */
  summary: z.string(),
  reasonCode: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  /** The maker's note (the rejection's comments). */
  note: z.string().nullable(),
  /** The caller made it (they may withdraw it, never approve it). */
  mine: z.boolean(),
  record: ApprovalRecordSchema.nullable(),
  export: ExportApprovalDetailsSchema.nullable(),
  checkerEmail: z.string().nullable(),
  checkerNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** ADMIN_GRANT: the account to become a tenant admin (null once declined or withdrawn). */
  account: ApprovalAccountSchema.nullable().optional(),
  /** SETTINGS_CHANGE: each setting with its value before and after. */
  settingsChanges: z.array(SettingChangeSchema).nullable().optional(),
});
export type Approval = z.infer<typeof ApprovalSchema>;

export const ApprovalsPageSchema = pageOf(ApprovalSchema).extend({
  /** PENDING approvals of the tenant the caller may check (not their own): the badge. */
  awaitingMe: z.number(),
});
export type ApprovalsPage = z.infer<typeof ApprovalsPageSchema>;

export const ApprovalParamsSchema = z.object({ id: idSchema(APPROVAL_MESSAGES.notFound) });

/** POST /approvals/{id}/decline: the checker says why (shown to the reviewers with the record). */
export const ApprovalDeclineSchema = z.object({
  note: z
    .string({ error: APPROVAL_MESSAGES.noteRequired })
    .trim()
    .min(1, APPROVAL_MESSAGES.noteRequired)
    .max(2000, 'Cannot exceed 2000 characters'),
});
export type ApprovalDecline = z.input<typeof ApprovalDeclineSchema>;

/** POST /approvals/{id}/approve: an optional note of the checker. */
export const ApprovalApproveSchema = z
  .object({ note: z.string().trim().max(2000, 'Cannot exceed 2000 characters').nullish() })
  .nullish();
export type ApprovalApprove = z.input<typeof ApprovalApproveSchema>;
