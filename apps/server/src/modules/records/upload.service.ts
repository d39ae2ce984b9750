import type { UploadRowError, UploadSummary } from '@portal/contract/records';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { AppError } from '../../platform/errors.ts';
import { uploadDuration, uploadRows } from '../../platform/metrics.ts';
import { ERROR_CODES } from '@portal/contract/errors';
import { UploadError, type ParseLimits } from './parse/parse-upload.ts';
import { masterList } from './parse/master-list.ts';
import { readUpload } from './parse/read-upload.ts';
import { KEPT_COLUMNS, type IngestRepo } from './ingest.repo.ts';
import type { TEMPLATE_HEADERS } from '@portal/contract/records';
import type { TenantMatchSettings } from '../identity/provider-settings.ts';
import { LARGE_CHANGE } from './maintain.jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { SQL } from 'drizzle-orm';
import type { Orm } from '../../platform/db.ts';

export type SharingRemoved = (tx: Orm, tenantId: string, uploaded: SQL) => Promise<number>;

export interface UploadedFile {
  path: string;
  fileName: string;
  sizeBytes: number;
}

/** Row errors an upload's refusal lists (all are counted). */
export const MAX_ERRORS = 100;

/**
 * The record columns an upload may leave as they were (ingest.repo.ts KEPT_COLUMNS), with the field
 * a file's header names for each (parse/headers.ts) and the label the template gives it.
 */
const KEPT_FIELDS: Record<string, { field: string; label: (typeof TEMPLATE_HEADERS)[number] }> = {
  employee_id: { field: 'employeeId', label: 'Employee ID' },
  psn: { field: 'psn', label: 'PSN' },
  nin: { field: 'nin', label: 'NIN' },
  ssid: { field: 'ssid', label: 'SSID' },
  grade_level: { field: 'gradeLevel', label: 'Grade Level' },
  salary_grade_id: { field: 'salaryGradeId', label: 'Salary Grade ID' },
  salary_structure: { field: 'salaryStructure', label: 'Salary Structure' },
  date_of_birth: { field: 'dateOfBirth', label: 'Date of Birth' },
  email: { field: 'email', label: 'Email' },
  phone: { field: 'phone', label: 'Phone' },
  date_of_first_appointment: { field: 'dateOfFirstAppointment', label: 'Date of First Appointment' },
  bank: { field: 'bank', label: 'Bank' },
  account_number: { field: 'accountNumber', label: 'Account Number' },
  bvn: { field: 'bvn', label: 'BVN' },
  monthly_gross_kobo: { field: 'monthlyGrossPay', label: 'Monthly Gross Pay' },
};

/** A file refused for its rows: 422 with how many errors and the first ones (every list's upload). */
export function rejection(errorCount: number, errors: UploadRowError[]): AppError {
  const message = `The file has ${errorCount} error${errorCount === 1 ? '' : 's'}; nothing was imported. Correct the rows listed and upload it again.`;
  return new AppError(422, message, ERROR_CODES.UNPROCESSABLE, { errorCount, errors });
}

/** A file with a header row and no data rows: refused (every list's upload). */
export const noDataRows = (): AppError =>
  new AppError(422, 'The file has no data rows.', ERROR_CODES.UNPROCESSABLE, { errorCount: 0, errors: [] });

/** A whole-file problem as the API answers it (every list's upload). */
export function asAppError(err: UploadError): AppError {
  const code =
    err.statusCode === 413
      ? ERROR_CODES.TOO_LARGE
      : err.statusCode === 415
        ? ERROR_CODES.UNSUPPORTED_MEDIA
        : err.statusCode === 422
          ? ERROR_CODES.UNPROCESSABLE
          : ERROR_CODES.VALIDATION;
  return new AppError(err.statusCode, err.message, code, err.details);
}

/**
 * All or nothing: rows are parsed and upserted batch by batch inside one transaction; a single
 * invalid row, or a key repeated in the file, rolls everything back and answers 422 with the first
 * 100 errors.
 */
export class UploadService {
  constructor(
    private readonly ingest: IngestRepo,
    private readonly limits: ParseLimits,
    /** The tenant's name-match settings, for the records an upload compares again. */
    private readonly matchSettings: Pick<TenantMatchSettings, 'forTenant'>,
    /** The trail: every upload, taken or refused (issue #22). */
    private readonly audit: AuditRepo,
    /**
     * Whether the tenant asks for a second approver (approvals/four-eyes.ts secondApproverOn, handed
     * in by the composition root): then the upload takes no one out of the payroll by itself (issue #30).
     */
    private readonly secondApprover: (orm: Orm, tenantId: string) => Promise<boolean>,
    /** Called after a committed upload that changed many records (queues table maintenance). */
    private readonly afterLargeChange: (reason: string) => Promise<void> = async () => undefined,
    /**
     * Issue #30: how many of the records `uploaded` (a subquery of ids) share an identity with a
     * record removed from the payroll (integrity's removed-identity.repo, handed in by app.ts).
     */
    private readonly sharingRemoved: SharingRemoved = async () => 0,
  ) {}

  async upload(actor: Actor, file: UploadedFile): Promise<UploadSummary> {
    const scope = scopeOf(actor);
    const read = { rows: 0 };
    const timer = uploadDuration.startTimer();
    const counted = (outcome: string) => {
      timer({ outcome });
      uploadRows.inc({ outcome }, read.rows);
    };
    let summary: UploadSummary;
    try {
      summary = await this.#apply(actor, scope, file, read);
    } catch (err) {
      counted(err instanceof AppError && err.statusCode < 500 ? 'rejected' : 'failed');
      throw err;
    }
    counted('accepted');
    if (summary.newRecordsCreated + summary.existingRecordsUpdated >= LARGE_CHANGE)
      await this.afterLargeChange(
        `upload of ${summary.newRecordsCreated + summary.existingRecordsUpdated} records`,
      );
    return summary;
  }

  async #apply(
    actor: Actor,
    scope: TenantScope,
    file: UploadedFile,
    read: { rows: number },
  ): Promise<UploadSummary> {
    // Read before the transaction: on PGlite's single connection a read beside it would wait for it.
    const matchSettings = await this.matchSettings.forTenant(scope.tenantId);
    try {
      return await this.ingest.inTransaction(scope, async (session) => {
        await session.begin();
        // In the transaction, after the tenant's upload lock: the setting as the upload commits with it.
        session.hold = await session.within((tx) => this.secondApprover(tx, scope.tenantId));
        const who = { userId: actor.userId, email: actor.email, address: actor.address ?? null };
        const note = `Upload of ${file.fileName}`;
        const errors: UploadRowError[] = [];
        let errorCount = 0;
        let rowCount = 0;
        let columns: Set<string> | undefined;
        // A batch is upserted in the database while the worker parses the next one.
        let applying: Promise<void> = Promise.resolve();
        for await (const batch of readUpload(file.path, file.fileName, this.limits, masterList)) {
          rowCount += batch.rowCount;
          read.rows = rowCount;
          columns ??= new Set(batch.columns);
          errorCount += batch.errors.length;
          for (const e of batch.errors) if (errors.length < MAX_ERRORS) errors.push(e);
          // Once the file is known to be rejected, keep reading only to count its errors.
          if (errorCount === 0) {
            await applying;
            applying = session.apply(batch, who, note);
            applying.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
          }
        }
        await applying;
        if (errorCount === 0 && rowCount === 0) throw noDataRows();
        if (errorCount === 0) {
          const dups = await session.duplicateKeys(MAX_ERRORS);
          errorCount += dups.count;
          for (const d of dups.first) {
            errors.push({
              row: d.row,
              column: d.keyColumn,
              reason: d.byNin
                ? `This row and row ${d.firstRow} are the same record: a row without a PSN is the record its NIN belongs to`
                : `The same ${d.keyColumn} is already on row ${d.firstRow}`,
            });
          }
          // A row without a PSN whose NIN belongs to several records: which one is meant is not guessed.
          const ambiguous = await session.ambiguousRows(MAX_ERRORS);
          errorCount += ambiguous.count;
          for (const a of ambiguous.first) {
            errors.push({
              row: a.row,
              column: 'PSN',
              reason: `The NIN belongs to ${a.matches} records: give the PSN to say which one`,
            });
          }
        }
        // Nothing applied so far is kept: the throw rolls the whole transaction back.
        if (errorCount > 0)
          throw rejection(errorCount, errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS));
        await session.recompare(who, note, matchSettings);
        const outcome = await session.finish();
        const sharesRemovedIdentity = await session.within((tx) =>
          this.sharingRemoved(tx, scope.tenantId, session.uploadedRecords()),
        );
        const uploadId = await session.recordUpload({
          fileName: file.fileName,
          sizeBytes: file.sizeBytes,
          rowCount,
          outcome,
          userId: actor.userId,
          email: actor.email,
        });
        await session.within((tx) =>
          this.audit.append(
            {
              ...this.#who(actor),
              action: 'UPLOAD',
              entityType: 'upload',
              entityId: uploadId,
              after: {
                fileName: file.fileName,
                sizeBytes: file.sizeBytes,
                rows: rowCount,
                newRecords: outcome.created,
                updatedRecords: outcome.updated,
                reverificationRecords: outcome.reverificationIds.length,
                reverificationAwaitingApproval: outcome.held,
              },
              note,
            },
            tx,
          ),
        );
        const stated = columns ?? new Set<string>();
        return {
          newRecordsCreated: outcome.created,
          existingRecordsUpdated: outcome.updated,
          recordsRequiringReverificationIds: outcome.reverificationIds,
          sharesRemovedIdentity,
          reverificationAwaitingApproval: outcome.held,
          columnsNotInFile: KEPT_COLUMNS.flatMap((c) =>
            stated.has(KEPT_FIELDS[c]!.field) ? [] : [KEPT_FIELDS[c]!.label],
          ),
          blankCellsKept: KEPT_COLUMNS.flatMap((c) =>
            stated.has(KEPT_FIELDS[c]!.field) && (outcome.kept[c] ?? 0) > 0
              ? [{ column: KEPT_FIELDS[c]!.label, records: outcome.kept[c]! }]
              : [],
          ),
        };
      });
    } catch (err) {
      if (err instanceof UploadError || err instanceof AppError) await this.#auditRefusal(actor, file, err);
      if (err instanceof UploadError) throw asAppError(err);
      throw err;
    }
  }

  #who(actor: Actor) {
    return {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
    };
  }

  /** A refused file leaves nothing but this: who tried, which file, how many errors and why. */
  async #auditRefusal(actor: Actor, file: UploadedFile, err: UploadError | AppError) {
    const details = (err.details ?? {}) as { errorCount?: number };
    await this.audit.append({
      ...this.#who(actor),
      action: 'UPLOAD_REJECTED',
      entityType: 'upload',
      after: { fileName: file.fileName, sizeBytes: file.sizeBytes, errorCount: details.errorCount ?? null },
      note: err.message,
    });
  }
}
