import { z } from 'zod';
import { countOf } from './counts.ts';
import { idSchema } from './fields.ts';
import { RECORD_STATUSES } from './record-statuses.ts';

export { RECORD_STATUSES };
export const RecordStatusSchema = z.enum(RECORD_STATUSES);
export type RecordStatus = z.infer<typeof RecordStatusSchema>;
/**
 * The states in which an employee re-verifies their identity (DESIGN §6; issue #33: a suspended
 * no-show comes forward this way). The server's record-state REVERIFIED rule and the profile's
 * "action required" card read this one list.
 */
export const REVERIFIABLE_STATUSES = [
  'AWAITING_REVALIDATION',
  'SUSPENDED',
] as const satisfies readonly RecordStatus[];

/** A master record as the API returns it (SPEC §3); the two data maps are JSON text. */
export const MasterRecordSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  employeeId: z.string().nullable(),
  ssid: z.string().nullable(),
  nin: z.string().nullable(),
  psn: z.string().nullable(),
  ministry: z.string().nullable(),
  ministryId: z.string().nullable(),
  department: z.string().nullable(),
  departmentId: z.string().nullable(),
  gradeLevel: z.string().nullable(),
  salaryGradeId: z.string().nullable(),
  salaryStructure: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The payroll columns (issue #21); monthlyGrossPay in naira, exact to the kobo (two decimals at most). */
  dateOfFirstAppointment: z.string().nullable(),
  bank: z.string().nullable(),
  accountNumber: z.string().nullable(),
  bvn: z.string().nullable(),
  monthlyGrossPay: z.number().nullable(),
  status: z.string(),
  originalUploadData: z.string(),
  sotData: z.string().nullable(),
  lastError: z.string().nullable(),
  lastVerifiedAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
  version: z.number(),
  /** The reason code of the record's status (a rejection's, issue #22). */
  statusReasonCode: z.string().nullable().optional(),
  /** While PENDING_SECOND_APPROVAL: the status it returns to on a decline (VALIDATED: still paid). */
  statusBeforeApproval: z.string().nullable().optional(),
});
export type MasterRecord = z.infer<typeof MasterRecordSchema>;

/**
 * Issue #31 item 3: a list hands out no identity or bank number in full. Its masked form: '••••'
 * and the last 4 characters (a value of 4 or fewer: the mask alone), enough to tell two people
 * apart on a screen, not enough to use. The full values come with one record's view
 * (GET /records/:id, the comparison), each audited as RECORD_VIEWED.
 */
export const IDENTIFIER_MASK = '••••';
export function maskIdentifier(value: string | null): string | null {
  if (value === null) return null;
  return IDENTIFIER_MASK + (value.length > 4 ? value.slice(-4) : '');
}
/** A masked identifier (what maskIdentifier gives). */
export const MaskedIdentifierSchema = z
  .string()
  .startsWith(IDENTIFIER_MASK)
  .max(IDENTIFIER_MASK.length + 4);

/**
 * A record as a list returns it (records list and search, both queues, the not-found list): NIN,
 * SSID, BVN and account number masked; the uploaded row and the provider's data (which carry them
 * too) left out. The monthly gross pay stays (DECISIONS 156).
 */
export const RecordListItemSchema = MasterRecordSchema.omit({
  originalUploadData: true,
  sotData: true,
}).extend({
  ssid: MaskedIdentifierSchema.nullable(),
  nin: MaskedIdentifierSchema.nullable(),
  accountNumber: MaskedIdentifierSchema.nullable(),
  bvn: MaskedIdentifierSchema.nullable(),
});
export type RecordListItem = z.infer<typeof RecordListItemSchema>;

/** The one way a record becomes a list item. */
export function toRecordListItem(record: MasterRecord): RecordListItem {
  const { originalUploadData: _upload, sotData: _sot, ...rest } = record;
  return {
    ...rest,
    ssid: maskIdentifier(record.ssid),
    nin: maskIdentifier(record.nin),
    accountNumber: maskIdentifier(record.accountNumber),
    bvn: maskIdentifier(record.bvn),
  };
}

/** A filter value may repeat (?status=a&status=b) or be comma-separated (?status=a,b). */
const listOf = (separator: RegExp) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (v === undefined ? [] : Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(separator))
        .map((s) => s.trim())
        .filter(Boolean),
    );
const multi = listOf(/,/);
/**
 * Names of ministries, departments and grades: a comma followed by a space belongs to the name
 * ("Ministry of Works, Housing and Transport"); only a bare comma separates (?ministry=a,b).
 */
const names = listOf(/,(?!\s)/);

export const MAX_PAGE_SIZE = 500;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
});

/** Most characters a search (`q`) takes. */
export const MAX_SEARCH_LENGTH = 100;

/**
 * `q`: a person by name, PSN or Work ID (issue #17). Each word starts a word of the name (any
 * order, case and accents ignored), or the whole of it starts the PSN or the Work ID; trimmed, and a
 * blank one searches nothing.
 */
export const SearchTextSchema = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, `Cannot exceed ${MAX_SEARCH_LENGTH} characters`)
  .optional()
  .transform((v) => v || undefined);

/** ministry and department take ids (from the facets) or names; grade and status take values. */
export const RecordsQuerySchema = PageQuerySchema.extend({
  ministry: names,
  department: names,
  grade: names,
  /** Unknown states are a 400 naming the known ones, not an empty page. */
  status: multi.pipe(
    z.array(z.enum(RECORD_STATUSES, { error: `Unknown status: use one of ${RECORD_STATUSES.join(', ')}` })),
  ),
  ids: multi,
  q: SearchTextSchema,
});
export type RecordsQuery = z.input<typeof RecordsQuerySchema>;

/** Most ids one search takes: every record an upload of the largest master list can flag. */
export const MAX_SEARCH_IDS = 100_000;

/**
 * POST /records/search: the records list for any number of ids (a query string holds about 300),
 * e.g. every record an upload flagged for re-verification; the other fields as in the query.
 */
export const RecordsSearchSchema = RecordsQuerySchema.extend({
  ids: z.array(idSchema()).max(MAX_SEARCH_IDS).default([]),
});
export type RecordsSearch = z.input<typeof RecordsSearchSchema>;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

export const RecordsPageSchema = pageOf(RecordListItemSchema).extend({
  /** All records of the tenant, whatever the filters (the chip's 'filtered / total'). */
  unfilteredTotal: z.number(),
});
export type RecordsPage = z.infer<typeof RecordsPageSchema>;

export const NamedSchema = z.object({ id: z.string(), name: z.string() });
export type Named = z.infer<typeof NamedSchema>;

export const FacetsSchema = z.object({
  ministries: z.array(NamedSchema),
  departments: z.array(NamedSchema),
  grades: z.array(z.string()),
  statuses: z.array(z.string()),
});
export type Facets = z.infer<typeof FacetsSchema>;

export const UploadSummarySchema = z.object({
  newRecordsCreated: z.number(),
  existingRecordsUpdated: z.number(),
  recordsRequiringReverificationIds: z.array(z.string()),
  /**
   * With a second approver on (issue #30): records in the payroll whose identity the upload changed,
   * kept in the payroll until a different tenant admin approves their re-verification.
   */
  reverificationAwaitingApproval: z.number(),
  /**
   * Record fields the file has no column for (their labels, as the template spells them): left as
   * they were on every existing record (issue #30).
   */
  columnsNotInFile: z.array(z.string()),
  /**
   * Per column the file has, the existing records whose stored value a blank cell left as it was
   * (a blank cell never erases a value: edit the record to clear one).
   */
  blankCellsKept: z.array(z.object({ column: z.string(), records: z.number() })),
  /**
   * Rows of the file whose record shares a NIN, SSID, BVN or bank account with a record removed
   * from the payroll (issue #30): each is held out of the payroll until its integrity flag is decided.
   */
  sharesRemovedIdentity: z.number(),
});
export type UploadSummary = z.infer<typeof UploadSummarySchema>;

export const UploadRowErrorSchema = z.object({ row: z.number(), column: z.string(), reason: z.string() });
export type UploadRowError = z.infer<typeof UploadRowErrorSchema>;

/** `details` of a 422 upload answer: how many errors, and the first 100. */
export const UploadRejectionSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.object({ errorCount: z.number(), errors: z.array(UploadRowErrorSchema) }).optional(),
});
export type UploadRejection = z.infer<typeof UploadRejectionSchema>;

export const UploadHistoryEntrySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  sizeBytes: z.number(),
  rowCount: z.number(),
  newRecords: z.number(),
  updatedRecords: z.number(),
  reverificationRecords: z.number(),
  uploadedByEmail: z.string(),
  createdAt: z.string(),
});
export type UploadHistoryEntry = z.infer<typeof UploadHistoryEntrySchema>;

export const NotifyRequestSchema = z.object({
  recordIds: z.array(idSchema()).min(1, 'Choose at least one record').max(100_000),
});
export const NotifyResponseSchema = z.object({
  message: z.string(),
  queued: z.number(),
  withoutAddress: z.number(),
  /** Ids that name no record of the tenant (another tenant's records are not found either). */
  notFound: z.number(),
});
export type NotifyResponse = z.infer<typeof NotifyResponseSchema>;

export const RECORD_MESSAGES = {
  loadFailed: 'Failed to load records',
  loaded: (n: number) => `Loaded ${countOf(n, 'record')} successfully`,
  filtersCleared: 'Filters cleared',
  uploadFailed: 'Could not upload the file!',
  notifyStarted: 'Notification process started!',
  notifyFailed: 'Failed to start notification process.',
  saveFailed: 'Error: Could not save changes. ',
  updated: 'Record updated successfully!',
} as const;

/** The headers of the downloadable template, in the order a person fills them in. */
export const TEMPLATE_HEADERS = [
  'Full Name',
  'Employee ID',
  'PSN',
  'NIN',
  'SSID',
  'Ministry',
  'Department',
  'Grade Level',
  'Salary Grade ID',
  'Salary Structure',
  'Date of Birth',
  'Email',
  'Phone',
  'Date of First Appointment',
  'Bank',
  'Account Number',
  'BVN',
  'Monthly Gross Pay',
] as const;
