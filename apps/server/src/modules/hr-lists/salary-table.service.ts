import { ERROR_CODES } from '@portal/contract/errors';
import type { HrListUploadSummary } from '@portal/contract/hr-lists';
import type { UploadRowError } from '@portal/contract/records';
import { scopeOf, type Actor } from '../../access/actor.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { UploadError, type ParseLimits } from '../records/parse/parse-upload.ts';
import { readUpload } from '../records/parse/read-upload.ts';
import { asAppError, MAX_ERRORS, rejection, type UploadedFile } from '../records/upload.service.ts';
import { salaryTableList } from './salary-table-list.ts';
import type { SalaryTableRepo } from './salary-table.repo.ts';

/**
 * The salary table's upload (issue #35): read by the master list's machinery like every HR list,
 * all or nothing, and replacing the tenant's whole table. Its summary counts keys: `created` the
 * keys (structure, grade, step) the table did not have, `updated` the kept keys whose amounts
 * changed; keys the file no longer has are deleted and counted in the audit entry (`removed`).
 */
export class SalaryTableService {
  constructor(
    private readonly repo: SalaryTableRepo,
    private readonly limits: ParseLimits,
    private readonly audit: AuditRepo,
  ) {}

  async upload(actor: Actor, file: UploadedFile): Promise<HrListUploadSummary> {
    try {
      return await this.repo.upload(scopeOf(actor), async (session) => {
        await session.begin();
        const errors: UploadRowError[] = [];
        let errorCount = 0;
        let rows = 0;
        for await (const batch of readUpload(file.path, file.fileName, this.limits, salaryTableList)) {
          rows += batch.rowCount;
          errorCount += batch.errors.length;
          for (const e of batch.errors) if (errors.length < MAX_ERRORS) errors.push(e);
          // Once the file is known to be rejected, keep reading only to count its errors.
          if (errorCount === 0) await session.stage(batch.copyText);
        }
        // An empty table would clear every maximum: refused like an empty list.
        if (errorCount === 0 && rows === 0)
          throw new AppError(422, 'The file has no data rows.', ERROR_CODES.UNPROCESSABLE, {
            errorCount: 0,
            errors: [],
          });
        if (errorCount === 0) {
          const same = await session.sameKey(MAX_ERRORS);
          errorCount += same.count;
          for (const d of same.first)
            errors.push({
              row: d.row,
              column: 'Salary Structure, Grade Level, Step',
              reason: `This row and row ${d.firstRow} give the same structure, grade and step`,
            });
        }
        // Nothing staged so far is kept: the throw rolls the whole transaction back.
        if (errorCount > 0)
          throw rejection(errorCount, errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS));
        const uploadId = await session.recordUpload({
          fileName: file.fileName,
          sizeBytes: file.sizeBytes,
          rowCount: rows,
          userId: actor.userId,
          email: actor.email,
        });
        const { created, updated, removed } = await session.replace(uploadId);
        await session.within((tx) =>
          this.audit.append(
            {
              ...who(actor),
              action: 'HR_LIST_UPLOADED',
              entityType: 'hr_list_upload',
              entityId: uploadId,
              after: {
                kind: 'SALARY_TABLE',
                fileName: file.fileName,
                sizeBytes: file.sizeBytes,
                rows,
                created,
                updated,
                removed,
              },
              note: `Salary table upload of ${file.fileName}`,
            },
            tx,
          ),
        );
        return { rows, created, updated };
      });
    } catch (err) {
      if (err instanceof UploadError || err instanceof AppError) await this.#auditRefusal(actor, file, err);
      if (err instanceof UploadError) throw asAppError(err);
      throw err;
    }
  }

  /** A refused file leaves nothing but this: who tried, which file, how many errors and why. */
  async #auditRefusal(actor: Actor, file: UploadedFile, err: UploadError | AppError) {
    const details = (err.details ?? {}) as { errorCount?: number };
    await this.audit.append({
      ...who(actor),
      action: 'HR_LIST_UPLOAD_REJECTED',
      entityType: 'hr_list_upload',
      after: {
        kind: 'SALARY_TABLE',
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
        errorCount: details.errorCount ?? null,
      },
      note: err.message,
    });
  }
}

const who = (actor: Actor) => ({
  tenantId: actor.tenantId,
  actorUserId: actor.userId,
  actorEmail: actor.email,
  address: actor.address ?? null,
});
