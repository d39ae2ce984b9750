import { ACTIVE_EXPORT_STATUSES, EXPORT_MESSAGES, type ExportJob } from '@portal/contract/exports';
import { TIMINGS } from '@portal/contract/limits';
import { createActivePollSchedule } from '../../../lib/active-poll-schedule.ts';
import { ApiError } from '../../../lib/api-client.ts';

type ExportStatus = Pick<ExportJob, 'status'>;

/** PENDING or PROCESSING: the export still changes, so the history polls. */
export function isActiveExport(job: ExportStatus): boolean {
  return ACTIVE_EXPORT_STATUSES.includes(job.status);
}

/**
 * SPEC §2: the file can be downloaded only once the export is COMPLETED; with a second approver
 * (issue #22) an export is AWAITING_APPROVAL until another tenant admin approves it.
 */
export function canDownload(job: ExportStatus): boolean {
  return job.status === 'COMPLETED';
}

/** The history's `refetchInterval`: first poll 5000 ms after an active export shows, then every 15000 ms (SPEC §9). */
export function createExportPollSchedule(
  timings = { firstDelayMs: TIMINGS.exportPollDelayMs, everyMs: TIMINGS.exportPollEveryMs },
) {
  return createActivePollSchedule(isActiveExport, timings);
}

/** The export has been generated and waits for a second approver before its file can be fetched. */
export function isAwaitingApproval(job: ExportStatus): boolean {
  return job.status === 'AWAITING_APPROVAL';
}

/** The export has counted its records (a 0 before that would be misleading). */
export function hasRecordCount(job: ExportStatus): boolean {
  return job.status === 'COMPLETED' || job.status === 'AWAITING_APPROVAL';
}

const CONFLICT = 409;

/**
 * The toast of a refused start: a 409 (an export already active) tells its own reason; anything
 * else is SPEC §8's 'Failed to initiate export.'.
 */
export function initiateFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === CONFLICT && error.serverMessage)
    return error.serverMessage;
  return EXPORT_MESSAGES.initiateFailed;
}

/** The toast of a refused download: a 409 (awaiting approval) tells its own reason. */
export function downloadFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === CONFLICT && error.serverMessage)
    return error.serverMessage;
  return EXPORT_MESSAGES.downloadFailed;
}
