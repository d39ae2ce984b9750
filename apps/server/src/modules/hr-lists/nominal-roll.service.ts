import {
  NOMINAL_ROLL_MESSAGES,
  notOnPayrollFileName,
  type HrListUploadSummary,
  type NominalRollMinistry,
} from '@portal/contract/hr-lists';
import { ERROR_CODES } from '@portal/contract/errors';
import type { UploadRowError } from '@portal/contract/records';
import { isCalendarDate } from '@portal/contract/validation';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { UploadError, type ParseLimits } from '../records/parse/parse-upload.ts';
import { readUpload } from '../records/parse/read-upload.ts';
import { asAppError, MAX_ERRORS, rejection, type UploadedFile } from '../records/upload.service.ts';
import { nominalRollList } from './nominal-roll-list.ts';
import type { NominalRollRepo } from './nominal-roll.repo.ts';

/**
 * The nominal roll (issue #35): HR's list of who works where. An upload is read by the master
 * list's machinery and is all or nothing; it replaces the roll of each ministry it names, as of
 * its date (the multipart field `asOf`, else the upload's day in the tenant's time zone), and
 * leaves the other ministries' rolls as they are.
 */
export class NominalRollService {
  constructor(
    private readonly repo: NominalRollRepo,
    private readonly limits: ParseLimits,
    private readonly audit: AuditRepo,
  ) {}

  async upload(actor: Actor, file: UploadedFile, asOfField?: string): Promise<HrListUploadSummary> {
    const scope = scopeOf(actor);
    let asOf: string | undefined;
    try {
      asOf = await this.#asOf(scope, asOfField);
      const day = asOf;
      return await this.repo.upload(scope, async (session) => {
        await session.begin();
        const errors: UploadRowError[] = [];
        let errorCount = 0;
        let rows = 0;
        for await (const batch of readUpload(file.path, file.fileName, this.limits, nominalRollList)) {
          rows += batch.rowCount;
          errorCount += batch.errors.length;
          for (const e of batch.errors) if (errors.length < MAX_ERRORS) errors.push(e);
          // Once the file is known to be rejected, keep reading only to count its errors.
          if (errorCount === 0) await session.stage(batch.copyText);
        }
        if (errorCount === 0 && rows === 0)
          throw new AppError(422, 'The file has no data rows.', ERROR_CODES.UNPROCESSABLE, {
            errorCount: 0,
            errors: [],
          });
        if (errorCount === 0) {
          const same = await session.samePerson(MAX_ERRORS);
          errorCount += same.count;
          for (const d of same.first)
            errors.push({
              row: d.row,
              column: d.column,
              reason: `This row and row ${d.firstRow} are the same person`,
            });
        }
        // Nothing staged so far is kept: the throw rolls the whole transaction back.
        if (errorCount > 0)
          throw rejection(errorCount, errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS));
        const uploadId = await session.recordUpload({
          fileName: file.fileName,
          sizeBytes: file.sizeBytes,
          rowCount: rows,
          asOf: day,
          userId: actor.userId,
          email: actor.email,
        });
        const done = await session.replace(uploadId, day);
        await session.within((tx) =>
          this.audit.append(
            {
              ...who(actor),
              action: 'HR_LIST_UPLOADED',
              entityType: 'hr_list_upload',
              entityId: uploadId,
              after: {
                kind: 'NOMINAL_ROLL',
                fileName: file.fileName,
                sizeBytes: file.sizeBytes,
                asOf: day,
                rows,
                created: done.created,
                updated: done.updated,
                removed: done.removed,
                ministries: done.ministries,
              },
              note: `Nominal roll upload of ${file.fileName} as of ${day}`,
            },
            tx,
          ),
        );
        return { rows, created: done.created, updated: done.updated };
      });
    } catch (err) {
      if (err instanceof UploadError || err instanceof AppError)
        await this.audit.append({
          ...who(actor),
          action: 'HR_LIST_UPLOAD_REJECTED',
          entityType: 'hr_list_upload',
          after: {
            kind: 'NOMINAL_ROLL',
            fileName: file.fileName,
            sizeBytes: file.sizeBytes,
            asOf: asOf ?? asOfField ?? null,
            errorCount: ((err.details ?? {}) as { errorCount?: number }).errorCount ?? null,
          },
          note: err.message,
        });
      if (err instanceof UploadError) throw asAppError(err);
      throw err;
    }
  }

  /** Each ministry's roll (GET /hr-lists, the nominal roll's entry). */
  async rolls(actor: Actor): Promise<NominalRollMinistry[]> {
    return (await this.repo.rolls(scopeOf(actor))).map((r) => ({
      ministry: r.ministry,
      ministryId: r.ministry_id,
      asOf: r.as_of,
      uploadId: r.upload_id,
      rows: r.row_count,
      notOnPayroll: r.not_on_payroll,
    }));
  }

  /**
   * The people on a roll with no record on the payroll, as CSV lines read a batch at a time (the
   * file's name has the day in the tenant's time zone). Reading personal data out is audited.
   */
  async notOnPayrollCsv(actor: Actor): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
    const scope = scopeOf(actor);
    await this.audit.append({
      ...who(actor),
      action: 'NOT_ON_PAYROLL_DOWNLOADED',
      entityType: 'hr_list_upload',
      after: { kind: 'NOMINAL_ROLL' },
    });
    return {
      fileName: notOnPayrollFileName(await this.repo.today(scope)),
      lines: this.repo.notOnPayrollLines(scope),
    };
  }

  /** The roll's 'as of' date: the field as sent (a day that exists, not after today), else today. */
  async #asOf(scope: TenantScope, field: string | undefined): Promise<string> {
    const today = await this.repo.today(scope);
    const asOf = field?.trim();
    if (!asOf) return today;
    if (!isCalendarDate(asOf)) throw badRequest(NOMINAL_ROLL_MESSAGES.asOfInvalid);
    if (asOf > today) throw badRequest(NOMINAL_ROLL_MESSAGES.asOfFuture);
    return asOf;
  }
}

const who = (actor: Actor) => ({
  tenantId: actor.tenantId,
  actorUserId: actor.userId,
  actorEmail: actor.email,
  address: actor.address ?? null,
});
