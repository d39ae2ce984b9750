import { ApiError } from '../../../lib/api-client.ts';
import { fieldErrorsOf } from '../../../lib/error-message.ts';

/**
 * Field → message of a refused create (400 details, 409 'This email is already taken'), limited
 * to `fields`. Details name nested paths ('assignedMinistryIds.0'): the first segment is the field.
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  emailTaken: string,
): Partial<Record<F, string>> {
  const result: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return result;
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const field = path.split('.')[0] as F;
    if (fields.includes(field)) result[field] ??= message;
  }
  if (error.status === 409 && fields.includes('email' as F)) {
    result['email' as F] ??= error.serverMessage ?? emailTaken;
  }
  return result;
}
