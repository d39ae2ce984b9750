import { UploadRejectionSchema } from '@portal/contract/records';
import { ApiError } from '../../lib/api-client.ts';
import type { UploadFailure } from './upload-state.ts';
import { UPLOADS_TEXTS } from './uploads-texts.ts';

const RowErrorsSchema = UploadRejectionSchema.shape.details.unwrap();

/** SPEC §8: the server's message, else 'Could not upload the file!'; plus the row errors of a 422. */
export function describeUploadFailure(error: unknown): UploadFailure {
  if (!(error instanceof ApiError)) return { message: UPLOADS_TEXTS.uploadFailed };
  const message = error.serverMessage || UPLOADS_TEXTS.uploadFailed;
  const rowErrors = RowErrorsSchema.safeParse(error.details);
  return rowErrors.success && rowErrors.data.errors.length > 0
    ? { message, rowErrors: rowErrors.data }
    : { message };
}
