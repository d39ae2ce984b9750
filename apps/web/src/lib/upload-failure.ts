import { RECORD_MESSAGES, UploadRejectionSchema } from '@portal/contract/records';
import { ApiError } from './api-client.ts';
import type { UploadFailure } from './upload-state.ts';

const RowErrorsSchema = UploadRejectionSchema.shape.details.unwrap();

/**
 * SPEC §8: the server's message (a 400, 413 or 415 says what is wrong with the file), else 'Could
 * not upload the file!'; plus the row errors of a 422. Every list's upload answers so.
 */
export function describeUploadFailure(error: unknown): UploadFailure {
  if (!(error instanceof ApiError)) return { message: RECORD_MESSAGES.uploadFailed };
  const message = error.serverMessage || RECORD_MESSAGES.uploadFailed;
  const rowErrors = RowErrorsSchema.safeParse(error.details);
  return rowErrors.success && rowErrors.data.errors.length > 0
    ? { message, rowErrors: rowErrors.data }
    : { message };
}
