import type { HrListUploadSummary } from '@portal/contract/hr-lists';
import type { Actor } from '../../access/actor.ts';
import type { UploadedFile } from '../records/upload.service.ts';
import type { HrListUploadConfig, HrListUploader } from './hr-list-upload.ts';
import { salaryTableList } from './salary-table-list.ts';
import { SalaryTableSession, type Replaced } from './salary-table.repo.ts';

/**
 * The salary table's upload (issue #35): replacing the tenant's whole table. Its summary counts
 * keys: `created` the keys (structure, grade, step) the table did not have, `updated` the kept keys
 * whose amounts changed; keys the file no longer has are deleted and counted in the audit entry
 * (`removed`). An empty file is refused: it would clear every maximum.
 */
const SALARY_TABLE: HrListUploadConfig<Replaced> = {
  kind: 'SALARY_TABLE',
  list: salaryTableList,
  session: SalaryTableSession,
  repeated: (d) => ({
    row: d.row,
    column: 'Salary Structure, Grade Level, Step',
    reason: `This row and row ${d.firstRow} give the same structure, grade and step`,
  }),
  note: (fileName) => `Salary table upload of ${fileName}`,
};

export class SalaryTableService {
  constructor(private readonly uploader: HrListUploader) {}

  async upload(actor: Actor, file: UploadedFile): Promise<HrListUploadSummary> {
    return this.uploader.upload(SALARY_TABLE, actor, file);
  }
}
