import {
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_STATUS,
  ApiError,
  apiErrorFromBody,
  buildHeaders,
} from './api-client.ts';

/** The file name a Content-Disposition header gives (`filename="…"`), if any. */
export function fileNameOf(disposition: string | null): string | undefined {
  const m = disposition ? /filename="([^"]+)"/i.exec(disposition) : null;
  return m?.[1];
}

/** GETs a file with the api client's headers and returns its bytes (a plain link cannot send the token). */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  return (await fetchNamedFile(path, signal)).blob;
}

/** As fetchFile, with the name the server gives the file. */
export async function fetchNamedFile(
  path: string,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  let response: Response;
  try {
    const headers = buildHeaders('GET', undefined);
    headers.set('Accept', '*/*');
    response = await fetch(path, { headers, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, {
      message: error instanceof Error ? error.message : String(error),
      code: NETWORK_ERROR_CODE,
    });
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await response.json().catch(() => undefined));
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('content-disposition')) };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the file under the name the server gives it, else `fallbackName`. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const { blob, fileName } = await fetchNamedFile(path);
  saveBlob(blob, fileName ?? fallbackName);
}
