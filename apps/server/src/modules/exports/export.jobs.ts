import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { z } from 'zod';
import { EXPORT_COLUMNS } from '@portal/contract/exports';
import { tenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { defineJob, type JobHandler } from '../../platform/jobs.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import { ExportWriter, type ExportsRepo } from './exports.repo.ts';

export const exportJob = defineJob({
  name: 'records.export',
  version: 1,
  schema: z.object({ tenantId: z.uuid(), exportId: z.uuid(), actorId: z.uuid().nullable() }),
  retryLimit: 0, // an interrupted export is failed by the watchdog; the admin generates a new one
  expireInSeconds: 6 * 3600,
});

const PAGE = 5000;
const CHUNK_BYTES = 1024 * 1024;

/**
 * Writes the CSV (UTF-8 with BOM, RFC 4180, CRLF) in one repeatable-read transaction: the file is
 * the snapshot of that moment, written once in chunks with its SHA-256, and marked COMPLETED only
 * when all of it commits. Memory holds one page of records and one chunk, whatever the count.
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
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        let seq = 0;
        let size = 0;
        let count = 0;
        const add = async (text: string, force = false) => {
          const buf = Buffer.from(text, 'utf8');
          hash.update(buf);
          size += buf.length;
          pending.push(buf);
          pendingBytes += buf.length;
          if (pendingBytes >= CHUNK_BYTES || force) {
            await writer.writeChunk(seq++, Buffer.concat(pending));
            pending = [];
            pendingBytes = 0;
          }
        };
        await add(`\uFEFF${stringify([[...EXPORT_COLUMNS]], { record_delimiter: '\r\n' })}`);
        await writer.openLines();
        for (;;) {
          const lines = await writer.nextLines(PAGE);
          if (lines.length === 0) break;
          await add(`${lines.join('\r\n')}\r\n`);
          count += lines.length;
        }
        if (pendingBytes > 0) await add('', true);
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
