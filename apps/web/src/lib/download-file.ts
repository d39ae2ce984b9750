import {
  NETWORK_ERROR_CODE,
  NETWORK_ERROR_STATUS,
  ApiError,
  apiErrorFromBody,
  apiUrl,
  buildHeaders,
} from './api-client.ts';

/** GETs a file with the api client's headers and returns its bytes (a plain link cannot send the token). */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    const headers = buildHeaders('GET', undefined);
    headers.set('Accept', '*/*');
    response = await fetch(apiUrl(path), { headers, credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, {
      message: error instanceof Error ? error.message : String(error),
      code: NETWORK_ERROR_CODE,
    });
  }
  if (!response.ok) throw apiErrorFromBody(response.status, await response.json().catch(() => undefined));
  return response.blob();
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

export async function downloadFile(path: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(path), fileName);
}
