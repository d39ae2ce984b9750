import { z } from 'zod';

/** Field schemas shared by many requests: ids, and required strings with SPEC §5's messages. */

/**
 * An id: a UUID in any letter case, handed on in lower case, the form the database returns, so
 * that ids compare equal whoever wrote them (an upper-case reviewer id used to save the change
 * and then answer an empty 200, finding no reviewer with that spelling).
 */
export const idSchema = (error?: string) =>
  z.uuid(error === undefined ? undefined : { error }).transform((id) => id.toLowerCase());

/**
 * A string field whose absence reads `required` ("Email is required", SPEC §5) and whose wrong type
 * reads 'Invalid input'; its checks keep their own messages (a schema-wide message would also
 * answer a too-long value with "... is required").
 */
export const requiredString = (required: string) =>
  z.string({
    error: (issue) =>
      issue.code === 'invalid_type' ? (issue.input == null ? required : 'Invalid input') : undefined,
  });
