import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@portal/contract/errors';
import { MESSAGES } from '@portal/contract/messages';

/** A failure the caller should see as it is: status, message, code and optional details. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, message, ERROR_CODES.VALIDATION, details);
export const unauthorized = (message: string = MESSAGES.auth.invalidCredentials) =>
  new AppError(401, message, ERROR_CODES.UNAUTHORIZED);
export const forbidden = (
  message: string = MESSAGES.auth.accessDenied,
  code: string = ERROR_CODES.FORBIDDEN,
) => new AppError(403, message, code);
export const notFound = (message = 'Not found') => new AppError(404, message, ERROR_CODES.NOT_FOUND);
export const conflict = (message: string, details?: unknown) =>
  new AppError(409, message, ERROR_CODES.CONFLICT, details);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, message, ERROR_CODES.RATE_LIMITED, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** A database error (or one it caused) that a unique index refused: two writers raced for one key. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * SQLSTATEs of a connection the server ended or could not open: admin/crash shutdown, cannot
 * connect now (starting up or shutting down), too many connections, and class 08 (connection
 * exception).
 */
const LOST_CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const LOST_CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
/** node-postgres's own words for a connection that went away under a query or a checkout. */
const LOST_CONNECTION_TEXT =
  /^(Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;

/**
 * A database error (or one it caused) that says the connection was lost or could not be opened
 * (a database restart, issue #31): the request or job step failed, not the data; it can be tried
 * again once the database is back.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (LOST_CONNECTION_STATES.has(code) || code.startsWith('08'))) return true;
    if (typeof code === 'string' && LOST_CONNECTION_ERRNOS.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && LOST_CONNECTION_TEXT.test(message)) return true;
  }
  return false;
}

/** The answer to a request whose database connection was lost: 503 with a message, try again soon. */
export const databaseUnavailable = () =>
  new AppError(503, MESSAGES.auth.databaseUnavailable, ERROR_CODES.DATABASE_UNAVAILABLE, undefined, {
    'retry-after': '5',
  });

const CODE_BY_STATUS: Record<number, string> = {
  401: ERROR_CODES.UNAUTHORIZED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  406: ERROR_CODES.UNSUPPORTED_MEDIA,
  409: ERROR_CODES.CONFLICT,
  413: ERROR_CODES.TOO_LARGE,
  415: ERROR_CODES.UNSUPPORTED_MEDIA,
  422: ERROR_CODES.UNPROCESSABLE,
  429: ERROR_CODES.RATE_LIMITED,
};

/** Field path → message, from the validation issues of a request schema. */
function fieldDetails(err: {
  validation: { instancePath: string; message?: string }[];
}): Record<string, string> {
  const details: Record<string, string> = {};
  for (const issue of err.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    details[field] ??= issue.message ?? 'Invalid input';
  }
  return details;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored: PostgreSQL text holds no NUL, and UTF-8 no unpaired surrogate. */
function textFault(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Contains a NUL character';
  // A lone surrogate ("\ud800") has no UTF-8 form: the database refuses it with a 500.
  if (LONE_SURROGATE.test(text)) return 'Contains an unpaired surrogate (not valid Unicode text)';
  return undefined;
}

/** The first string (or key) of a parsed body, query or params that cannot be stored, with why. */
function badText(value: unknown, path: string, depth = 0): { path: string; fault: string } | undefined {
  if (typeof value === 'string') {
    const fault = textFault(value);
    return fault ? { path, fault } : undefined;
  }
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    const keyFault = textFault(key);
    if (keyFault) return { path: at, fault: keyFault };
    const found = badText(item, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Fastify's own refusals before routing, in the API's shape (DESIGN §7) and without echoing the
 * path: a path parameter longer than any id names nothing (404), an address that does not decode
 * is a 400.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(404).send({ message: 'Not found', code: ERROR_CODES.NOT_FOUND });
    return;
  }
  void reply.code(400).send({ message: 'The address is not valid', code: ERROR_CODES.VALIDATION });
}

/** One error shape for the whole API (DESIGN §7); never a stack trace. */
export function registerErrorHandling(app: FastifyInstance): void {
  // PostgreSQL text cannot hold a NUL character nor a lone surrogate: refuse either in any input as
  // a 400 before a handler runs, rather than fail in the database with a 500.
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['body', request.body],
      ['query', request.query],
      ['params', request.params],
    ] as const) {
      const found = badText(value, '');
      if (found)
        throw badRequest(
          found.fault.startsWith('Contains a NUL')
            ? 'Text must not contain a NUL character'
            : 'Text must be valid Unicode (an unpaired surrogate was sent)',
          { [found.path || where]: found.fault },
        );
    }
  });
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.statusCode).send({ message: err.message, code: err.code, details: err.details });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = fieldDetails(err);
      const first = Object.values(details)[0];
      // A path parameter that cannot be an id names nothing: 404, as for an id that is not there.
      if (err.validationContext === 'params')
        return reply.code(404).send({ message: first ?? 'Not found', code: ERROR_CODES.NOT_FOUND });
      return reply
        .code(400)
        .send({ message: first ?? 'Invalid request', code: ERROR_CODES.VALIDATION, details });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its schema');
      return reply.code(500).send({ message: MESSAGES.auth.serverError, code: ERROR_CODES.INTERNAL });
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      const lost = databaseUnavailable();
      return reply
        .code(lost.statusCode)
        .headers(lost.headers!)
        .send({ message: lost.message, code: lost.code });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(status).send({ message: MESSAGES.auth.serverError, code: ERROR_CODES.INTERNAL });
    }
    return reply
      .code(status)
      .send({ message: err.message, code: CODE_BY_STATUS[status] ?? ERROR_CODES.VALIDATION });
  });
}
