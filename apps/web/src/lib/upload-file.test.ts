import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildToken } from '../test/build-token.ts';
import { stubXhr } from '../test/fake-xhr.ts';
import { ApiError, NETWORK_ERROR_STATUS } from './api-client.ts';
import { storeToken } from './auth-storage.ts';
import { uploadFile } from './upload-file.ts';

const schema = z.object({ ok: z.boolean() });
const csv = () => new File(['a,b\n1,2\n'], 'list.csv', { type: 'text/csv' });

describe('uploadFile', () => {
  it('posts one multipart field with the bearer token and the CSRF echo, reporting progress', async () => {
    const token = buildToken();
    storeToken(token);
    document.cookie = 'XSRF-TOKEN=csrf-9; path=/';
    const Xhr = stubXhr();
    const progress: number[] = [];
    const done = uploadFile('/api/v1/records/upload', csv(), { schema, onProgress: (p) => progress.push(p) });

    const xhr = Xhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/v1/records/upload');
    expect(xhr.headers.authorization).toBe(`Bearer ${token}`);
    expect(xhr.headers['x-xsrf-token']).toBe('csrf-9');
    // The browser must set the multipart boundary itself.
    expect(xhr.headers['content-type']).toBeUndefined();
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['file']);
    expect((body.get('file') as File).name).toBe('list.csv');

    xhr.progress(25, 100);
    xhr.progress(1000, 1000);
    xhr.respond(200, { ok: true });
    await expect(done).resolves.toEqual({ ok: true });
    expect(progress).toEqual([25, 100]);
  });

  it('sends text fields before the file, so that a streaming reader meets them first', async () => {
    const Xhr = stubXhr();
    void uploadFile('/api/v1/hr-lists/nominal-roll/upload', csv(), {
      schema,
      fields: { asOf: '2026-11-01' },
    });
    const body = Xhr.last!.body as FormData;
    expect([...body.keys()]).toEqual(['asOf', 'file']);
    expect(body.get('asOf')).toBe('2026-11-01');
  });

  it('rejects with an ApiError carrying the message and details of a 422', async () => {
    const Xhr = stubXhr();
    const done = uploadFile('/api/v1/records/upload', csv(), { schema });
    const details = { errorCount: 1, errors: [{ row: 2, column: 'NIN', reason: 'NIN must be 11 digits' }] };
    Xhr.last!.respond(422, { message: 'The file has 1 error', code: 'UNPROCESSABLE_CONTENT', details });
    const error = await done.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, serverMessage: 'The file has 1 error', details });
  });

  it('rejects with a network ApiError when no answer arrives, and with AbortError when cancelled', async () => {
    const Xhr = stubXhr();
    const failed = uploadFile('/x', csv(), { schema });
    Xhr.last!.fail();
    await expect(failed).rejects.toMatchObject({ status: NETWORK_ERROR_STATUS });

    const controller = new AbortController();
    const cancelled = uploadFile('/x', csv(), { schema, signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(Xhr.last!.aborted).toBe(true);
  });
});
