import { z } from 'zod';
import { DEFAULT_REASON_CODES, reasonCodeField } from './decisions.ts';
import { idSchema } from './fields.ts';
import { ExitReasonSchema } from './hr-lists.ts';
import {
  maskIdentifier,
  MaskedIdentifierSchema,
  pageOf,
  PageQuerySchema,
  RecordsQuerySchema,
} from './records.ts';

/**
 * Payroll integrity rules (issue #21; FUTURE_APPOINTMENT issue #35): ghosts that identity checks
 * miss, each rule with a stable code, and the pay at stake a month.
 */
export const INTEGRITY_RULES = [
  'PAST_RETIREMENT_AGE',
  'PAST_SERVICE_LIMIT',
  'UNDERAGE_AT_APPOINTMENT',
  'IMPLAUSIBLE_BIRTH_DATE',
  'FUTURE_APPOINTMENT',
  'PAY_ABOVE_SCALE',
  'PAID_AFTER_EXIT',
  'NOT_ON_NOMINAL_ROLL',
  'INVALID_ACCOUNT_NUMBER',
  'ACCOUNT_NAME_MISMATCH',
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_BVN_MISMATCH',
  'ON_ANOTHER_PAYROLL',
  'SHARED_BANK_ACCOUNT',
  'DUPLICATE_BVN',
  'DUPLICATE_NIN',
  'SHARES_REMOVED_IDENTITY',
] as const;
export const IntegrityRuleSchema = z.enum(INTEGRITY_RULES, {
  error: `Unknown rule: use one of ${INTEGRITY_RULES.join(', ')}`,
});
export type IntegrityRule = z.infer<typeof IntegrityRuleSchema>;

export const INTEGRITY_RULE_LABELS: Record<IntegrityRule, string> = {
  PAST_RETIREMENT_AGE: 'Past retirement age',
  PAST_SERVICE_LIMIT: 'Past the service limit',
  UNDERAGE_AT_APPOINTMENT: 'Under 18 at first appointment',
  IMPLAUSIBLE_BIRTH_DATE: 'Implausible birth date',
  FUTURE_APPOINTMENT: 'Appointed in the future',
  PAY_ABOVE_SCALE: 'Paid above the salary table',
  PAID_AFTER_EXIT: 'Paid after leaving the service',
  NOT_ON_NOMINAL_ROLL: 'Not on the nominal roll',
  INVALID_ACCOUNT_NUMBER: 'Account number that cannot exist',
  ACCOUNT_NAME_MISMATCH: "Account held in another person's name",
  ACCOUNT_NOT_FOUND: 'Account the bank does not know',
  ACCOUNT_BVN_MISMATCH: "Account holder's BVN is not the list's",
  ON_ANOTHER_PAYROLL: "On another state's payroll",
  SHARED_BANK_ACCOUNT: 'Bank account on several records',
  DUPLICATE_BVN: 'BVN on several records',
  DUPLICATE_NIN: 'NIN on several records',
  SHARES_REMOVED_IDENTITY: 'Identity of a removed record',
};

/** What each rule looks for, in a sentence (the cards' tooltips, the API's documentation). */
export const INTEGRITY_RULE_DESCRIPTIONS: Record<IntegrityRule, string> = {
  PAST_RETIREMENT_AGE: 'Aged the retirement age (60 by default) or older today.',
  PAST_SERVICE_LIMIT:
    'In service the service limit (35 years by default) or longer since the first appointment.',
  UNDERAGE_AT_APPOINTMENT: 'Younger than 18 on the day of the first appointment.',
  IMPLAUSIBLE_BIRTH_DATE:
    'Born before 1920 or in the future (a placeholder date); not judged by the age rules.',
  FUTURE_APPOINTMENT: 'A date of first appointment after today: paid before being appointed.',
  PAY_ABOVE_SCALE:
    "A monthly gross above the salary table's maximum for the record's structure, grade and step: the excess is at stake.",
  PAID_AFTER_EXIT:
    'On the separations list with an exit date before today, and still on the payroll with a monthly pay.',
  NOT_ON_NOMINAL_ROLL:
    'In a ministry whose nominal roll was uploaded, and not on that roll (by PSN, else NIN): HR does not know them there.',
  INVALID_ACCOUNT_NUMBER:
    "An account number that fails the NUBAN check digit of the bank the record names (by the bank's CBN code): fabricated or mistyped. A bank name the portal's table does not know is not judged.",
  ACCOUNT_NAME_MISMATCH:
    "The account check found the account held in a name the portal's name matcher judges different from the employee's (a close name is shown, not flagged).",
  ACCOUNT_NOT_FOUND:
    'The account check found no such account at the bank the record names, or found it closed.',
  ACCOUNT_BVN_MISMATCH:
    "The account check found the account's holder under a BVN other than the record's (a record without a BVN is not judged).",
  ON_ANOTHER_PAYROLL:
    "The same NIN, BVN or bank account as a record on another state's payroll on this portal (in its payroll or awaiting review there): matched by keyed digests, never by the numbers themselves.",
  SHARED_BANK_ACCOUNT: 'The same bank and account number as another record.',
  DUPLICATE_BVN: 'The same BVN as another record.',
  DUPLICATE_NIN: 'The same NIN as another record.',
  SHARES_REMOVED_IDENTITY:
    'The same NIN, SSID, BVN or bank account as a record removed from the payroll (rejected or confirmed as a ghost): held out of the payroll until the flag is decided.',
};

/**
 * The rule of a record that shares an identity with one removed from the payroll (issue #30, item
 * 3): a ghost returning under a new PSN. Unlike the others it also holds the record: approve,
 * resolve and bulk approve refuse it until this flag is dismissed for the same evidence (with the
 * second approver when the setting is on).
 */
export const REMOVED_IDENTITY_RULE = 'SHARES_REMOVED_IDENTITY' as const satisfies IntegrityRule;

/** The identity fields a record can share with a removed one. */
export const IDENTITY_FIELDS = ['NIN', 'SSID', 'BVN', 'BANK_ACCOUNT'] as const;
export const IDENTITY_FIELD_LABELS: Record<(typeof IDENTITY_FIELDS)[number], string> = {
  NIN: 'NIN',
  SSID: 'SSID',
  BVN: 'BVN',
  BANK_ACCOUNT: 'bank account',
};

/** The identifiers matched across tenants by ON_ANOTHER_PAYROLL (issue #36 item 4): bank account is bank code and number. */
export const CROSS_TENANT_FIELDS = ['NIN', 'BVN', 'BANK_ACCOUNT'] as const;
export type CrossTenantField = (typeof CROSS_TENANT_FIELDS)[number];

/** The removed records a record shares an identity with (evidence of SHARES_REMOVED_IDENTITY). */
export const RemovedMatchSchema = z.object({
  recordId: z.string().nullable(),
  psn: z.string().nullable(),
  fullName: z.string().nullable(),
  /** Its status now (REJECTED). */
  status: z.string(),
  /** How it was removed: rejected in review, or an integrity flag confirmed (a ghost). */
  decision: z.enum(['REJECTED', 'INTEGRITY_CONFIRMED']),
  reasonCode: z.string().nullable(),
  /** The reason's label (the tenant's list); filled by the server's view. */
  reasonLabel: z.string().nullable().optional(),
  /** When it was removed (its last rejection in the trail); null when the trail has none. */
  decidedAt: z.string().nullable(),
  /** Which identity fields it shares with the flagged record. */
  fields: z.array(z.enum(IDENTITY_FIELDS)),
});
export type RemovedMatch = z.infer<typeof RemovedMatchSchema>;

/** The words of a removed record's decision, e.g. 'rejected (Deceased) on 2026-03-01'. */
export function removedDecisionText(m: RemovedMatch): string {
  const how = m.decision === 'INTEGRITY_CONFIRMED' ? 'confirmed as a ghost' : 'rejected';
  const why = m.reasonLabel ?? m.reasonCode;
  return `${how}${why ? ` (${why})` : ''}${m.decidedAt ? ` on ${m.decidedAt.slice(0, 10)}` : ''}`;
}

/** 409 of approve, resolve and bulk approve for a record held by SHARES_REMOVED_IDENTITY. */
export function heldByRemovedIdentityMessage(removed: RemovedMatch[]): string {
  const first = removed[0];
  if (!first) return 'This record shares an identity with a record removed from the payroll.';
  const fields = first.fields.map((f) => IDENTITY_FIELD_LABELS[f]).join(', ');
  const name = [first.psn ?? '(no PSN)', first.fullName].filter(Boolean).join(' ');
  const more = removed.length > 1 ? ` and ${removed.length - 1} other removed record(s)` : '';
  return `This record is held: its ${fields} ${first.fields.length > 1 ? 'are' : 'is'} the same as removed record ${name}, ${removedDecisionText(first)}${more}. It cannot enter the payroll until its integrity flag '${INTEGRITY_RULE_LABELS.SHARES_REMOVED_IDENTITY}' is decided: confirm it (reject) or dismiss it (with a second approver when the setting is on).`;
}

export const INTEGRITY_DECISIONS = ['CONFIRM', 'DISMISS'] as const;
export type IntegrityDecision = (typeof INTEGRITY_DECISIONS)[number];

/**
 * Why a flag is DISMISSED: the flag does not make the person a ghost. A CONFIRM names a reason
 * the record is rejected for, from the tenant's reason codes (issue #22: one list with the review
 * queues', decisions.ts DEFAULT_REASON_CODES and the tenant's own); OTHER serves both, with a note.
 */
export const DISMISS_REASONS = [
  { code: 'VERIFIED_IN_PERSON', label: 'Verified in person (headcount)' },
  { code: 'DATA_ERROR', label: 'Data error (to be corrected in the master list)' },
  { code: 'APPROVED_EXCEPTION', label: 'Approved exception (e.g. extension of service)' },
  { code: 'OTHER', label: 'Other (say why in the note)' },
] as const;
export type DismissReasonCode = (typeof DISMISS_REASONS)[number]['code'];
const DISMISS_CODES: readonly string[] = DISMISS_REASONS.map((r) => r.code);

/**
 * The reasons offered for a decision: DISMISS's own, CONFIRM's defaults (the web asks the tenant's
 * active list, GET /tenant-admin/reason-codes, for the codes it added or retired).
 */
export const reasonsFor = (decision: IntegrityDecision): readonly { code: string; label: string }[] =>
  decision === 'DISMISS' ? DISMISS_REASONS : DEFAULT_REASON_CODES;
/** The label of a default or dismissal code (a tenant's own code: its label from its list). */
export const reasonLabel = (code: string) =>
  [...DEFAULT_REASON_CODES, ...DISMISS_REASONS].find((r) => r.code === code)?.label ?? code;

export const INTEGRITY_MESSAGES = {
  reasonRequired: 'A reason is required',
  noteRequired: 'Say why in the note when the reason is Other',
  reasonNotFor: (decision: IntegrityDecision) =>
    `Not a reason to ${decision === 'CONFIRM' ? 'confirm' : 'dismiss'} a flag: use one of ${reasonsFor(
      decision,
    )
      .map((r) => r.code)
      .join(', ')}${decision === 'CONFIRM' ? " or the tenant's own reason codes" : ''}`,
  flagNotFound: 'Flag not found',
  alreadyDecided: 'This flag has already been decided.',
  dismissalPending:
    "This flag's dismissal is awaiting a second approver: it cannot be decided again until a tenant admin approves or declines it, or its maker withdraws it.",
  recordRejected: 'This record is already rejected.',
  evaluationQueued: 'The rules are being evaluated.',
} as const;

/** POST /integrity/flags/{id}/decision. */
export const IntegrityDecisionSchema = z
  .object({
    decision: z.enum(INTEGRITY_DECISIONS, { error: 'Decision must be CONFIRM or DISMISS' }),
    reasonCode: reasonCodeField,
    note: z
      .string()
      .trim()
      .max(2000, 'Cannot exceed 2000 characters')
      .nullish()
      .transform((v) => v || null),
  })
  .superRefine((d, ctx) => {
    if (d.reasonCode === null) {
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: INTEGRITY_MESSAGES.reasonRequired });
      return;
    }
    // A CONFIRM's code is checked against the tenant's active reason codes by the server.
    if (d.decision === 'DISMISS' && !DISMISS_CODES.includes(d.reasonCode))
      ctx.addIssue({
        code: 'custom',
        path: ['reasonCode'],
        message: INTEGRITY_MESSAGES.reasonNotFor(d.decision),
      });
    if (d.reasonCode === 'OTHER' && !d.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: INTEGRITY_MESSAGES.noteRequired });
  });
export type IntegrityDecisionInput = z.input<typeof IntegrityDecisionSchema>;

export const FLAG_STATUSES = ['OPEN', 'CONFIRMED', 'DISMISSED'] as const;
export const FlagStatusSchema = z.enum(FLAG_STATUSES, {
  error: `Unknown status: use one of ${FLAG_STATUSES.join(', ')}`,
});
export type FlagStatus = z.infer<typeof FlagStatusSchema>;

const dateText = z.string();
const birthDateSource = z.enum(['PROVIDER', 'UPLOAD']);

/** Why a record is flagged: the dates and age used, or the other records of its group. */
export const FlagEvidenceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('AGE'),
    dateOfBirth: dateText,
    /** The provider's date of birth when the record was verified, else the uploaded one. */
    dateOfBirthSource: birthDateSource,
    age: z.number(),
    asOf: dateText,
    retirementAge: z.number(),
  }),
  z.object({
    kind: z.literal('SERVICE'),
    dateOfFirstAppointment: dateText,
    yearsOfService: z.number(),
    asOf: dateText,
    serviceLimit: z.number(),
  }),
  z.object({
    kind: z.literal('APPOINTMENT_AGE'),
    dateOfBirth: dateText,
    dateOfBirthSource: birthDateSource,
    dateOfFirstAppointment: dateText,
    /** Whole years of age on the day of the first appointment. */
    ageAtAppointment: z.number(),
  }),
  z.object({
    kind: z.literal('BIRTH_DATE'),
    dateOfBirth: dateText,
    dateOfBirthSource: birthDateSource,
    problem: z.enum(['BEFORE_1920', 'IN_FUTURE']),
    asOf: dateText,
  }),
  z.object({
    kind: z.literal('APPOINTMENT_DATE'),
    dateOfFirstAppointment: dateText,
    /** The day it was judged against: today in the tenant's time zone. */
    asOf: dateText,
  }),
  z.object({
    kind: z.literal('SCALE'),
    /** The salary table's row (issue #35): its structure as the table writes it, grade and step. */
    structure: z.string(),
    gradeLevel: z.number(),
    step: z.number(),
    /** The record's salary grade id as written (the key read from it). */
    salaryGradeId: z.string().nullable(),
    /** In naira: the table's maximum monthly gross, the record's monthly gross, and the excess a month. */
    maximumAmount: z.number(),
    payAmount: z.number(),
    excessAmount: z.number(),
  }),
  z.object({
    kind: z.literal('EXIT'),
    /** The separations list's entry (issue #35). */
    exitDate: dateText,
    exitReason: ExitReasonSchema,
    reference: z.string().nullable(),
    /** Matched by the record's PSN, else by its NIN. */
    matchedBy: z.enum(['PSN', 'NIN']),
    asOf: dateText,
    /** The approved (COMPLETED) payroll exports after the exit date that carried the record, oldest first. */
    exports: z.array(z.object({ exportId: z.string(), approvedAt: z.string() })),
    /** Monthly pay × those exports, in naira: paid since the exit, recoverable. */
    recoverableAmount: z.number(),
  }),
  z.object({
    kind: z.literal('NOMINAL_ROLL'),
    /** The ministry whose roll does not name the person, as the roll writes it (issue #35). */
    ministry: z.string(),
    /** The roll's 'as of' date, and the upload that wrote it. */
    asOf: dateText,
    uploadId: z.string(),
    fileName: z.string(),
    /** Another ministry whose roll names the person (by PSN, else NIN), the first by name; else null. */
    onRollOf: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('ACCOUNT_NUMBER'),
    /** The bank as the record writes it, and the CBN's name and code of the bank it means (issue #36). */
    bank: z.string(),
    bankName: z.string(),
    bankCode: z.string(),
    /** The account number, masked as in a records list (its last four digits, the check digit last). */
    accountNumber: MaskedIdentifierSchema,
    /** Why it cannot exist: not 10 digits long, not digits, or the check digit is not the bank's. */
    problem: z.enum(['LENGTH', 'NOT_DIGITS', 'CHECK_DIGIT']),
    /** LENGTH: how many characters it has. */
    length: z.number().nullable(),
    /** CHECK_DIGIT: the digit the bank's code and the serial give, and the one written. */
    expectedCheckDigit: z.number().nullable(),
    actualCheckDigit: z.number().nullable(),
  }),
  z.object({
    kind: z.literal('ACCOUNT_CHECK'),
    /** What the account check asked (issue #36 item 3): the bank as written, its CBN code, the number (masked). */
    bank: z.string(),
    bankCode: z.string(),
    accountNumber: MaskedIdentifierSchema,
    /** What the bank said: FOUND, CLOSED or NOT_FOUND; the name it holds the account in. */
    accountStatus: z.enum(['FOUND', 'CLOSED', 'NOT_FOUND']),
    accountName: z.string().nullable(),
    /** The employee's name it was compared with, the name matcher's verdict and its reasons. */
    fullName: z.string(),
    nameVerdict: z.enum(['MATCH', 'CLOSE', 'DIFFERENT']).nullable(),
    nameReasons: z.array(z.string()),
    /** ACCOUNT_BVN_MISMATCH: the bank's BVN and the list's, masked. */
    accountBvn: MaskedIdentifierSchema.nullable(),
    listBvn: MaskedIdentifierSchema.nullable(),
    checkedAt: z.string(),
  }),
  z.object({
    kind: z.literal('OTHER_PAYROLL'),
    /**
     * The other tenants whose payroll holds an identifier of this record (issue #36 item 4): their
     * name and state code and which identifiers matched, nothing of their records.
     */
    others: z.array(
      z.object({
        tenantName: z.string(),
        stateCode: z.string(),
        fields: z.array(z.enum(CROSS_TENANT_FIELDS)),
      }),
    ),
  }),
  z.object({
    kind: z.literal('GROUP'),
    field: z.enum(['BANK_ACCOUNT', 'BVN', 'NIN']),
    /**
     * The shared value: bank and account number, BVN or NIN; the numbers masked as in a records
     * list (issue #31 item 3: a flags page names up to 100 people; the record's view has them).
     */
    bank: z.string().nullable(),
    accountNumber: MaskedIdentifierSchema.nullable(),
    value: MaskedIdentifierSchema,
    /** Records in the group, this one included. */
    groupSize: z.number(),
    /**
     * The group's other records (the first 20 by PSN); for a reviewer, one outside their
     * assignments shows no PSN or name.
     */
    others: z.array(
      z.object({
        recordId: z.string().nullable(),
        psn: z.string().nullable(),
        fullName: z.string().nullable(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('REMOVED_MATCH'),
    /** The identity fields shared with any removed record. */
    fields: z.array(z.enum(IDENTITY_FIELDS)),
    /**
     * The removed records (the first 20, latest removed first); for a reviewer, one outside their
     * assignments shows no PSN or name.
     */
    removed: z.array(RemovedMatchSchema),
  }),
]);
export type FlagEvidence = z.infer<typeof FlagEvidenceSchema>;

/** A GROUP, ACCOUNT_NUMBER or ACCOUNT_CHECK flag's evidence as the API gives it: numbers masked (maskIdentifier). */
export function maskFlagEvidence(evidence: FlagEvidence): FlagEvidence {
  if (evidence.kind === 'ACCOUNT_NUMBER')
    return { ...evidence, accountNumber: maskIdentifier(evidence.accountNumber)! };
  if (evidence.kind === 'ACCOUNT_CHECK')
    return {
      ...evidence,
      accountNumber: maskIdentifier(evidence.accountNumber)!,
      accountBvn: maskIdentifier(evidence.accountBvn),
      listBvn: maskIdentifier(evidence.listBvn),
    };
  if (evidence.kind !== 'GROUP') return evidence;
  const value = maskIdentifier(evidence.value)!;
  return { ...evidence, accountNumber: maskIdentifier(evidence.accountNumber), value };
}

export const IntegrityFlagSchema = z.object({
  id: z.string(),
  recordId: z.string(),
  psn: z.string().nullable(),
  fullName: z.string(),
  ministry: z.string().nullable(),
  department: z.string().nullable(),
  recordStatus: z.string(),
  rule: IntegrityRuleSchema,
  evidence: FlagEvidenceSchema,
  /** The record's monthly gross pay in naira (exact to the kobo); null when unknown. */
  monthlyAmount: z.number().nullable(),
  status: FlagStatusSchema,
  raisedAt: z.string(),
  decision: z
    .object({
      decision: z.enum(INTEGRITY_DECISIONS),
      reasonCode: z.string(),
      reasonLabel: z.string(),
      note: z.string().nullable(),
      decidedAt: z.string(),
      decidedByEmail: z.string().nullable(),
    })
    .nullable(),
});
export type IntegrityFlag = z.infer<typeof IntegrityFlagSchema>;

const rulesList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean),
  );

/**
 * GET /integrity/flags: by rule, ministry, department (ids or names), status (OPEN unless said) and
 * a search of the flagged person by name, PSN or Work ID (`q`, as the records list reads it).
 */
export const FlagsQuerySchema = PageQuerySchema.extend({
  rule: rulesList.pipe(z.array(IntegrityRuleSchema)),
  ministry: RecordsQuerySchema.shape.ministry,
  department: RecordsQuerySchema.shape.department,
  status: rulesList.pipe(z.array(FlagStatusSchema)),
  q: RecordsQuerySchema.shape.q,
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type FlagsQuery = z.input<typeof FlagsQuerySchema>;

export const FlagsPageSchema = pageOf(IntegrityFlagSchema);
export type FlagsPage = z.infer<typeof FlagsPageSchema>;

export const INTEGRITY_STATUSES = ['CURRENT', 'RUNNING', 'STALE'] as const;

const figures = {
  /** Records flagged (each once). */
  flaggedRecords: z.number(),
  /** Their monthly gross pay in naira, exact to the kobo. */
  monthlyAmount: z.number(),
  /** Flagged records without a monthly gross pay (counted 0 in monthlyAmount). */
  payUnknownRecords: z.number(),
};

export const IntegritySummarySchema = z.object({
  status: z.enum(INTEGRITY_STATUSES),
  evaluatedAt: z.string().nullable(),
  asOf: z.string().nullable(),
  /** Steps of the run under way (RUNNING), else null. */
  progress: z.object({ done: z.number(), total: z.number() }).nullable(),
  rules: z.array(
    z.object({
      code: IntegrityRuleSchema,
      label: z.string(),
      enabled: z.boolean(),
      ...figures,
      /** PAID_AFTER_EXIT only (issue #35): paid since the exit, by the approved exports after it. */
      recoverableAmount: z.number().optional(),
    }),
  ),
  ...figures,
  /** Paid since the exit to the records PAID_AFTER_EXIT flags, in naira (issue #35): recoverable. */
  recoverableAmount: z.number(),
  /** Pay at stake by ministry, largest first. */
  byMinistry: z.array(z.object({ ministryId: z.string().nullable(), ministry: z.string(), ...figures })),
});
export type IntegritySummary = z.infer<typeof IntegritySummarySchema>;

export const FlagIdParamsSchema = z.object({ id: idSchema(INTEGRITY_MESSAGES.flagNotFound) });

const pairTenant = z.object({ id: z.string(), name: z.string(), stateCode: z.string() });

/**
 * GET /global-admin/integrity/cross-tenant (issue #36 item 4): for each pair of tenants whose
 * payrolls share identifiers, how many records of each are on the other's, and how many matches
 * of each identifier; counts only, never people.
 */
export const CrossTenantPairsSchema = z.object({
  pairs: z.array(
    z.object({
      first: pairTenant,
      second: pairTenant,
      /** Records of the first tenant with an identifier on the second's payroll, and the reverse. */
      firstRecords: z.number(),
      secondRecords: z.number(),
      /** Matching identifiers by kind (a pair of records sharing a NIN and a BVN counts once in each). */
      byField: z.object({ NIN: z.number(), BVN: z.number(), BANK_ACCOUNT: z.number() }),
    }),
  ),
});
export type CrossTenantPairs = z.infer<typeof CrossTenantPairsSchema>;
