import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_ROUTES } from '@portal/contract/routes/api-routes';
import { serveRoute } from './access/route.ts';
import { registerOpenApi } from './platform/openapi.ts';

/**
 * The OpenAPI document as the portal serves it at /api/docs/json, built from the route table alone
 * (no database, nothing listening): scripts/check-openapi.mjs lints it and compiles a client
 * against it, and a test holds it equal to the running portal's.
 */
export async function buildApiDocument(): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerOpenApi(app);
  for (const route of API_ROUTES) {
    serveRoute(app, route, async () => {
      throw new Error('the document-only app answers no request');
    });
  }
  await app.ready();
  const document = app.swagger() as unknown as Record<string, unknown>;
  await app.close();
  return document;
}
