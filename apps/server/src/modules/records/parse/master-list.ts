import { MASTER_ALIASES, masterMissingColumns, type Field } from './headers.ts';
import type { ListKind } from './list-kind.ts';
import { normaliseRow, type MasterRow } from './row-normalise.ts';

/** Ministry and department names as written in a batch, each once: the ingest creates them first. */
export interface MasterBatchNames {
  ministries: string[];
  departments: string[];
}

/** The personnel master list: the first list the upload machinery reads. */
export const listKind: ListKind<Field, MasterRow, MasterBatchNames> = {
  name: 'master list',
  moduleUrl: import.meta.url,
  aliases: MASTER_ALIASES,
  missingColumns: masterMissingColumns,
  normalise: normaliseRow,
  /** The column order of the upload's batch table (see ingest.repo.ts BATCH_COLUMNS). */
  copyRow: (r) => [
    r.rowNumber,
    r.naturalKey,
    r.keyColumn,
    r.fullName,
    r.employeeId,
    r.psn,
    r.nin,
    r.ssid,
    r.ministry,
    r.department,
    r.gradeLevel,
    r.salaryGradeId,
    r.salaryStructure,
    r.dateOfBirth,
    r.email,
    r.phone,
    r.dateOfFirstAppointment,
    r.bank,
    r.accountNumber,
    r.bvn,
    r.monthlyGrossKobo,
    JSON.stringify(r.original),
  ],
  extraOf: (rows) => ({
    ministries: [...new Set(rows.map((r) => r.ministry))],
    departments: [...new Set(rows.map((r) => r.department))],
  }),
};

export const masterList = listKind;
