import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiErrorSchema, ERROR_CODES } from '@portal/contract/errors';
import {
  FacetsSchema,
  NamedSchema,
  NotifyRequestSchema,
  NotifyResponseSchema,
  RecordsPageSchema,
  RecordsQuerySchema,
  RecordsSearchSchema,
  TEMPLATE_HEADERS,
  UploadHistoryEntrySchema,
  UploadRejectionSchema,
  UploadSummarySchema,
} from '@portal/contract/records';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { NotifyService } from '../notifications/notify.service.ts';
import type { RecordsService } from './records.service.ts';
import type { UploadedFile, UploadService } from './upload.service.ts';

const ADMIN = { roles: ['TENANT_ADMIN'] } as const;
const tags = ['records'];

const UPLOAD_FILE_PREFIX = 'portal-upload-';
/** No upload runs this long: an upload file older than this was left by a process that was stopped. */
const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the upload files that processes stopped in the middle of an upload left in the temporary
 * directory (a request's own are removed when it ends); returns how many.
 */
export function sweepStaleUploads(now = Date.now(), dir = os.tmpdir()): number {
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(UPLOAD_FILE_PREFIX)) continue;
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs < STALE_UPLOAD_MS) continue;
      fs.rmSync(file, { force: true });
      removed += 1;
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
}

/** Streams the one multipart field `file` to a temporary file, enforcing the size limit. */
async function receiveFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw badRequest('Send the file as multipart/form-data in a field named "file".');
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest('No file was sent: use the multipart field "file".');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`Unexpected field "${part.fieldname}": send the file in a field named "file".`);
  }
  const fileName = path.basename(part.filename || 'upload');
  const tmp = path.join(
    os.tmpdir(),
    `${UPLOAD_FILE_PREFIX}${crypto.randomUUID()}${path.extname(fileName).toLowerCase()}`,
  );
  try {
    await pipeline(part.file, fs.createWriteStream(tmp, { mode: 0o600 }));
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw new AppError(
        413,
        `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`,
        ERROR_CODES.TOO_LARGE,
      );
    }
    throw err;
  }
  const sizeBytes = fs.statSync(tmp).size;
  if (sizeBytes === 0) {
    fs.rmSync(tmp, { force: true });
    throw badRequest('The file is empty.');
  }
  return { path: tmp, fileName, sizeBytes };
}

export function recordsRoutes(
  app: FastifyInstance,
  deps: { records: RecordsService; uploads: UploadService; notify: NotifyService; maxUploadBytes: number },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onReady', async () => {
    const removed = sweepStaleUploads();
    if (removed > 0) app.log.info({ removed }, 'removed upload files left by a stopped process');
  });

  r.post('/api/v1/records/upload', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Upload the master list (multipart field "file": .csv, .xlsx or .xls); all rows or none',
      consumes: ['multipart/form-data'],
      response: {
        200: UploadSummarySchema,
        400: ApiErrorSchema,
        413: ApiErrorSchema,
        415: ApiErrorSchema,
        422: UploadRejectionSchema,
      },
    },
    handler: async (request) => {
      const file = await receiveFile(request, deps.maxUploadBytes);
      try {
        return await deps.uploads.upload(request.actor!, file);
      } finally {
        fs.rmSync(file.path, { force: true });
      }
    },
  });

  r.get('/api/v1/records/upload-template', {
    config: ADMIN,
    schema: { tags, summary: 'A CSV template with the recognised headers', produces: ['text/csv'] },
    handler: async (_request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="master-list-template.csv"')
        .send(`\uFEFF${TEMPLATE_HEADERS.join(',')}\r\n`),
  });

  r.get('/api/v1/records/uploads', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Upload history of the tenant',
      response: { 200: z.array(UploadHistoryEntrySchema) },
    },
    handler: async (request) => deps.records.uploads(request.actor!),
  });

  r.get('/api/v1/records', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Master records, paginated and filtered (ministry, department, grade, status, ids)',
      querystring: RecordsQuerySchema,
      response: { 200: RecordsPageSchema },
    },
    handler: async (request) => deps.records.list(request.actor!, request.query),
  });

  r.post('/api/v1/records/search', {
    config: ADMIN,
    // 100,000 ids of 36 characters, quoted, with the rest of the filter.
    bodyLimit: 8 * 1024 * 1024,
    schema: {
      tags,
      summary: 'Master records for any number of ids (and the filters of GET /records), paginated',
      body: RecordsSearchSchema,
      response: { 200: RecordsPageSchema },
    },
    handler: async (request) => deps.records.list(request.actor!, request.body),
  });

  r.get('/api/v1/records/facets', {
    config: ADMIN,
    schema: { tags, summary: 'Filter values', response: { 200: FacetsSchema } },
    handler: async (request) => deps.records.facets(request.actor!),
  });

  r.get('/api/v1/tenant-admin/ministries', {
    config: ADMIN,
    schema: { tags, summary: 'Ministries of the tenant', response: { 200: z.array(NamedSchema) } },
    handler: async (request) => deps.records.ministries(request.actor!),
  });

  r.get('/api/v1/tenant-admin/departments', {
    config: ADMIN,
    schema: { tags, summary: 'Departments of the tenant', response: { 200: z.array(NamedSchema) } },
    handler: async (request) => deps.records.departments(request.actor!),
  });

  r.post('/api/v1/records/notify', {
    config: ADMIN,
    schema: {
      tags,
      summary: 'Queue re-verification notices (email) for records',
      body: NotifyRequestSchema,
      response: { 200: NotifyResponseSchema },
    },
    handler: async (request) => deps.notify.notify(request.actor!, request.body.recordIds),
  });
}
