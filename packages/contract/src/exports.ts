import { z } from 'zod';
import { dayIn } from './time-zone.ts';

/** AWAITING_APPROVAL: generated, waiting for a second approver before it can be downloaded (issue #22). */
export const EXPORT_STATUSES = ['PENDING', 'PROCESSING', 'AWAITING_APPROVAL', 'COMPLETED', 'FAILED'] as const;
export const ACTIVE_EXPORT_STATUSES: readonly string[] = ['PENDING', 'PROCESSING'];

export const ExportJobSchema = z.object({
  id: z.string(),
  status: z.enum(EXPORT_STATUSES),
  statusMessage: z.string().nullable(),
  recordCount: z.number(),
  sizeBytes: z.number(),
  sha256: z.string().nullable(),
  exportedByEmail: z.string(),
  exportTimestamp: z.string(),
  finishedAt: z.string().nullable(),
  /** The second approver of an export (issue #22); null without one. */
  approvedByEmail: z.string().nullable().optional(),
  approvedAt: z.string().nullable().optional(),
  /** The pending approval of an AWAITING_APPROVAL export. */
  approvalId: z.string().nullable().optional(),
});
export type ExportJob = z.infer<typeof ExportJobSchema>;

/**
 * The payroll file's name (issue #17): `payroll-{stateCode}-{YYYY-MM-DD}-{export id}.csv`, the date
 * the export was generated as the calendar reads in the tenant's time zone (issue #31 item 12: the
 * day the export list shows), the id kept as SPEC §7 names the file after it. The server sends it
 * in Content-Disposition; the web saves under it.
 */
export function exportFileName(
  stateCode: string,
  generatedAt: Date | string,
  id: string,
  zone: string,
): string {
  return `payroll-${stateCode}-${dayIn(generatedAt, zone)}-${id}.csv`;
}

/** Columns of the payroll file, in order. */
export const EXPORT_COLUMNS = [
  'PSN',
  'Work ID',
  'Full Name',
  'Ministry',
  'Department',
  'Grade Level',
  'Salary Grade ID',
  'Salary Structure',
  'NIN',
  'Date of Birth',
  'Status',
  'Validated At',
] as const;

export const EXPORT_MESSAGES = {
  loadFailed: 'Failed to load export history.',
  initiated: 'Payroll export job initiated! The list will update shortly.',
  initiateFailed: 'Failed to initiate export.',
  downloadFailed: 'Failed to download file.',
  noExports: 'No Exports Found',
  notReady: 'This export is not ready for download.',
  interrupted: 'The export was interrupted before it finished; nothing was kept. Generate a new export.',
  /** Refusal to generate: validated records whose salary grade id names another grade (issue #17). */
  salaryGradeConflicts: (total: number, listed: string[]) =>
    `The payroll cannot be generated: ${total.toLocaleString('en-US')} validated ${total === 1 ? 'record has' : 'records have'} a Salary Grade ID of another grade: ${listed.join('; ')}${total > listed.length ? `; and ${(total - listed.length).toLocaleString('en-US')} more` : ''}. Correct the Salary Grade ID in the master list and upload it again, then generate the export.`,
} as const;

/** How many records a refusal lists by name. */
export const LISTED_CONFLICTS = 10;
