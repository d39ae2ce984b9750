/** A problem with the whole file (type, size, structure); the row errors are reported separately. */
export class UploadError extends Error {
  constructor(
    readonly statusCode: 400 | 413 | 415 | 422,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
