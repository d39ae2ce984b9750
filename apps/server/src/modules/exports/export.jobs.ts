import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { EXPORT_COLUMNS } from '@portal/contract/exports';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { EXPORT_BOM, ExportWriter, type ExportsRepo } from './exports.repo.ts';

export const exportJob = defineJob({
  name: 'records.export',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), exportId: z.uuid(), actorId: z.uuid().nullable() }),
  retryLimit: 0, // an interrupted export is failed by the watchdog; the admin generates a new one
  expireInSeconds: 6 * 3600,
});

const PAGE = 20_000;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Writes the CSV (UTF-8 with BOM, RFC 4180, CRLF) in one repeatable-read transaction: the file is
 * the snapshot of that moment, written once in chunks with its SHA-256, and marked COMPLETED only
 * when all of it commits. Memory holds two pages of lines and one chunk, whatever the count.
 */
export function exportHandler(
  orm: Orm,
  repo: ExportsRepo,
  audit: AuditRepo,
): JobHandler<z.infer<typeof exportJob.schema>> {
  return async ({ tenantId, exportId, actorId }, { log }) => {
    const scope = tenantScope(tenantId);
    if (!(await repo.markProcessing(scope, exportId))) return;
    try {
      await orm.transaction(async (tx) => {
        const writer = new ExportWriter(tx, scope, exportId);
        await writer.begin();
        const hash = crypto.createHash('sha256');
        let pending: string[] = [];
        let pendingBytes = 0;
        let seq = 0;
        let size = 0;
        let count = 0;
        const flush = async () => {
          if (pending.length === 0) return;
          await writer.writeChunk(seq++, pending.join(''));
          pending = [];
          pendingBytes = 0;
        };
        const add = async (text: string) => {
          hash.update(text, 'utf8');
          const bytes = Buffer.byteLength(text, 'utf8');
          size += bytes;
          pending.push(text);
          pendingBytes += bytes;
          if (pendingBytes >= CHUNK_BYTES) await flush();
        };
        // The byte order mark opens the file but is not stored: text decoders drop a leading BOM, so
        // the download sends it first (EXPORT_BOM); it counts in the size and the checksum.
        hash.update(EXPORT_BOM);
        size += EXPORT_BOM.length;
        await add(stringify([[...EXPORT_COLUMNS]], { record_delimiter: '\r\n' }));
        await writer.openLines();
        // The next page is fetched while this one is hashed and stored.
        const fetchPage = () => {
          const page = writer.nextLines(PAGE);
          page.catch(() => undefined); // awaited in turn; never an unhandled rejection meanwhile
          return page;
        };
        let next = fetchPage();
        for (;;) {
          const lines = await next;
          if (lines.length === 0) break;
          next = fetchPage();
          await add(`${lines.join('\r\n')}\r\n`);
          count += lines.length;
        }
        await flush();
        const sha256 = hash.digest('hex');
        await writer.complete(count, size, sha256);
        await audit.append(
          {
            tenantId,
            actorUserId: actorId,
            actorEmail: null,
            action: 'PAYROLL_EXPORTED',
            entityType: 'export',
            entityId: exportId,
            after: { recordCount: count, sizeBytes: size, sha256 },
          },
          tx,
        );
      });
    } catch (err) {
      log.error({ err, exportId }, 'payroll export failed');
      await repo.markFailed(scope, exportId, `The export failed: ${(err as Error).message}`);
    }
  };
}
