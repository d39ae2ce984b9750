import type { HrListKind, HrListUploadSummary } from '@portal/contract/hr-lists';
import type { UploadRowError } from '@portal/contract/records';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { AppError, isUniqueViolation } from '../../platform/errors.ts';
import { auditActorOf, type AuditRepo } from '../audit/audit.repo.ts';
import type { ListKind } from '../records/parse/list-kind.ts';
import { UploadError, type ParseLimits } from '../records/parse/parse-upload.ts';
import { readUpload } from '../records/parse/read-upload.ts';
import {
  asAppError,
  MAX_ERRORS,
  noDataRows,
  rejection,
  type UploadedFile,
} from '../records/upload.service.ts';
import type {
  HrListSession,
  HrListSessionClass,
  HrListUploadRepo,
  RepeatedRow,
  UploadCounts,
  UploadEntry,
} from './hr-list-upload.repo.ts';

/**
 * One HR list as the upload runner sees it (issue #35): its parser, its session (its temporary
 * tables, how a batch is written, which rows repeat an earlier one, the file's end), what a
 * repeated row is told, and its audit note. A fourth list is one more of these, with its list
 * kind and its session.
 */
export interface HrListUploadConfig<Done extends UploadCounts> {
  kind: HrListKind;
  /** Header spellings, row checks, the staging table's column order; read in a worker thread. */
  list: ListKind<string, unknown>;
  session: HrListSessionClass<Done>;
  /** The row error of a row that repeats an earlier one. */
  repeated(row: RepeatedRow): UploadRowError;
  /** The audit entry's note for an accepted file. */
  note(fileName: string, asOf: string | null): string;
  /**
   * The day the upload describes (the nominal roll's 'as of'), from its multipart field; a bad one
   * is refused (and audited) like a bad file. Lists without one have no 'as of' in their audit.
   */
  asOf?(scope: TenantScope, field: string | undefined): Promise<string>;
}

/** A repeated person's row error, in the column that found them (PSN, else NIN). */
export const samePerson = (d: RepeatedRow): UploadRowError => ({
  row: d.row,
  column: d.byPsn ? 'PSN' : 'NIN',
  reason: `This row and row ${d.firstRow} are the same person`,
});

/** Rolls back a check that found no row error (HrListUploader #check). */
class CheckedClean extends Error {}

/**
 * Rows repeat, seen among the rows a writing upload keeps (not all of them: DECISIONS 294); the
 * file is read again to tell every repeat (HrListUploader #check).
 */
class RepeatsSeen extends Error {}

/**
 * Every HR list's upload, as the master list's: read by its machinery (formats, title rows, row
 * errors, a worker thread) and all or nothing: in one transaction, each batch is written into the
 * list while the worker reads the next (DECISIONS 287), then the rows that repeat an earlier one
 * are found and the list ends the file (the rows it replaced, its counts); a refused file is
 * rolled back whole and leaves only its audit entry.
 */
export class HrListUploader {
  constructor(
    private readonly repo: HrListUploadRepo,
    private readonly limits: ParseLimits,
    private readonly audit: AuditRepo,
  ) {}

  async upload<Done extends UploadCounts>(
    config: HrListUploadConfig<Done>,
    actor: Actor,
    file: UploadedFile,
    asOfField?: string,
  ): Promise<HrListUploadSummary> {
    const scope = scopeOf(actor);
    let asOf: string | null = null;
    try {
      if (config.asOf) asOf = await config.asOf(scope, asOfField);
      try {
        return await this.#write(config, actor, file, asOf);
      } catch (err) {
        if (!isUniqueViolation(err) && !(err instanceof RepeatsSeen)) throw err;
        // The file repeats a key the list holds once (two rows of one PSN, or of one salary key),
        // and the write stopped there, rolled back; or repeats were seen among the rows the write
        // kept, which are not all. The file is read again, writing nothing and keeping every row,
        // to refuse it with all its repeated rows (and its other row errors) as any refused file is.
        await this.#check(config, actor, file, asOf);
        throw err;
      }
    } catch (err) {
      if (err instanceof UploadError || err instanceof AppError)
        // A refused file leaves nothing but this: who tried, which list and file, how many errors and why.
        await this.audit.append({
          ...auditActorOf(actor),
          action: 'HR_LIST_UPLOAD_REJECTED',
          entityType: 'hr_list_upload',
          after: {
            kind: config.kind,
            fileName: file.fileName,
            sizeBytes: file.sizeBytes,
            ...(config.asOf ? { asOf: asOf ?? asOfField ?? null } : {}),
            errorCount: ((err.details ?? {}) as { errorCount?: number }).errorCount ?? null,
          },
          note: err.message,
        });
      if (err instanceof UploadError) throw asAppError(err);
      throw err;
    }
  }

  /** One upload in one transaction: every batch written, the file checked, its end and audit. */
  async #write<Done extends UploadCounts>(
    config: HrListUploadConfig<Done>,
    actor: Actor,
    file: UploadedFile,
    asOf: string | null,
  ): Promise<HrListUploadSummary> {
    return this.repo.run(scopeOf(actor), config.session, async (session) => {
      const uploadId = await session.begin(this.#entry(actor, file, asOf));
      const rows = await this.#stageChecked(config, file, session);
      const done = await session.finish(rows, asOf);
      await session.within((tx) =>
        this.audit.append(
          {
            ...auditActorOf(actor),
            action: 'HR_LIST_UPLOADED',
            entityType: 'hr_list_upload',
            entityId: uploadId,
            after: {
              kind: config.kind,
              fileName: file.fileName,
              sizeBytes: file.sizeBytes,
              ...(config.asOf ? { asOf } : {}),
              rows,
              ...done,
            },
            note: config.note(file.fileName, asOf),
          },
          tx,
        ),
      );
      return { rows, created: done.created, updated: done.updated };
    });
  }

  /**
   * Reads the file again, writing nothing, and refuses it with its row errors; returns only if it
   * has none (then the caller's unique violation was not the file's, and is thrown as it was).
   */
  async #check<Done extends UploadCounts>(
    config: HrListUploadConfig<Done>,
    actor: Actor,
    file: UploadedFile,
    asOf: string | null,
  ): Promise<void> {
    await this.repo
      .run(scopeOf(actor), config.session, async (session) => {
        await session.begin(this.#entry(actor, file, asOf), { write: false });
        await this.#stageChecked(config, file, session);
        // Nothing of this reading is kept, not even its history row.
        throw new CheckedClean();
      })
      .catch((err: unknown) => {
        if (!(err instanceof CheckedClean)) throw err;
      });
  }

  #entry(actor: Actor, file: UploadedFile, asOf: string | null): UploadEntry {
    return {
      fileName: file.fileName,
      sizeBytes: file.sizeBytes,
      asOf,
      userId: actor.userId,
      email: actor.email,
    };
  }

  /**
   * Writes every row of the file, batch by batch, and checks it; returns how many rows, or refuses
   * the file with its row errors (the throw rolls the whole transaction back: nothing is kept).
   */
  async #stageChecked<Done extends UploadCounts>(
    config: HrListUploadConfig<Done>,
    file: UploadedFile,
    session: HrListSession<Done>,
  ): Promise<number> {
    const errors: UploadRowError[] = [];
    let errorCount = 0;
    let rows = 0;
    for await (const batch of readUpload(file.path, file.fileName, this.limits, config.list)) {
      rows += batch.rowCount;
      errorCount += batch.errors.length;
      for (const e of batch.errors) if (errors.length < MAX_ERRORS) errors.push(e);
      // Once the file is known to be refused, keep reading only to count its errors.
      if (errorCount === 0) await session.stage(batch.copyText);
    }
    // An empty list tells nothing (and would clear a roll or the salary table): refused.
    if (errorCount === 0 && rows === 0) throw noDataRows();
    if (errorCount === 0) {
      const repeated = await session.repeats(MAX_ERRORS);
      if (repeated.count > 0 && !session.keepsEveryRow) throw new RepeatsSeen();
      errorCount += repeated.count;
      errors.push(...repeated.first.map(config.repeated));
    }
    if (errorCount > 0)
      throw rejection(errorCount, errors.sort((a, b) => a.row - b.row).slice(0, MAX_ERRORS));
    return rows;
  }
}
