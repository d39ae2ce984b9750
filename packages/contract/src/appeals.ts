import { z } from 'zod';
import { idSchema, requiredString } from './fields.ts';
import { PageQuerySchema, pageOf } from './records.ts';
import { APPEAL_ATTACHMENT_TYPES, APPEAL_KINDS, APPEAL_LIMITS, APPEAL_MESSAGES } from './appeal-texts.ts';

// Without zod for the field agent's page (issue #32): appeal-texts.ts.
export {
  APPEAL_ATTACHMENT_TYPES,
  APPEAL_KIND_LABELS,
  APPEAL_KINDS,
  APPEAL_LIMITS,
  APPEAL_MESSAGES,
} from './appeal-texts.ts';
export type { AppealKind, AttachmentContentType } from './appeal-texts.ts';

/**
 * Appeals and reinstatement (issue #34): a person taken off the payroll (rejected, confirmed as a
 * ghost, or suspended as a no-show) is heard, and a wrong decision is put right with its arrears.
 */

/** The decision codes (after OpenSPP's grievance module). */
export const APPEAL_DECISIONS = ['UPHELD', 'PARTLY_UPHELD', 'REJECTED', 'WITHDRAWN'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
export const APPEAL_DECISION_LABELS: Record<AppealDecision, string> = {
  UPHELD: 'Upheld',
  PARTLY_UPHELD: 'Partly upheld',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};
/** The decisions that put the person back on the path to the payroll (review, never VALIDATED). */
export const REINSTATING_DECISIONS: readonly AppealDecision[] = ['UPHELD', 'PARTLY_UPHELD'];

/**
 * OPEN: lodged, with the handler; AWAITING_EMPLOYEE: a question waits for the appellant's answer;
 * AWAITING_APPROVAL: a reinstating decision waits for a second approver; DECIDED.
 */
export const APPEAL_STATUSES = ['OPEN', 'AWAITING_EMPLOYEE', 'AWAITING_APPROVAL', 'DECIDED'] as const;
export type AppealStatus = (typeof APPEAL_STATUSES)[number];
export const APPEAL_STATUS_LABELS: Record<AppealStatus, string> = {
  OPEN: 'Open',
  AWAITING_EMPLOYEE: 'Awaiting the employee',
  AWAITING_APPROVAL: 'Awaiting a second approver',
  DECIDED: 'Decided',
};

/** Against the deadline: on track, at risk (≤ 7 days left), breached; a decided appeal: met or breached. */
export const APPEAL_DEADLINE_STATES = ['ON_TRACK', 'AT_RISK', 'BREACHED', 'MET'] as const;
export type AppealDeadlineState = (typeof APPEAL_DEADLINE_STATES)[number];
export const APPEAL_DEADLINE_LABELS: Record<AppealDeadlineState, string> = {
  ON_TRACK: 'On track',
  AT_RISK: 'At risk',
  BREACHED: 'Breached',
  MET: 'Decided on time',
};
/** Days left at which an open appeal is at risk. */
export const APPEAL_AT_RISK_DAYS = 7;
/** The tenant setting's default and bounds (days from lodging to the decision's deadline). */
export const APPEAL_DEADLINE_DEFAULT_DAYS = 30;
export const APPEAL_DEADLINE_LIMITS = { min: 7, max: 180 } as const;

/** How the appeal came in. */
export const APPEAL_CHANNELS = ['EMPLOYEE', 'AGENT', 'LETTER', 'PUBLIC'] as const;
export type AppealChannel = (typeof APPEAL_CHANNELS)[number];
export const APPEAL_CHANNEL_LABELS: Record<AppealChannel, string> = {
  EMPLOYEE: 'By the employee, from their profile',
  AGENT: 'With a field agent',
  LETTER: 'By letter, entered by a tenant admin',
  PUBLIC: 'On the public appeal page',
};

const kind = z.enum(APPEAL_KINDS, { error: `kind must be one of ${APPEAL_KINDS.join(', ')}` });
const text = (required: string, max: number) =>
  requiredString(required).trim().min(1, required).max(max, `Cannot exceed ${max} characters`);

/** POST /appeals: an employee about their own record; an agent or a tenant admin names the record. */
export const AppealCreateSchema = z.object({
  recordId: idSchema(APPEAL_MESSAGES.recordNotFound).optional(),
  kind,
  grounds: text('Grounds are required', APPEAL_LIMITS.groundsMax),
});
export type AppealCreate = z.input<typeof AppealCreateSchema>;

/**
 * POST /appeals/public: a suspended person with no account, by a claim that passed the claim's
 * identity check (SSID and NIN at initiate, then the PSN): `claimId` is the id initiate answered.
 */
export const PublicAppealCreateSchema = z.object({
  claimId: requiredString('claimId is required').min(1, 'claimId is required').max(200),
  kind,
  grounds: text('Grounds are required', APPEAL_LIMITS.groundsMax),
});
export type PublicAppealCreate = z.input<typeof PublicAppealCreateSchema>;
/** What the public page shows once lodged: nothing of the record, the reference and the deadline. */
export const PublicAppealLodgedSchema = z.object({
  reference: z.string(),
  deadline: z.string(),
  message: z.string(),
});
export type PublicAppealLodged = z.infer<typeof PublicAppealLodgedSchema>;

export const AppealAssignSchema = z.object({ handlerUserId: idSchema(APPEAL_MESSAGES.handlerNotFound) });
export const AppealAskSchema = z.object({
  question: text('A question is required', APPEAL_LIMITS.questionMax),
});
export const AppealAnswerSchema = z.object({ text: text('An answer is required', APPEAL_LIMITS.answerMax) });
export const AppealDecideSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS, { error: `decision must be one of ${APPEAL_DECISIONS.join(', ')}` }),
  note: text('A note for the employee is required', APPEAL_LIMITS.noteMax),
});
export type AppealDecide = z.input<typeof AppealDecideSchema>;

export const AppealsQuerySchema = PageQuerySchema.extend({
  status: z
    .enum(APPEAL_STATUSES, { error: `Unknown status: use one of ${APPEAL_STATUSES.join(', ')}` })
    .optional(),
  deadline: z
    .enum(APPEAL_DEADLINE_STATES, {
      error: `Unknown deadline: use one of ${APPEAL_DEADLINE_STATES.join(', ')}`,
    })
    .optional(),
  kind: kind.optional(),
});
export type AppealsQuery = z.input<typeof AppealsQuerySchema>;

export const AppealMessageSchema = z.object({
  id: z.string(),
  /** A handler's question, or the appellant's answer. */
  type: z.enum(['QUESTION', 'ANSWER']),
  text: z.string(),
  byEmail: z.string().nullable(),
  at: z.string(),
});
export type AppealMessage = z.infer<typeof AppealMessageSchema>;

export const AppealAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(APPEAL_ATTACHMENT_TYPES),
  sizeBytes: z.number(),
  uploadedByEmail: z.string().nullable(),
  at: z.string(),
});
export type AppealAttachment = z.infer<typeof AppealAttachmentSchema>;

/** The arrears an upheld appeal computed (monthly pay × the approved exports the person missed). */
export const AppealArrearsSchema = z.object({
  /** The approved payroll exports since the removal that did not carry the person. */
  periods: z.array(z.object({ exportId: z.string(), approvedAt: z.string() })),
  /** Naira a month, or null when the record's pay is not known. */
  monthlyPay: z.number().nullable(),
  /** Naira owed, or null when the pay is not known. */
  amount: z.number().nullable(),
});
export type AppealArrears = z.infer<typeof AppealArrearsSchema>;

export const AppealSchema = z.object({
  id: z.string(),
  recordId: z.string(),
  fullName: z.string(),
  psn: z.string().nullable(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  /** The record's status now, and when the appeal was lodged (REJECTED or SUSPENDED). */
  recordStatus: z.string(),
  appealedStatus: z.string(),
  kind: z.enum(APPEAL_KINDS),
  grounds: z.string(),
  channel: z.enum(APPEAL_CHANNELS),
  status: z.enum(APPEAL_STATUSES),
  lodgedAt: z.string(),
  lodgedByEmail: z.string().nullable(),
  deadline: z.string(),
  deadlineState: z.enum(APPEAL_DEADLINE_STATES),
  /** Whole days left to the deadline (negative once breached); null once decided. */
  daysLeft: z.number().nullable(),
  handler: z.object({ id: z.string(), email: z.string() }).nullable(),
  decision: z.enum(APPEAL_DECISIONS).nullable(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decidedByEmail: z.string().nullable(),
  /** A pending second approval of the decision. */
  pendingDecision: z.object({ decision: z.enum(APPEAL_DECISIONS), approvalId: z.string() }).nullable(),
  /** Set once a reinstating decision took effect. */
  reinstatedTo: z.string().nullable(),
  arrears: AppealArrearsSchema.nullable(),
  messages: z.array(AppealMessageSchema),
  attachments: z.array(AppealAttachmentSchema),
});
export type Appeal = z.infer<typeof AppealSchema>;

export const AppealListItemSchema = AppealSchema.omit({ messages: true, attachments: true, grounds: true });
export type AppealListItem = z.infer<typeof AppealListItemSchema>;
export const AppealsPageSchema = pageOf(AppealListItemSchema);
export type AppealsPage = z.infer<typeof AppealsPageSchema>;

/**
 * What appeals came to (issue #34 item 5), on a verification exercise's report (the appeals about
 * the people it suspended) and on the tenant overview (every appeal of the tenant).
 */
export const AppealFiguresSchema = z.object({
  /** Appeals lodged. */
  received: z.number(),
  /** Of them decided, and decided by their deadline. */
  decided: z.number(),
  decidedOnTime: z.number(),
  /** The decided, by decision code. */
  byDecision: z.object({
    UPHELD: z.number(),
    PARTLY_UPHELD: z.number(),
    REJECTED: z.number(),
    WITHDRAWN: z.number(),
  } satisfies Record<AppealDecision, z.ZodNumber>),
  /** Reinstating decisions that took effect: the person is back on the path to the payroll. */
  reinstated: z.number(),
  /** Naira owed to the reinstated (monthly pay × the periods missed), and those whose pay is unknown. */
  arrearsOwed: z.number(),
  arrearsPayUnknown: z.number(),
});
export type AppealFigures = z.infer<typeof AppealFiguresSchema>;

/** The arrears report's CSV (UTF-8 with BOM, CRLF), its columns in order. */
export const ARREARS_CSV_COLUMNS = [
  'appealId',
  'psn',
  'employeeId',
  'fullName',
  'ministry',
  'department',
  'decision',
  'decidedAt',
  'periods',
  'periodDates',
  'monthlyGrossPay',
  'arrearsOwed',
  'recordId',
] as const;
export const arrearsFileName = (day: string) => `arrears-${day}.csv`;
