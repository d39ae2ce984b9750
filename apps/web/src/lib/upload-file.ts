import type { z } from 'zod';
import {
  ApiError,
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_STATUS,
  apiErrorFromBody,
  buildHeaders,
} from './api-client.ts';

export interface UploadFileOptions<S extends z.ZodType> {
  /** Validates the JSON answer of a successful upload. */
  schema: S;
  /** Multipart field name; SPEC §5: 'file'. */
  fieldName?: string;
  /**
   * Text fields sent with the file (the nominal roll's `asOf`, issue #35). They go before the file:
   * a streaming multipart reader meets them before it reaches the file's bytes.
   */
  fields?: Record<string, string>;
  /** Whole percent (0–100) of the request body sent so far. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * POSTs one file as multipart/form-data with real upload progress. fetch cannot report the
 * progress of a request body, so this uses XMLHttpRequest with the api client's headers
 * (bearer token, CSRF echo) and its ApiError for failed answers.
 */
export function uploadFile<S extends z.ZodType>(
  path: string,
  file: File,
  { schema, fieldName = 'file', fields = {}, onProgress, signal }: UploadFileOptions<S>,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(fieldName, file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    // The browser sets the multipart Content-Type with its boundary; FormData keeps buildHeaders from setting JSON.
    buildHeaders('POST', body).forEach((value, name) => xhr.setRequestHeader(name, value));

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      const answer = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorFromBody(xhr.status, answer));
        return;
      }
      const parsed = schema.safeParse(answer);
      if (parsed.success) resolve(parsed.data);
      else reject(parsed.error);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(NETWORK_ERROR_STATUS, {
          message: 'The upload could not reach the server.',
          code: NETWORK_ERROR_CODE,
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
