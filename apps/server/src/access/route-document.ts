import { ApiErrorSchema } from '@portal/contract/errors';
import { operationIdOf } from '@portal/contract/routes/api-routes';
import { pathParamNames, type ApiRoute } from '@portal/contract/routes/define-route';
import { ROLES } from '@portal/contract/roles';
import type { DocumentedResponse, OperationDocument, SecurityScheme } from '../platform/openapi.ts';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

const SUCCESS: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'Done: no body' };

/** The words of an answer the route itself declares (`errors`) without a description. */
const DECLARED: Record<number, string> = {
  401: 'The email and password do not match an active account',
  404: 'Not found',
  409: 'Conflicts with the current state of what it names (the message says how)',
  413: 'Too large',
  415: 'Not a media type the route reads',
  422: 'Refused as it stands (the details say why)',
  429: 'Too many attempts: the Retry-After header says when to try again',
  502: 'The identity provider could not be reached or refused',
  503: 'Not ready',
};

/**
 * What the OpenAPI document says of a route, derived from the route table (issue #31): its
 * operationId, its security (bearer token, and the CSRF cookie and header on a POST, PUT or
 * DELETE that access.plugin.ts checks), and every answer that the platform gives it before or
 * around its handler, besides those the route declares itself:
 * - 400: a query, body or path value that does not validate, a body that is not JSON (or empty)
 *   or a NUL in any query value (platform/errors.ts);
 * - 401: any route with roles, without a valid token; 403: roles that leave some out, or a
 *   missing or wrong CSRF echo;
 * - 404: a path parameter that names nothing (or cannot be an id);
 * - 413 and 415: a body over the size limit, or of a media type the route does not read.
 * Server errors (500, and 503 while the database is away) are not documented per route.
 */
export function operationDocument(route: ApiRoute): OperationDocument {
  const unsafe = UNSAFE_METHODS.has(route.method);
  const csrf = unsafe && route.csrf !== false;
  const roleLimited = !route.public && route.roles.length < ROLES.length;
  const requirement: Partial<Record<SecurityScheme, string[]>> = {
    ...(route.public ? {} : { bearer: [] }),
    ...(csrf ? { csrfCookie: [], csrfHeader: [] } : {}),
  };
  const status = route.status ?? 200;
  const responses: Record<number, DocumentedResponse> = {
    [status]: { description: SUCCESS[status] ?? 'OK' },
  };
  const error = (code: number, description: string) => {
    responses[code] = { description, schema: ApiErrorSchema };
  };
  error(400, 'The request is not valid: a path, query or body value (details name each field)');
  if (!route.public) error(401, 'No valid bearer token (absent, expired, revoked, or its user disabled)');
  if (roleLimited || csrf) {
    error(
      403,
      [
        roleLimited ? `The signed-in role is not one of ${route.roles.join(', ')}` : undefined,
        csrf ? 'the CSRF cookie and header are missing or differ' : undefined,
      ]
        .filter(Boolean)
        .join('; or '),
    );
  }
  const params = pathParamNames(route.path);
  if (params.length > 0) error(404, `No ${params.join(', ')} of that value is found`);
  if (unsafe) {
    error(413, 'The body is larger than the route accepts');
    error(415, 'The body is not of a media type the route reads');
  }
  for (const [code, schema] of Object.entries(route.errors ?? {})) {
    const existing = responses[Number(code)]?.description;
    responses[Number(code)] = { description: existing ?? DECLARED[Number(code)] ?? 'Error', schema };
  }
  return {
    operationId: operationIdOf(route),
    security: Object.keys(requirement).length > 0 ? [requirement] : [],
    responses,
    success: { status, ...(route.produces ? { media: route.produces } : {}) },
    ...(route.files ? { files: route.files } : {}),
    ...(route.fields ? { fields: route.fields } : {}),
  };
}
