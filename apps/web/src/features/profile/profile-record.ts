import { REVERIFIABLE_STATUSES, type MasterRecord } from '@portal/contract/records';
import { formatRecordStatus } from '../../lib/format.ts';
import { PROFILE_TEXTS } from './profile-texts.ts';

/** 'AWAITING_REVALIDATION' → 'Awaiting Revalidation'; a status the product does not know is 'Unknown'. */
export const statusLabel = formatRecordStatus;

/** A value, or 'N/A' when it is missing or blank (SPEC §2). */
export function orNotAvailable(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : PROFILE_TEXTS.notAvailable;
}

export interface ProfileRow {
  label: string;
  value: string;
}

/** The rows of the profile card under the name and Work ID, in SPEC order. */
export function profileRows(record: MasterRecord): ProfileRow[] {
  const f = PROFILE_TEXTS.fields;
  return [
    { label: f.status, value: statusLabel(record.status) },
    { label: f.ssid, value: orNotAvailable(record.ssid) },
    { label: f.nin, value: orNotAvailable(record.nin) },
    { label: f.ministry, value: orNotAvailable(record.ministry) },
    { label: f.department, value: orNotAvailable(record.department) },
    { label: f.gradeLevel, value: orNotAvailable(record.gradeLevel) },
  ];
}

export function workIdOf(record: MasterRecord): string {
  return record.employeeId?.trim() ? record.employeeId.trim() : PROFILE_TEXTS.notAssigned;
}

/** Asked to re-verify: awaiting it, or suspended as a no-show (issue #33: they may still come forward). */
export const needsReverification = (record: MasterRecord) =>
  (REVERIFIABLE_STATUSES as readonly string[]).includes(record.status);
