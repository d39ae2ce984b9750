import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { EXPORT_COLUMNS, LISTED_CONFLICTS } from '@portal/contract/exports';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import {
  dropExportMembers,
  EXPORT_BOM,
  ExportWriter,
  salaryGradeConflicts,
  writeExportMembers,
  type ExportsRepo,
} from './exports.repo.ts';
import { salaryGradeRefusal } from './salary-grade-refusal.ts';
import type { FourEyes } from '../approvals/four-eyes.ts';

/** The export's refusal: failed with its own message, not 'The export failed: …'. */
class RefusedExport extends Error {}

export const exportJob = defineJob({
  name: 'records.export',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), exportId: z.uuid(), actorId: z.uuid().nullable() }),
  retryLimit: 0, // an interrupted export is failed by the watchdog; the admin generates a new one
  expireInSeconds: 6 * 3600,
});

const CHUNK_BYTES = 1024 * 1024;

/**
 * Writes the CSV (UTF-8 with BOM, RFC 4180, CRLF) in one transaction: the file is the snapshot of
 * one moment, written once in chunks with its SHA-256, and marked COMPLETED only when all of it
 * commits. One chunk is stored while the next is read; memory holds about two chunks, whatever the
 * count. `copyOut` (PostgreSQL) reads the lines with COPY instead of a cursor.
 */
export function exportHandler(
  orm: Orm,
  repo: ExportsRepo,
  audit: AuditRepo,
  fourEyes: Pick<FourEyes, 'holdExport'>,
  copyOut?: (statement: string, snapshot?: string) => AsyncIterable<Buffer>,
  /**
   * Called once an export is COMPLETED by itself (no second approver): the integrity rules run
   * again, since PAID_AFTER_EXIT's recoverable pay counts the approved exports (issue #35). An
   * export approved by a second admin asks through the approvals route.
   */
  afterCompleted?: (tenantId: string, reason: string) => Promise<void>,
): JobHandler<z.infer<typeof exportJob.schema>> {
  return async ({ tenantId, exportId, actorId }, { log }) => {
    const scope = tenantScope(tenantId);
    const started = await repo.markProcessing(scope, exportId);
    if (!started) return;
    let members = null as Promise<void> | null;
    let records = 0;
    try {
      await orm.transaction(async (tx) => {
        const writer = new ExportWriter(tx, scope, exportId, copyOut);
        await writer.begin();
        const found = await salaryGradeConflicts(tx, scope, LISTED_CONFLICTS);
        if (found.total > 0) throw new RefusedExport(salaryGradeRefusal(found));
        const hash = crypto.createHash('sha256');
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let seq = 0;
        let size = 0;
        let count = 0;
        let storing: Promise<void> = Promise.resolve();
        const flush = async () => {
          if (pending.length === 0) return;
          const data = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
          pending = [];
          pendingBytes = 0;
          await storing;
          storing = writer.writeChunk(seq++, data);
          storing.catch(() => undefined); // awaited in turn; never an unhandled rejection meanwhile
        };
        const add = async (bytes: Buffer) => {
          hash.update(bytes);
          size += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        };
        // The byte order mark opens the file but is not stored: text decoders drop a leading BOM, so
        // the download sends it first (EXPORT_BOM); it counts in the size and the checksum.
        hash.update(EXPORT_BOM);
        size += EXPORT_BOM.length;
        // The records the file carries (issue #22): beside the COPY on PostgreSQL, where it costs
        // no time, in the export's snapshot; in the transaction on PGlite.
        if (copyOut) {
          members = writeExportMembers(orm, scope, exportId, writer.snapshot);
          members.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
        }
        await add(Buffer.from(stringify([[...EXPORT_COLUMNS]], { record_delimiter: '\r\n' }), 'utf8'));
        for await (const block of writer.lines()) {
          await add(block.bytes);
          count += block.rows;
        }
        await flush();
        await storing;
        const sha256 = hash.digest('hex');
        if (members) await members;
        else await writer.writeMembers();
        await writer.complete(count, size, sha256);
        await audit.append(
          {
            tenantId,
            actorUserId: actorId,
            actorEmail: null,
            action: 'EXPORT_GENERATED',
            entityType: 'export',
            entityId: exportId,
            after: { recordCount: count, sizeBytes: size, sha256 },
          },
          tx,
        );
        // Four-eyes: downloadable only once a different tenant admin approves (AWAITING_APPROVAL).
        // The rule is the one in force when the export was requested (issue #30), not the setting now.
        if (started.secondApprover)
          await fourEyes.holdExport(tx, tenantId, exportId, { recordCount: count, sizeBytes: size, sha256 });
        records = count;
      });
    } catch (err) {
      if (members) await members.then(() => dropExportMembers(orm, exportId)).catch(() => undefined);
      if (err instanceof RefusedExport) return void (await repo.markFailed(scope, exportId, err.message));
      log.error({ err, exportId }, 'payroll export failed');
      await repo.markFailed(scope, exportId, `The export failed: ${(err as Error).message}`);
      return;
    }
    if (!started.secondApprover)
      await afterCompleted?.(tenantId, `payroll export of ${records} records`).catch((err: unknown) =>
        log.warn({ err, exportId }, 'integrity evaluation not queued'),
      );
  };
}
