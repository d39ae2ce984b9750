import { z } from 'zod';
import { AppealFiguresSchema } from './appeals.ts';
import { idSchema, requiredString } from './fields.ts';
import { NamedSchema, pageOf, PageQuerySchema } from './records.ts';

/**
 * Verification exercises (issue #33; "Verification exercise" on screen, `campaigns` in the API): a
 * window of calendar days in which everyone in a scope (all records, or chosen ministries and
 * departments) must appear, a grace period after it, and the documents staff bring. Its state is
 * derived from the dates and today in the tenant's time zone (time-zone.ts `dayIn`), never stored
 * (DECISIONS 168).
 */

export const CAMPAIGN_LIMITS = {
  /** Entries (a day at a site) of a schedule. */
  scheduleMax: 500,
  nameMax: 120,
  graceDaysMax: 90,
  documentsMax: 20,
  documentMax: 120,
  reasonMax: 500,
  /** Ministries and departments a scope names, each. */
  scopeIdsMax: 1000,
} as const;

export const CAMPAIGN_STATES = ['UPCOMING', 'OPEN', 'IN_GRACE', 'CLOSED'] as const;
export const CampaignStateSchema = z.enum(CAMPAIGN_STATES);
export type CampaignState = z.infer<typeof CampaignStateSchema>;

export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  UPCOMING: 'Upcoming',
  OPEN: 'Open',
  IN_GRACE: 'In grace period',
  CLOSED: 'Closed',
};

export const CAMPAIGN_MESSAGES = {
  notFound: 'Verification exercise not found',
  nameRequired: 'Name is required',
  nameTooLong: `Name cannot exceed ${CAMPAIGN_LIMITS.nameMax} characters`,
  dateFormat: 'Dates are YYYY-MM-DD',
  dateInvalid: 'Not a valid date',
  opensOnRequired: 'Opening date is required',
  closesOnRequired: 'Closing date is required',
  closesBeforeOpens: 'The closing date cannot be before the opening date',
  opensInPast: 'The opening date cannot be in the past',
  graceDays: `The grace period is a whole number of days from 0 to ${CAMPAIGN_LIMITS.graceDaysMax}`,
  tooManyDocuments: `At most ${CAMPAIGN_LIMITS.documentsMax} documents`,
  documentTooLong: `A document's name cannot exceed ${CAMPAIGN_LIMITS.documentMax} characters`,
  documentEmpty: "A document's name cannot be empty",
  tooManyIds: `At most ${CAMPAIGN_LIMITS.scopeIdsMax} ministries or departments`,
  unknownMinistry: 'One or more ministries do not belong to this tenant',
  unknownDepartment: 'One or more departments do not belong to this tenant',
  reasonRequired: 'A reason for the extension is required',
  reasonTooLong: `The reason cannot exceed ${CAMPAIGN_LIMITS.reasonMax} characters`,
  cannotShorten: 'A verification exercise cannot be shortened: the new closing date must be later',
  extendToPast: 'The new closing date cannot be in the past',
  closed: 'This verification exercise has closed and can no longer be extended',
  recordNotInScope: 'This person is not in the scope of this verification exercise',
  alreadyAppeared: 'This person has already appeared in this verification exercise',
  alreadyExcused: 'This person is already excused from this verification exercise',
  excusalPending:
    'An excusal of this person from this verification exercise already awaits a second approver',
  excuseClosed: 'This verification exercise has closed: its no-shows can no longer be excused',
  reasonCode: 'Choose a reason: study leave, secondment, sick leave or another documented absence',
  noteRequired: 'A note on the absence is required',
  noteTooLong: `The note cannot exceed ${CAMPAIGN_LIMITS.reasonMax} characters`,
  /** 409: the no-shows are suspended once they are listed, the day after the last day of grace. */
  suspendBeforeClose: (graceEndsOn: string) =>
    `The no-shows can be suspended once the grace period has ended: from the day after ${graceEndsOn}`,
  suspensionPending:
    'A suspension of the no-shows of this verification exercise already awaits a second approver',
  nothingToSuspend:
    'No no-show of this verification exercise is left to suspend (those awaiting a decision are suspended once it is taken)',
  scheduleDayOutside: (opensOn: string, closesOn: string) =>
    `A day of the schedule must lie within the exercise, from ${opensOn} to ${closesOn}`,
  scheduleNeedsPosting: 'Name at least one ministry or department for each day of the schedule',
  siteRequired: 'Name the site (where staff appear)',
  siteTooLong: `The site cannot exceed ${CAMPAIGN_LIMITS.documentMax} characters`,
  tooManyScheduleDays: `At most ${CAMPAIGN_LIMITS.scheduleMax} entries in a schedule`,
  siteNotScheduled: 'This site has no day in the schedule',
  scheduleClosed: 'This verification exercise has closed: its schedule can no longer change',
  /** Another exercise of an overlapping scope runs in overlapping dates (one open per scope). */
  overlaps: (other: { name: string; opensOn: string; closesOn: string; graceEndsOn: string }) =>
    `The verification exercise '${other.name}' (${other.opensOn} to ${other.closesOn}, grace until ${other.graceEndsOn}) already covers part of this scope in these dates: one exercise per scope at a time`,
} as const;

/** A calendar day, 'YYYY-MM-DD', that is a real date. */
const daySchema = (required: string) =>
  requiredString(required)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: CAMPAIGN_MESSAGES.dateFormat })
    .refine(isCalendarDay, { error: CAMPAIGN_MESSAGES.dateInvalid });

/** Whether 'YYYY-MM-DD' names a day of the calendar (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const at = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === day;
}

/** The day `n` days after `day` (both 'YYYY-MM-DD'). */
export function addDays(day: string, n: number): string {
  const at = Date.parse(`${day}T00:00:00Z`) + n * 86_400_000;
  return new Date(at).toISOString().slice(0, 10);
}

/** The last day of the grace period: the closing day plus the grace days. */
export const graceEndsOn = (c: { closesOn: string; graceDays: number }) => addDays(c.closesOn, c.graceDays);

/**
 * An exercise's state on `today` (the tenant's calendar day): UPCOMING before the opening day,
 * OPEN from the opening to the closing day, IN_GRACE after it for the grace days, then CLOSED.
 */
export function campaignStateOn(
  c: { opensOn: string; closesOn: string; graceDays: number },
  today: string,
): CampaignState {
  if (today < c.opensOn) return 'UPCOMING';
  if (today <= c.closesOn) return 'OPEN';
  if (today <= graceEndsOn(c)) return 'IN_GRACE';
  return 'CLOSED';
}

const idList = z
  .array(idSchema('Invalid id'))
  .max(CAMPAIGN_LIMITS.scopeIdsMax, { error: CAMPAIGN_MESSAGES.tooManyIds })
  .default([]);

const documentName = z
  .string()
  .trim()
  .min(1, { error: CAMPAIGN_MESSAGES.documentEmpty })
  .max(CAMPAIGN_LIMITS.documentMax, { error: CAMPAIGN_MESSAGES.documentTooLong });

/**
 * A new exercise. No ministry and no department: all records. Ministries and departments together:
 * the records of any of them, as a reviewer's assignments read (DECISIONS 169).
 */
export const CampaignCreateSchema = z
  .object({
    name: requiredString(CAMPAIGN_MESSAGES.nameRequired)
      .trim()
      .min(1, { error: CAMPAIGN_MESSAGES.nameRequired })
      .max(CAMPAIGN_LIMITS.nameMax, { error: CAMPAIGN_MESSAGES.nameTooLong }),
    ministryIds: idList,
    departmentIds: idList,
    opensOn: daySchema(CAMPAIGN_MESSAGES.opensOnRequired),
    closesOn: daySchema(CAMPAIGN_MESSAGES.closesOnRequired),
    graceDays: z
      .number({ error: CAMPAIGN_MESSAGES.graceDays })
      .int({ error: CAMPAIGN_MESSAGES.graceDays })
      .min(0, { error: CAMPAIGN_MESSAGES.graceDays })
      .max(CAMPAIGN_LIMITS.graceDaysMax, { error: CAMPAIGN_MESSAGES.graceDays }),
    documents: z
      .array(documentName)
      .max(CAMPAIGN_LIMITS.documentsMax, { error: CAMPAIGN_MESSAGES.tooManyDocuments })
      .default([]),
  })
  .refine((c) => c.closesOn >= c.opensOn, {
    error: CAMPAIGN_MESSAGES.closesBeforeOpens,
    path: ['closesOn'],
  });
export type CampaignCreate = z.input<typeof CampaignCreateSchema>;

/** A later closing day, and why (DECISIONS 171). */
export const CampaignExtendSchema = z.object({
  closesOn: daySchema(CAMPAIGN_MESSAGES.closesOnRequired),
  reason: requiredString(CAMPAIGN_MESSAGES.reasonRequired)
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.reasonRequired })
    .max(CAMPAIGN_LIMITS.reasonMax, { error: CAMPAIGN_MESSAGES.reasonTooLong }),
});
export type CampaignExtend = z.input<typeof CampaignExtendSchema>;

export const CampaignExtensionSchema = z.object({
  fromClosesOn: z.string(),
  toClosesOn: z.string(),
  reason: z.string(),
  byEmail: z.string().nullable(),
  at: z.string(),
});
export type CampaignExtension = z.infer<typeof CampaignExtensionSchema>;

export const CampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Neither ministries nor departments: every record of the tenant. */
  allRecords: z.boolean(),
  ministries: z.array(NamedSchema),
  departments: z.array(NamedSchema),
  opensOn: z.string(),
  closesOn: z.string(),
  graceDays: z.number(),
  /** The last day of the grace period (closesOn + graceDays). */
  graceEndsOn: z.string(),
  documents: z.array(z.string()),
  /** From the dates and today in the tenant's time zone. */
  state: CampaignStateSchema,
  /** Today in the tenant's time zone, the day `state` is of. */
  today: z.string(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Every extension, oldest first. */
  extensions: z.array(CampaignExtensionSchema),
});
export type Campaign = z.infer<typeof CampaignSchema>;

/** The counts of a progress, for the whole scope or one posting. */
const progressCounts = {
  inScope: z.number(),
  /** A first appearance from the opening day to the last day of grace. */
  appeared: z.number(),
  /** A first appearance after the grace. */
  late: z.number(),
  /** Excused and not appeared. */
  excused: z.number(),
  /** In scope, neither appeared (on time or late) nor excused. */
  remaining: z.number(),
  /** The monthly gross pay of the remaining, in naira (exact to the kobo), of those whose pay is known. */
  remainingMonthlyPay: z.number(),
  /** How many of the remaining have no known pay. */
  remainingPayUnknown: z.number(),
};

/** One posting's counts in an exercise's progress (a record without a department: `department` null). */
export const CampaignProgressRowSchema = z.object({
  ministry: NamedSchema.nullable(),
  department: NamedSchema.nullable(),
  ...progressCounts,
});
export type CampaignProgressRow = z.infer<typeof CampaignProgressRowSchema>;

/**
 * An exercise's progress (issue #33 item 4). Appeared: a passed identity check (a claim that made
 * the account, online or with an agent, or a re-verification whose lookup agreed) from the opening
 * day to the last day of grace; late: the first one after it. Days are the tenant's.
 */
export const CampaignProgressSchema = z.object({
  campaignId: z.string(),
  state: CampaignStateSchema,
  today: z.string(),
  /** Days from today to the closing day, the closing day counted; 0 once it has passed. */
  daysLeft: z.number(),
  /**
   * When the counts were read: an answer may be a few seconds old (the server's
   * PROGRESS_MAX_AGE_SECONDS, 5 by default), so that many readers cost one count.
   */
  computedAt: z.string(),
  ...progressCounts,
  /** By ministry, then department, by name. */
  byMinistry: z.array(CampaignProgressRowSchema),
  /** Each agent who helped people appear: how many, and on which days. */
  byAgent: z.array(
    z.object({
      agent: z.object({ id: z.string().nullable(), email: z.string() }),
      appeared: z.number(),
      byDay: z.array(z.object({ day: z.string(), appeared: z.number() })),
    }),
  ),
  /** Every day from the opening to today (or the end of grace), with the people who first appeared on it. */
  byDay: z.array(
    z.object({ day: z.string(), appeared: z.number(), online: z.number(), withAgent: z.number() }),
  ),
});
export type CampaignProgress = z.infer<typeof CampaignProgressSchema>;

/** Why a person is excused from an exercise (issue #33 item 2). */
export const EXCUSAL_REASONS = ['STUDY_LEAVE', 'SECONDMENT', 'SICK_LEAVE', 'OTHER_DOCUMENTED'] as const;
export type ExcusalReason = (typeof EXCUSAL_REASONS)[number];
export const EXCUSAL_REASON_LABELS: Record<ExcusalReason, string> = {
  STUDY_LEAVE: 'Study leave',
  SECONDMENT: 'Secondment',
  SICK_LEAVE: 'Sick leave',
  OTHER_DOCUMENTED: 'Another documented absence',
};

/** Excusing one person of the exercise's scope, with a reason code and a note. */
export const CampaignExcuseSchema = z.object({
  recordId: idSchema(CAMPAIGN_MESSAGES.recordNotInScope),
  reasonCode: z.enum(EXCUSAL_REASONS, { error: CAMPAIGN_MESSAGES.reasonCode }),
  note: requiredString(CAMPAIGN_MESSAGES.noteRequired)
    .trim()
    .min(1, { error: CAMPAIGN_MESSAGES.noteRequired })
    .max(CAMPAIGN_LIMITS.reasonMax, { error: CAMPAIGN_MESSAGES.noteTooLong }),
});
export type CampaignExcuse = z.input<typeof CampaignExcuseSchema>;

/**
 * The excusal: in effect (EXCUSED), or waiting for a different tenant admin (PENDING_APPROVAL, with
 * the approval's id) when the tenant asks for a second approver.
 */
export const CampaignExcusalSchema = z.object({
  campaignId: z.string(),
  recordId: z.string(),
  reasonCode: z.enum(EXCUSAL_REASONS),
  note: z.string(),
  status: z.enum(['EXCUSED', 'PENDING_APPROVAL']),
  approvalId: z.string().nullable(),
});
export type CampaignExcusal = z.infer<typeof CampaignExcusalSchema>;

/** A no-show (issue #33 item 5): in scope, never appeared since the opening, not excused. */
export const NoShowSchema = z.object({
  recordId: z.string(),
  fullName: z.string(),
  psn: z.string().nullable(),
  employeeId: z.string().nullable(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  status: z.string(),
  /** Naira, exact to the kobo; null when unknown. */
  monthlyGrossPay: z.number().nullable(),
});
export type NoShow = z.infer<typeof NoShowSchema>;

export const NoShowsQuerySchema = PageQuerySchema;

/**
 * The no-shows, by ministry, department and name: empty until the closing day plus the grace has
 * passed (`listed` false), then everyone in scope who never appeared and is not excused.
 */
export const NoShowsPageSchema = pageOf(NoShowSchema).extend({
  listed: z.boolean(),
  /** The last day of grace: the list is drawn the day after. */
  graceEndsOn: z.string(),
  /** The monthly gross pay of all the no-shows (not only this page), in naira, of those whose pay is known. */
  monthlyPay: z.number(),
  /** How many no-shows have no known pay. */
  payUnknown: z.number(),
  /**
   * How many of the no-shows 'Suspend no-shows' would put on its list now: those in a state a
   * suspension moves (not those already suspended, nor those awaiting a decision).
   */
  suspendable: z.number(),
  /** A suspension of this exercise's no-shows awaits a second approver. */
  suspensionPending: z.boolean(),
});
export type NoShowsPage = z.infer<typeof NoShowsPageSchema>;

/** The no-shows' CSV (UTF-8 with BOM, CRLF), its columns in order. */
export const NO_SHOWS_CSV_COLUMNS = [
  'psn',
  'employeeId',
  'fullName',
  'ministry',
  'department',
  'status',
  'monthlyGrossPay',
  'recordId',
] as const;
export const noShowsFileName = (campaignId: string, day: string) => `no-shows-${day}-${campaignId}.csv`;

/** Suspending the no-shows in bulk (issue #33 item 5): an optional note for the record's trail. */
export const SuspendNoShowsSchema = z
  .object({
    note: z
      .string()
      .trim()
      .max(CAMPAIGN_LIMITS.reasonMax, { error: CAMPAIGN_MESSAGES.noteTooLong })
      .nullish()
      .transform((n) => n || null),
  })
  // A POST with no body at all is the same as an empty one.
  .nullish()
  .transform((b) => b ?? { note: null });

export const SUSPENSION_STATUSES = ['PENDING_APPROVAL', 'APPLIED', 'DECLINED', 'WITHDRAWN'] as const;

/**
 * A suspension of the no-shows: the list frozen when it was asked for (`listed`, their pay), and
 * once applied (at once, or when a different tenant admin approved) how many it suspended, their
 * pay, and how many of the list it left (appeared, excused or awaiting a decision by then).
 */
export const NoShowSuspensionSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  status: z.enum(SUSPENSION_STATUSES),
  approvalId: z.string().nullable(),
  listed: z.number(),
  /** Naira a month of the list, of those whose pay is known. */
  listedMonthlyPay: z.number(),
  suspended: z.number().nullable(),
  /** Naira a month held: the pay of those suspended. */
  suspendedMonthlyPay: z.number().nullable(),
  skipped: z.number().nullable(),
  requestedByEmail: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type NoShowSuspension = z.infer<typeof NoShowSuspensionSchema>;

/**
 * The counts of an exercise's report (issue #33 item 7), in the units governments publish. No-shows:
 * the remaining once the exercise has closed (0 before). Suspended: the no-shows this exercise
 * suspended; still suspended: those of them not since come forward, whose pay is held.
 */
const reportCounts = {
  inScope: z.number(),
  appeared: z.number(),
  late: z.number(),
  excused: z.number(),
  noShows: z.number(),
  suspended: z.number(),
  stillSuspended: z.number(),
  /** Naira a month held: the pay of the still suspended, of those whose pay is known. */
  monthlyPayHeld: z.number(),
  /** How many of the still suspended have no known pay. */
  payUnknownHeld: z.number(),
};

export const CampaignReportRowSchema = z.object({
  ministry: NamedSchema.nullable(),
  department: NamedSchema.nullable(),
  ...reportCounts,
});
export type CampaignReportRow = z.infer<typeof CampaignReportRowSchema>;

export const CampaignReportSchema = z.object({
  campaignId: z.string(),
  name: z.string(),
  state: CampaignStateSchema,
  opensOn: z.string(),
  closesOn: z.string(),
  graceEndsOn: z.string(),
  /** The tenant's today, on which the figures are drawn. */
  today: z.string(),
  ...reportCounts,
  /** By ministry, then department, by name. */
  byMinistry: z.array(CampaignReportRowSchema),
  /** The appeals of the people this exercise suspended, against their suspension (issue #34 item 5). */
  appeals: AppealFiguresSchema,
});
export type CampaignReport = z.infer<typeof CampaignReportSchema>;

/** The report's CSV (UTF-8 with BOM, CRLF): one row per posting, then the total. */
export const CAMPAIGN_REPORT_CSV_COLUMNS = [
  'ministry',
  'department',
  'inScope',
  'appeared',
  'late',
  'excused',
  'noShows',
  'suspended',
  'stillSuspended',
  'monthlyPayHeld',
  'payUnknownHeld',
] as const;
export const CAMPAIGN_REPORT_TOTAL = 'Total';
export const campaignReportFileName = (campaignId: string, day: string) =>
  `verification-exercise-report-${day}-${campaignId}.csv`;

/**
 * Reminders (issue #33 item 3): at the opening, every seventh day after it, and three days before
 * the close, everyone in scope who has not appeared and is not excused is reminded by email and by
 * SMS where the portal has an address; never twice on one day.
 */
export const REMINDER_KINDS = ['OPENING', 'WEEKLY', 'CLOSING_SOON'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  OPENING: 'Opening',
  WEEKLY: 'Weekly',
  CLOSING_SOON: '3 days before the close',
};

const channelCounts = z.object({
  /** Messages written to the channel's outbox. */
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
});

/** One reminder run: the people it reached on each channel, and those with no address at all. */
export const ReminderRunSchema = z.object({
  id: z.string(),
  kind: z.enum(REMINDER_KINDS),
  /** The tenant's day of the run. */
  day: z.string(),
  at: z.string(),
  people: z.number(),
  email: channelCounts,
  sms: channelCounts,
  noAddress: z.number(),
});
export type ReminderRun = z.infer<typeof ReminderRunSchema>;

/**
 * A day of an exercise's schedule (issue #33 item 1): the staff of these ministries and departments
 * appear at this site on this day. A site is where the field team sits (a hall, a local government
 * office); its printed list carries a QR code per person.
 */
export const ScheduleEntryInputSchema = z
  .object({
    day: daySchema(CAMPAIGN_MESSAGES.dateFormat),
    site: requiredString(CAMPAIGN_MESSAGES.siteRequired)
      .trim()
      .min(1, { error: CAMPAIGN_MESSAGES.siteRequired })
      .max(CAMPAIGN_LIMITS.documentMax, { error: CAMPAIGN_MESSAGES.siteTooLong }),
    ministryIds: idList,
    departmentIds: idList,
  })
  .refine((e) => e.ministryIds.length + e.departmentIds.length > 0, {
    error: CAMPAIGN_MESSAGES.scheduleNeedsPosting,
    path: ['ministryIds'],
  });

/** The whole schedule, replaced at once. */
export const ScheduleInputSchema = z.object({
  entries: z
    .array(ScheduleEntryInputSchema)
    .max(CAMPAIGN_LIMITS.scheduleMax, { error: CAMPAIGN_MESSAGES.tooManyScheduleDays }),
});
export type ScheduleInput = z.input<typeof ScheduleInputSchema>;

export const ScheduleEntrySchema = z.object({
  day: z.string(),
  site: z.string(),
  ministries: z.array(NamedSchema),
  departments: z.array(NamedSchema),
});
export type ScheduleEntry = z.infer<typeof ScheduleEntrySchema>;

export const ScheduleSchema = z.object({
  campaignId: z.string(),
  entries: z.array(ScheduleEntrySchema),
});
export type Schedule = z.infer<typeof ScheduleSchema>;

export const SiteListQuerySchema = z.object({
  site: requiredString(CAMPAIGN_MESSAGES.siteRequired).trim().max(CAMPAIGN_LIMITS.documentMax),
});

/** One person of a site's printed list, with what its QR code carries. */
export const SiteListPersonSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  psn: z.string().nullable(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  /** The day the person's posting appears at the site (the first, when several). */
  day: z.string(),
  /** The text of the QR code: the agent's screen for this person (fieldPersonLink). */
  qr: z.string(),
});

/** A site's printable list: everyone its schedule expects, by day, posting and name. */
export const SiteListSchema = z.object({
  campaignId: z.string(),
  campaignName: z.string(),
  site: z.string(),
  days: z.array(z.string()),
  documents: z.array(z.string()),
  people: z.array(SiteListPersonSchema),
});
export type SiteList = z.infer<typeof SiteListSchema>;

// The QR link and what a scanned one names live without zod for the agent's page (issue #32).
export { FIELD_PERSON_PATH, fieldPersonIdOf, fieldPersonLink } from './field-paths.ts';
