import { z } from 'zod';
import { auditActionLabel } from './audit.ts';
import { pageOf, PageQuerySchema } from './records.ts';

/**
 * The people behind an export's figures (issue #30 items 5 and 6): who an export awaiting
 * approval adds to and removes from the payroll against the last approved export, each with the
 * decision that moved them; and, when the payroll has moved since the export was generated, who
 * joined or left it since (the export can then not be approved as it is).
 */

export const EXPORT_CHANGES = ['ADDED', 'REMOVED'] as const;
export type ExportChange = (typeof EXPORT_CHANGES)[number];

/** Why a person was added or removed: the decision on the record that moved it, from the audit trail. */
export const ExportChangeCauseSchema = z.object({
  /**
   * DECISION: an event of the record's trail (its action below); DELETED: the record is no longer in
   * the master list; NONE: nothing on the record's trail moved it (e.g. loaded as it is).
   */
  kind: z.enum(['DECISION', 'DELETED', 'NONE']),
  /** The audit action (RECORD_APPROVED, RECORD_REJECTED, RECORD_REVERIFICATION_REQUIRED, …). */
  action: z.string().nullable(),
  /** The action as people read it. */
  label: z.string(),
  /** The record's status the decision left it in. */
  status: z.string().nullable(),
  reasonCode: z.string().nullable(),
  reasonLabel: z.string().nullable(),
  /** Who took the decision (the maker, when a second approver approved it). */
  decidedBy: z.string().nullable(),
  /** The second approver who approved it, when it went through four-eyes. */
  approvedBy: z.string().nullable(),
  at: z.string().nullable(),
});
export type ExportChangeCause = z.infer<typeof ExportChangeCauseSchema>;

/** One person an export adds to or removes from the payroll, as the record stands now. */
export const ExportChangePersonSchema = z.object({
  change: z.enum(EXPORT_CHANGES),
  recordId: z.string(),
  psn: z.string().nullable(),
  /** Null when the record is no longer in the master list. */
  fullName: z.string().nullable(),
  ministry: z.string().nullable(),
  /** Naira, exact to the kobo; null when unknown. */
  monthlyGrossPay: z.number().nullable(),
  /** The record's status now; null when deleted. */
  status: z.string().nullable(),
  cause: ExportChangeCauseSchema,
});
export type ExportChangePerson = z.infer<typeof ExportChangePersonSchema>;

export const EXPORT_CHANGES_PAGE_SIZE_MAX = 100;

/** GET /approvals/{id}/export-changes. */
export const ExportChangesQuerySchema = PageQuerySchema.extend({
  /** A page past the last is empty; the bound keeps the range within the numbers' type. */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  change: z
    .enum(EXPORT_CHANGES, { error: `Unknown change: use one of ${EXPORT_CHANGES.join(', ')}` })
    .default('ADDED'),
  pageSize: z.coerce.number().int().min(1).max(EXPORT_CHANGES_PAGE_SIZE_MAX).default(25),
});
export type ExportChangesQuery = z.input<typeof ExportChangesQuerySchema>;

export const ExportChangesPageSchema = pageOf(ExportChangePersonSchema).extend({
  change: z.enum(EXPORT_CHANGES),
  /** The last approved export compared with; null when this is the first. */
  previousExportId: z.string().nullable(),
});
export type ExportChangesPage = z.infer<typeof ExportChangesPageSchema>;

/** How many people a stale export's refusal names, of each change (the counts are whole). */
export const STALE_PEOPLE_SHOWN = 100;

/**
 * The 409 of approving an export whose members differ from the payroll now: who joined (ADDED) and
 * left (REMOVED) the payroll since it was generated, the first STALE_PEOPLE_SHOWN of each.
 */
export const ExportStaleDetailsSchema = z.object({
  joined: z.number(),
  left: z.number(),
  people: z.array(ExportChangePersonSchema),
});
export type ExportStaleDetails = z.infer<typeof ExportStaleDetailsSchema>;

const people = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'person' : 'people'}`;

export const EXPORT_CHANGES_MESSAGES = {
  notAnExport: 'This approval is not of a payroll export',
  /** 409: the payroll moved between the export's generation and its approval. */
  stale: (joined: number, left: number) =>
    `The payroll has changed since this export was generated: ${people(joined)} joined and ${people(left)} left it. It cannot be approved as it is: decline it and generate a new export.`,
  deleted: 'Deleted from the master list',
  none: 'No decision on record',
} as const;

/** The columns of the people-changed CSV, in order. */
export const EXPORT_CHANGES_CSV_COLUMNS = [
  'change',
  'psn',
  'fullName',
  'ministry',
  'monthlyGrossPay',
  'status',
  'cause',
  'reasonCode',
  'reason',
  'decidedBy',
  'approvedBy',
  'decidedAt',
  'recordId',
] as const;

/** The file's name: the export's id, so two exports' lists never overwrite each other. */
export const exportChangesFileName = (exportId: string) => `payroll-changes-${exportId}.csv`;

/**
 * The cause in one line ('Record rejected (Deceased) by a@x, approved by b@y on 2026-11-28'):
 * the screen's and the message's wording.
 */
export function exportChangeCauseText(c: ExportChangeCause): string {
  if (c.kind === 'DELETED') return EXPORT_CHANGES_MESSAGES.deleted;
  if (c.kind === 'NONE') return EXPORT_CHANGES_MESSAGES.none;
  const label = c.action ? auditActionLabel(c.action) : c.label;
  const reason = c.reasonLabel ?? c.reasonCode;
  return [
    label,
    reason ? ` (${reason})` : '',
    c.decidedBy ? ` by ${c.decidedBy}` : '',
    c.approvedBy ? `, approved by ${c.approvedBy}` : '',
    c.at ? ` on ${c.at.slice(0, 10)}` : '',
  ].join('');
}
