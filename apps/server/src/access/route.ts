import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type {
  AnswerInput,
  ApiRoute,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
} from '@portal/contract/routes/define-route';
import { unauthorized } from '../platform/errors.ts';
import { inContext, type TenantContext } from '../platform/tenant-context.ts';
import type { Actor } from './actor.ts';
import { operationDocument } from './route-document.ts';

/** What a route's handler receives: the parsed input and, on a route with roles, its actor. */
export interface RouteCall<R extends ApiRoute> {
  actor: R extends { public: true } ? null : Actor;
  params: ParsedParams<R>;
  query: ParsedQuery<R>;
  body: ParsedBody<R>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * The answer of the route's success status, or the reply when the handler sent it itself (a file,
 * a stream, another status).
 */
export type RouteHandler<R extends ApiRoute> = (call: RouteCall<R>) => Promise<AnswerInput<R> | FastifyReply>;

/** Server-side settings that are not part of what the API promises. */
export interface ServeOptions {
  bodyLimit?: number;
}

/**
 * Registers a contract route: its access (`config.roles` / `config.public` / `config.csrf`, which
 * the access hook enforces before the handler runs), its schemas for validation and the OpenAPI
 * document (with `config.openapi`, the rest of what the document says of it), and its handler.
 */
export function serveRoute<const R extends ApiRoute>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void {
  const definition: RouteOptions = {
    method: route.method,
    url: route.path,
    config: {
      ...(route.public
        ? { public: true, ...(route.csrf === false ? { csrf: false } : {}) }
        : { roles: route.roles }),
      // What the OpenAPI document says of the route beyond its schemas (issue #31).
      openapi: operationDocument(route),
    },
    schema: schemaOf(route),
    handler: async (request, reply) => {
      const actor = route.public ? null : request.actor;
      // The access hook resolved the actor of every route with roles before this runs.
      if (!route.public && !actor) throw unauthorized('Authentication required');
      const call = {
        actor,
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
      };
      // The handler, and the hooks its answer runs through, see the rows of the actor's tenant.
      return inContext(contextOf(actor), async () => {
        const answer = await handler(call as RouteCall<R>);
        // A handler that sent the reply itself returned it; Fastify's reply is a thenable, so the
        // handler's promise resolved to undefined (when the reply was sent), never to the reply.
        if (answer === undefined) return reply;
        return reply.code(route.status ?? 200).send(answer);
      });
    },
  };
  if (options.bodyLimit !== undefined) definition.bodyLimit = options.bodyLimit;
  app.route(definition);
}

/**
 * Whose rows a route's handler sees (row-level security, DECISIONS 110): a tenant actor's tenant's;
 * the global admin's, the whole platform's (its screens read across tenants on purpose). A public
 * route's too (sign-in finds an account by email, a claim's later steps find it by its token,
 * before either knows the tenant): the claims routes narrow to the tenant as soon as it is named.
 */
function contextOf(actor: Actor | null): TenantContext {
  return actor?.tenantId ? { tenantId: actor.tenantId } : 'platform';
}

/** The Fastify schema of a route: only the keys it has, so the OpenAPI document shows no empty ones. */
function schemaOf(route: ApiRoute): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { tags: [...route.tags], summary: route.summary };
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  if (route.consumes) schema.consumes = [...route.consumes];
  if (route.produces) schema.produces = [...route.produces];
  const response = { ...(route.response ? { [route.status ?? 200]: route.response } : {}), ...route.errors };
  if (Object.keys(response).length > 0) schema.response = response;
  return schema;
}
