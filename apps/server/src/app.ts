import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerAccess, type RouteAccessRow } from './access/access.plugin.ts';
import { TokenService } from './access/tokens.ts';
import type { Config } from './platform/config.ts';
import type { Database } from './platform/db.ts';
import { registerErrorHandling } from './platform/errors.ts';
import type { JobQueue } from './platform/jobs.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { secretBox, type Keys } from './platform/secrets.ts';
import { registerWeb } from './platform/web.ts';
import { AuditRepo } from './modules/audit/audit.repo.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { LoginAttemptsRepo } from './modules/auth/login-attempts.repo.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { UserAdminService } from './modules/users/user-admin.service.ts';
import { OverviewRepo } from './modules/overview/overview.repo.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { OverviewService } from './modules/overview/overview.service.ts';
import { RequestMetrics } from './modules/overview/request-metrics.ts';
import { TenantsRepo } from './modules/tenants/tenants.repo.ts';
import { tenantsRoutes } from './modules/tenants/tenants.routes.ts';
import { TenantsService } from './modules/tenants/tenants.service.ts';
import { API_BASE } from '@portal/contract/api-paths';

export interface AppDeps {
  config: Config;
  db: Database;
  jobs: JobQueue;
  keys: Keys;
  log: FastifyBaseLogger;
}

export interface PortalApp {
  app: FastifyInstance;
  routeTable: () => RouteAccessRow[];
}

/** Platform plugins first, then the modules; every route is checked by access/ before it runs. */
export async function buildApp(deps: AppDeps): Promise<PortalApp> {
  const { config, db, jobs, keys } = deps;
  const app = Fastify({
    loggerInstance: deps.log,
    trustProxy: process.env.TRUST_PROXY === 'true',
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(cookie);
  await registerOpenApi(app);

  const users = new UsersRepo(db.orm);
  const audit = new AuditRepo(db.orm);
  const tokens = new TokenService(keys.jwt, config.jwtTtlSeconds);
  const routeTable = registerAccess(app, { tokens, users });
  const tenants = new TenantsRepo(db.orm);

  const overviewRepo = new OverviewRepo(db.orm);
  const metrics = new RequestMetrics(overviewRepo, app.log);
  app.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith(API_BASE)) metrics.record(reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onReady', async () => metrics.start());
  app.addHook('onClose', async () => metrics.stop());

  healthRoutes(app, { database: () => db.ping(), jobs: () => jobs.ping() });
  authRoutes(app, new AuthService(users, new LoginAttemptsRepo(db.orm), audit, tokens));
  usersRoutes(app, new UsersService(users));
  tenantsRoutes(
    app,
    new TenantsService(tenants, audit, secretBox(keys.atRest)),
    new UserAdminService(users, tenants, audit),
  );
  overviewRoutes(app, new OverviewService(overviewRepo, metrics));

  await registerWeb(app, config.webDist);
  await app.ready();
  return { app, routeTable };
}
