import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { ERROR_CODES } from '@portal/contract/errors';
import { AppError, badRequest } from '../../platform/errors.ts';
import { uploadFileName } from './upload-file-name.ts';
import type { UploadedFile } from './upload.service.ts';

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

/**
 * Streams the one multipart field `file` to a temporary file, enforcing the size limit (every
 * list's upload route; the caller removes the file when its request ends).
 */
export async function receiveFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw badRequest('Send the file as multipart/form-data in a field named "file".');
  }
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest('No file was sent: use the multipart field "file".');
  return saveFilePart(part, maxBytes);
}

/**
 * receiveFile for an upload that also takes short text fields (the nominal roll's `asOf`): the
 * fields named in `names`, before or after the file; any other field is refused.
 */
export async function receiveFileWithFields<F extends string>(
  request: FastifyRequest,
  maxBytes: number,
  names: readonly F[],
): Promise<UploadedFile & { fields: Partial<Record<F, string>> }> {
  if (!request.isMultipart()) {
    throw badRequest('Send the file as multipart/form-data in a field named "file".');
  }
  const fields: Partial<Record<F, string>> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: names.length + 1, fieldSize: 200 },
    })) {
      if (part.type === 'file') {
        file = await saveFilePart(part, maxBytes);
        continue;
      }
      if (!(names as readonly string[]).includes(part.fieldname) || part.valueTruncated) {
        throw badRequest(
          `Unexpected field "${part.fieldname}": send the file in a field named "file"${names.length ? ` and only ${names.map((n) => `"${n}"`).join(', ')} besides` : ''}.`,
        );
      }
      fields[part.fieldname as F] = String(part.value);
    }
  } catch (err) {
    if (file) fs.rmSync(file.path, { force: true });
    throw err;
  }
  if (!file) throw badRequest('No file was sent: use the multipart field "file".');
  return { ...file, fields };
}

/** Writes a file part to a temporary file: the size limit, the name's checks, an empty file refused. */
async function saveFilePart(part: MultipartFile, maxBytes: number): Promise<UploadedFile> {
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`Unexpected field "${part.fieldname}": send the file in a field named "file".`);
  }
  let fileName: string;
  try {
    fileName = uploadFileName(part.filename);
  } catch (err) {
    part.file.resume();
    throw err;
  }
  const tmp = path.join(
    os.tmpdir(),
    `${UPLOAD_FILE_PREFIX}${crypto.randomUUID()}${path.extname(fileName).toLowerCase()}`,
  );
  const tooLarge = () =>
    new AppError(
      413,
      `The file is larger than the ${Math.round(maxBytes / 1024 / 1024)} MB limit.`,
      ERROR_CODES.TOO_LARGE,
    );
  try {
    await pipeline(part.file, fs.createWriteStream(tmp, { mode: 0o600 }));
  } catch (err) {
    fs.rmSync(tmp, { force: true });
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) throw tooLarge();
    throw err;
  }
  // At the limit busboy hands over no more of the file and ends it as if it were whole: the copy
  // on disk is the file cut at the limit, which may well parse (DECISIONS 143). Past the limit it
  // only reads on to the end of the request, discarding, so that the client that is still sending
  // gets the 413 rather than a reset connection.
  if (part.file.truncated) {
    fs.rmSync(tmp, { force: true });
    throw tooLarge();
  }
  const sizeBytes = fs.statSync(tmp).size;
  if (sizeBytes === 0) {
    fs.rmSync(tmp, { force: true });
    throw badRequest('The file is empty.');
  }
  return { path: tmp, fileName, sizeBytes };
}
