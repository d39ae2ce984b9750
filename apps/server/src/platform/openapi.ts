import type { FastifyInstance } from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';

/** The security schemes of the document; an operation's requirement names them (access/route-document.ts). */
export const SECURITY_SCHEMES = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  csrfCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: CSRF_COOKIE,
    description: 'Set by the server on any answer; a POST, PUT or DELETE echoes it in the header',
  },
  csrfHeader: {
    type: 'apiKey',
    in: 'header',
    name: CSRF_HEADER,
    description: `The value of the ${CSRF_COOKIE} cookie (double-submit): required on a POST, PUT or DELETE`,
  },
} as const;
export type SecurityScheme = keyof typeof SECURITY_SCHEMES;

/** One answer of an operation as the document shows it; `schema` absent: no body (204) or a file. */
export interface DocumentedResponse {
  description: string;
  schema?: z.ZodType;
}

/**
 * What the document says of a route beyond its validation schemas, derived from the route table
 * (access/route-document.ts) and carried in the route's config: only the document reads it, so
 * nothing here changes what the route validates or how it serializes its answers.
 */
export interface OperationDocument {
  operationId: string;
  /** Alternatives, each a set of schemes that all apply; `[]`: public. */
  security: Partial<Record<SecurityScheme, string[]>>[];
  /** Every answer the route can give, by status (the route's own schemas take precedence). */
  responses: Record<number, DocumentedResponse>;
  /** The success status, and its media types when the answer is a file rather than JSON. */
  success: { status: number; media?: readonly string[] };
  /** Multipart fields that carry a file: the request body of an upload. */
  files?: readonly string[];
  /** Optional multipart text fields beside them. */
  fields?: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    openapi?: OperationDocument;
  }
}

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type JsonObject = Record<string, unknown>;

/** OpenAPI generated from the routes' zod schemas: UI at /api/docs, JSON at /api/docs/json. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Verification Portal API', version: '1.0.0' },
      servers: [{ url: '/', description: 'This portal' }],
      components: { securitySchemes: SECURITY_SCHEMES as never },
      // No global requirement: every operation states its own (a public one `[]`), so an operation
      // that did not would fail the document's lint (scripts/check-openapi.mjs).
    },
    transform: documentOperation,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** The route's zod schemas in JSON Schema, completed with its OperationDocument. */
const documentOperation: Transform = (input) => {
  const doc = input.route.config?.openapi as OperationDocument | undefined;
  if (!doc || !input.schema) return jsonSchemaTransform(input);
  const own = (input.schema.response ?? {}) as Record<string, unknown>;
  const schemas: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(doc.responses))
    if (answer.schema) schemas[status] = answer.schema;
  const out = jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...schemas, ...own } },
  });
  const schema = out.schema as JsonObject;
  schema.operationId = doc.operationId;
  schema.security = doc.security;
  delete schema.produces; // per answer below: a file's media type is its success answer's only
  const converted = (schema.response ?? {}) as Record<string, JsonObject>;
  const statuses = new Set([...Object.keys(converted), ...Object.keys(doc.responses)]);
  const responses: Record<string, JsonObject> = {};
  for (const status of [...statuses].sort()) {
    const json = converted[status];
    const description =
      (typeof json?.description === 'string' ? json.description : undefined) ??
      doc.responses[Number(status)]?.description ??
      'Answer';
    if (Number(status) === 204 || !json) {
      // No body (204), or a file the document does not describe further.
      responses[status] =
        Number(status) === doc.success.status && doc.success.media
          ? { description, content: mediaOf(doc.success.media, { type: 'string' }) }
          : { type: 'null', description };
      continue;
    }
    const media = Number(status) === doc.success.status && doc.success.media;
    responses[status] = {
      description,
      content: media ? mediaOf(media, { type: 'string' }) : mediaOf(['application/json'], json),
    };
  }
  schema.response = responses;
  if (doc.files?.length) {
    schema.body = {
      type: 'object',
      required: [...doc.files],
      properties: Object.fromEntries([
        ...doc.files.map((f) => [f, { type: 'string', format: 'binary' }]),
        ...(doc.fields ?? []).map((f) => [f, { type: 'string' }]),
      ]),
    };
  }
  for (const key of ['body', 'querystring', 'params', 'headers', 'response']) nullableWithType(schema[key]);
  return out;
};

function mediaOf(types: readonly string[], schema: unknown): Record<string, { schema: unknown }> {
  return Object.fromEntries(types.map((type) => [type, { schema }]));
}

/**
 * OpenAPI 3.0 applies `nullable` only next to a `type`: zod's nullable union (`anyOf` with
 * `nullable: true`) moves it into each member that has a type, or adds a null member; a bare
 * `{ nullable: true }` (an unknown value, null included) drops it, since a schema without a type
 * already takes any value.
 */
function nullableWithType(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullableWithType(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonObject;
  for (const value of Object.values(schema)) nullableWithType(value);
  if (schema.nullable !== true || 'type' in schema) return;
  delete schema.nullable;
  const union = (schema.anyOf ?? schema.oneOf) as JsonObject[] | undefined;
  if (!union) return;
  if (union.every((member) => 'type' in member)) for (const member of union) member.nullable = true;
  else union.push({ type: 'object', nullable: true, enum: [null] });
}
