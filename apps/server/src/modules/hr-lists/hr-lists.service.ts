import { HR_LIST_KINDS, type HrListState, type HrListUploadSummary } from '@portal/contract/hr-lists';
import { ERROR_CODES } from '@portal/contract/errors';
import type { UploadRowError } from '@portal/contract/records';
import { scopeOf, type Actor } from '../../access/actor.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { UploadError, type ParseLimits } from '../records/parse/parse-upload.ts';
import { readUpload } from '../records/parse/read-upload.ts';
import { asAppError, MAX_ERRORS, rejection, type UploadedFile } from '../records/upload.service.ts';
import type { HrListsRepo } from './hr-lists.repo.ts';
import type { NominalRollService } from './nominal-roll.service.ts';
import { separationsList } from './separations-list.ts';

/**
 * The HR lists beside the master list (issue #35). An upload is read by the master list's machinery
 * (formats, title rows, row errors, a worker thread) and is all or nothing, as the master list's:
 * rows are staged batch by batch in one transaction, checked, then written in one statement.
 */
export class HrListsService {
  constructor(
    private readonly repo: HrListsRepo,
    private readonly limits: ParseLimits,
    private readonly audit: AuditRepo,
    /** The nominal roll's ministries, for its entry of the lists (issue #35). */
    private readonly nominalRoll?: Pick<NominalRollService, 'rolls'>,
  ) {}

  async lists(actor: Actor): Promise<HrListState[]> {
    const last = new Map((await this.repo.lastUploads(scopeOf(actor))).map((u) => [u.kind, u]));
    const rolls = await this.nominalRoll?.rolls(actor);
    return HR_LIST_KINDS.map((kind) => {
      const u = last.get(kind);
      return {
        kind,
        lastUpload: u
          ? {
              id: u.id,
              fileName: u.file_name,
              rows: u.row_count,
              created: u.created,
              updated: u.updated,
              asOf: u.as_of,
              uploadedAt: new Date(u.created_at).toISOString(),
              uploadedByEmail: u.uploaded_by_email,
            }
          : null,
        ...(kind === 'NOMINAL_ROLL' && rolls ? { rolls } : {}),
      };
    });
  }

  async uploadSeparations(actor: Actor, file: UploadedFile): Promise<HrListUploadSummary> {
    const scope = scopeOf(actor);
    try {
      return await this.repo.separationsUpload(scope, async (session) => {
        await session.begin();
        const errors: UploadRowError[] = [];
        let errorCount = 0;
        let rows = 0;
        for await (const batch of readUpload(file.path, file.fileName, this.limits, separationsList)) {
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
          await session.match();
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
          userId: actor.userId,
          email: actor.email,
        });
        const { created, updated } = await session.upsert(uploadId);
        await session.within((tx) =>
          this.audit.append(
            {
              ...this.#who(actor),
              action: 'HR_LIST_UPLOADED',
              entityType: 'hr_list_upload',
              entityId: uploadId,
              after: {
                kind: 'SEPARATIONS',
                fileName: file.fileName,
                sizeBytes: file.sizeBytes,
                rows,
                created,
                updated,
              },
              note: `Separations list upload of ${file.fileName}`,
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

  #who(actor: Actor) {
    return {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      address: actor.address ?? null,
    };
  }

  /** A refused file leaves nothing but this: who tried, which list and file, how many errors and why. */
  async #auditRefusal(actor: Actor, file: UploadedFile, err: UploadError | AppError) {
    const details = (err.details ?? {}) as { errorCount?: number };
    await this.audit.append({
      ...this.#who(actor),
      action: 'HR_LIST_UPLOAD_REJECTED',
      entityType: 'hr_list_upload',
      after: {
        kind: 'SEPARATIONS',
        fileName: file.fileName,
        sizeBytes: file.sizeBytes,
        errorCount: details.errorCount ?? null,
      },
      note: err.message,
    });
  }
}
