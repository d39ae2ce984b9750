/** HTTP status of a whole-file problem: empty (400), too large (413), wrong type (415), unusable content (422). */
export type UploadErrorStatus = 400 | 413 | 415 | 422;

/**
 * A problem with the uploaded file as a whole (as opposed to a row error). The message is shown to
 * the uploader as it is, so it never contains cell values (personal data).
 */
export class UploadError extends Error {
  constructor(
    readonly statusCode: UploadErrorStatus,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}
