import { z } from 'zod';
import { PageQuerySchema } from './records.ts';

/**
 * The audit log (issue #22 item 3): who did what, when, on which record, from which address, with
 * the values before and after. The trail is append-only; this is how it is read.
 */

/**
 * Every action the portal writes to the trail, with the label people read. An action written
 * without a label here fails a test (apps/server/test/api/audit-log.test.ts); the screen shows an
 * unknown one as it is written.
 */
export const AUDIT_ACTION_LABELS = {
  // Signing in and out
  SIGN_IN: 'Signed in',
  SIGN_IN_FAILED: 'Failed sign-in',
  USER_LOGOUT: 'Signed out',
  // Personal data viewed
  RECORD_VIEWED: 'Record viewed',
  // Master list
  UPLOAD: 'Master list uploaded',
  UPLOAD_REJECTED: 'Master list upload refused',
  RECORD_UPDATED_BY_UPLOAD: 'Record updated by upload',
  // The other HR lists (issue #35): after.kind says which list
  HR_LIST_UPLOADED: 'HR list uploaded',
  HR_LIST_UPLOAD_REJECTED: 'HR list upload refused',
  NOT_ON_PAYROLL_DOWNLOADED: 'People on a nominal roll but not on the payroll downloaded',
  RECORD_REVERIFICATION_REQUIRED: 'Re-verification required',
  RECORD_RECOMPARED_AFTER_UPLOAD: 'Compared again after upload',
  RECORD_RECOMPARED_AFTER_SETTINGS: 'Compared again after settings change',
  RECORD_SUSPENDED: 'Suspended: did not appear in a verification exercise',
  RECORD_REAPPEARED: 'Came forward after suspension: to be verified again',
  REVERIFICATION_NOTICES_QUEUED: 'Re-verification notices sent',
  // Verification and review
  BULK_VERIFICATION_STARTED: 'Bulk verification started',
  ACCOUNT_CHECK_STARTED: 'Account check started',
  // Each record's outcome of a bulk verification (issue #31 item 8; after.mismatchedFields names a
  // mismatch's fields, the note the job).
  RECORD_VERIFIED: 'Verified against the identity source: matched',
  RECORD_VERIFIED_MISMATCH: 'Verified against the identity source: mismatch',
  RECORD_NOT_FOUND_IN_SOURCE: 'Not found in the identity source',
  RECORD_REVERIFIED: 'Record re-verified',
  RECORD_APPROVED: 'Record approved',
  RECORD_REJECTED: 'Record rejected',
  RECORD_MISMATCH_RESOLVED: 'Mismatch resolved',
  RECORD_EDITED: 'Record edited',
  RECORD_INTEGRITY_CONFIRMED: 'Integrity flag confirmed',
  INTEGRITY_FLAG_DISMISSED: 'Integrity flag dismissed',
  // Second approver
  APPROVAL_REQUESTED: 'Second approval requested',
  APPROVAL_GRANTED: 'Second approval granted',
  APPROVAL_DECLINED: 'Second approval declined',
  APPROVAL_WITHDRAWN: 'Approval request withdrawn',
  // Payroll exports
  PAYROLL_EXPORT_REQUESTED: 'Payroll export requested',
  PAYROLL_EXPORTED: 'Payroll export generated',
  EXPORT_GENERATED: 'Payroll export generated',
  EXPORT_DOWNLOADED: 'Payroll export downloaded',
  EXPORT_CHANGES_DOWNLOADED: 'People added and removed by an export downloaded',
  AUDIT_LOG_EXPORTED: 'Audit log downloaded',
  // Claims and consent
  ACCOUNT_CLAIMED: 'Account claimed',
  CLAIM_CONSENT_ACCEPTED: 'Consent accepted',
  // Users, assignments and settings
  USER_CREATED: 'User created',
  REVIEWER_ASSIGNMENTS_UPDATED: 'Reviewer assignments changed',
  AGENT_ASSIGNMENTS_UPDATED: 'Field agent assignments changed',
  TENANT_SETTINGS_UPDATED: 'Settings changed',
  REASON_CODE_ADDED: 'Reason code added',
  REASON_CODE_RETIRED: 'Reason code retired',
  // Verification exercises (issue #33)
  CAMPAIGN_CREATED: 'Verification exercise created',
  CAMPAIGN_EXTENDED: 'Verification exercise extended',
  CAMPAIGN_EXCUSED: 'Excused from a verification exercise',
  CAMPAIGN_SCHEDULE_UPDATED: 'Verification exercise schedule changed',
  CAMPAIGN_NO_SHOWS_DOWNLOADED: 'No-show list downloaded',
  CAMPAIGN_NO_SHOWS_SUSPENDED: 'No-shows suspended',
  // Appeals (issue #34)
  APPEAL_LODGED: 'Appeal lodged',
  APPEAL_ASSIGNED: 'Appeal assigned',
  APPEAL_QUESTION_ASKED: 'Question asked about an appeal',
  APPEAL_ANSWERED: 'Appeal question answered',
  APPEAL_ATTACHMENT_ADDED: 'Document attached to an appeal',
  APPEAL_DECIDED: 'Appeal decided',
  RECORD_REINSTATED: 'Reinstated on appeal: back to review',
  APPEAL_ARREARS_DOWNLOADED: 'Arrears report downloaded',
  // Platform
  TENANT_CREATED: 'Tenant created',
  TENANT_UPDATED: 'Tenant updated',
  TENANT_SMS_GATEWAY_UPDATED: 'SMS gateway changed',
  TENANT_DELETED: 'Tenant deleted',
  SYSTEM_PING: 'System check',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

/** The label of an action; an action without one reads as it is written. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}

/**
 * Counting stops here: a filter that matches more shows '10,000+' (`totalExact` false). An exact
 * count of 1,000,000 events is a scan of them all on every page; nobody pages through 10,000
 * events, they narrow the filter (decision in bench/README.md's audit section).
 */
export const AUDIT_COUNT_CAP = 10_000;

/**
 * The days of `from` and `to` are the reader's tenant's time zone (time-zone.ts; the platform's,
 * Africa/Lagos, for the global admin), both included (issue #31 item 12).
 */

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Dates are YYYY-MM-DD' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), { error: 'Not a valid date' })
  .optional();
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

const filters = {
  /** The actor's email, as written (case ignored). */
  actor: text(254),
  /** One action name (AUDIT_ACTION_LABELS' keys; another name finds nothing). */
  action: text(64),
  /** A record by PSN or name, as the records' search reads them. */
  record: text(100),
  from: day,
  to: day,
};
const fromNotAfterTo = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const fromAfterTo = { error: '"from" must not be after "to"', path: ['from'] };

/** The filters of the log's CSV: each optional, all applied together. */
export const AuditFilterSchema = z.object(filters).refine(fromNotAfterTo, fromAfterTo);
export type AuditFilter = z.output<typeof AuditFilterSchema>;

/** A page of the log: the filters and the page. */
export const AuditQuerySchema = PageQuerySchema.extend(filters).refine(fromNotAfterTo, fromAfterTo);
export type AuditQuery = z.input<typeof AuditQuerySchema>;

/** Page sizes of the log's table (SPEC's convention of three sizes; the API's default is 50). */
export const AUDIT_PAGE_SIZES = [10, 25, 100] as const;

export const AuditEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  /** AUDIT_ACTION_LABELS' label. */
  label: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  recordId: z.string().nullable(),
  psn: z.string().nullable(),
  /** The record's name (its current one), beside its PSN; null for an event about no record. */
  recordName: z.string().nullable(),
  address: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  note: z.string().nullable(),
  /** One sentence that says what happened ('ada@… rejected record PSN-1 from 10.0.0.7'). */
  summary: z.string(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

export const AuditPageSchema = z.object({
  items: z.array(AuditEventSchema),
  /** Exact up to AUDIT_COUNT_CAP; at the cap when `totalExact` is false. */
  total: z.number(),
  totalExact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorEmail',
  'action',
  'label',
  'recordId',
  'psn',
  'address',
  'entityType',
  'entityId',
  'before',
  'after',
  'note',
] as const;

/** The changed fields of an event: each field with its value before and after. */
export function auditChanges(
  before: unknown,
  after: unknown,
): { field: string; before: unknown; after: unknown }[] {
  const b = isObject(before) ? before : {};
  const a = isObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return fields.map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
}

/** Field names that are not words. */
const FIELD_ACRONYMS: Record<string, string> = { nin: 'NIN', ssid: 'SSID', psn: 'PSN', bvn: 'BVN', id: 'ID' };

/** A changed field as people read it: 'gradeLevel' → 'Grade level', 'ssid' → 'SSID'. */
export function auditFieldLabel(field: string): string {
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_]+/)
    .filter(Boolean)
    .map((w) => FIELD_ACRONYMS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const AUDIT_TEXTS = {
  tab: 'Audit Log',
  platformTab: 'Platform Events',
  title: 'Audit Log',
  subtitle: 'Who did what, when, on which record and from which address',
  platformTitle: 'Platform Events',
  platformSubtitle:
    'Sign-ins of platform administrators, tenants created, changed and deleted, provider settings',
  actor: 'Actor (email)',
  action: 'Action',
  anyAction: 'Any action',
  record: 'Record (PSN or name)',
  from: 'From',
  to: 'To',
  clear: 'Clear Filters',
  download: 'Download CSV',
  empty: 'No Events Found',
  emptyHint: 'No event matches these filters.',
  loading: 'Loading Events...',
  loadFailed: 'The audit log could not be loaded.',
  downloadFailed: 'The audit log could not be downloaded.',
  columns: { at: 'When', actor: 'Who', action: 'What', record: 'Record', address: 'Address' },
  field: 'Field',
  before: 'Before',
  after: 'After',
  note: 'Note',
  noChanges: 'No values changed in this event.',
  expand: 'Show details',
  collapse: 'Hide details',
  moreThan: (n: number) => `${n.toLocaleString('en-NG')}+`,
} as const;
