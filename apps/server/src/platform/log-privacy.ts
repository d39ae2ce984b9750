import pino, { type LoggerOptions } from 'pino';

/**
 * No personal data in log lines (issue #18): the portal logs what happened and where, never a
 * person's name, NIN, PSN, email or phone. Three ways such data used to reach a line, each closed here:
 * - a database error: drizzle puts the statement's parameters in the message ("params: …") and
 *   PostgreSQL its key values in `detail` ("Key (email)=(…) already exists");
 * - a request's address: the query string carries search terms (`q`, a name or a PSN) and filters;
 * - credentials in headers (token, cookie, CSRF echo), redacted as before.
 */

/** Fields of an error object that hold the values of a statement or a row. */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'input', 'query'];

/** An error's message without the parameters drizzle appends to it. */
export function withoutParams(message: string): string {
  const cut = message.search(/\n?params:/);
  return cut < 0 ? message : `${message.slice(0, cut)} [parameters not logged]`;
}

type SerializedError = Record<string, unknown> & { message?: string; cause?: unknown };

function scrubError(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 4) return value;
  const err = { ...(value as SerializedError) };
  if (typeof err.message === 'string') err.message = withoutParams(err.message);
  if (typeof err.stack === 'string') err.stack = withoutParams(err.stack);
  for (const field of VALUE_FIELDS) delete err[field];
  if (err.cause !== undefined) err.cause = scrubError(err.cause, depth + 1);
  return err;
}

/** pino's error serializer, then the values of statements and rows taken out. */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return scrubError(err);
  return scrubError(pino.stdSerializers.errWithCause(err));
}

/** A request as logged: method and path, no query string; the remote address (no personal data there). */
export function serializeRequest(req: { method?: string; url?: string; ip?: string; id?: unknown }) {
  return { id: req.id, method: req.method, path: req.url?.split('?')[0], remoteAddress: req.ip };
}

/** The logger options of every portal process. */
export function privateLogOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
}
