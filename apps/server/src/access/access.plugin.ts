import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE } from '@portal/contract/api-paths';
import { ERROR_CODES } from '@portal/contract/errors';
import { MESSAGES } from '@portal/contract/messages';
import type { Role } from '@portal/contract/roles';
import { forbidden, unauthorized } from '../platform/errors.ts';
import type { Actor } from './actor.ts';
import { csrfSatisfied, issueCsrfCookie } from './csrf.ts';
import type { TokenHolders } from './token-holders.ts';
import type { TokenService } from './tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to anyone (sign-in, public claim calls, health). */
    public?: boolean;
    /** Roles allowed to call the route. */
    roles?: readonly Role[];
    /** false exempts an unsafe method from the CSRF check (sign-in and the public claim calls only). */
    csrf?: boolean;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export interface RouteAccessRow {
  method: string;
  url: string;
  access: string;
}

export interface AccessDeps {
  tokens: TokenService;
  holders: TokenHolders;
}

const guardedPrefixes = [API_BASE, '/healthz', '/livez', '/readyz'];

/**
 * THE authorization entry point: every API route declares `roles` or `public: true` (a route that
 * declares neither refuses to start), and every request is checked here before its body is read.
 */
export function registerAccess(app: FastifyInstance, deps: AccessDeps): () => RouteAccessRow[] {
  const table: RouteAccessRow[] = [];
  app.decorateRequest('actor', null);

  app.addHook('onRoute', (route) => {
    if (!guardedPrefixes.some((p) => route.url.startsWith(p))) return;
    const methods = ([] as string[]).concat(route.method).filter((m) => m !== 'HEAD');
    const cfg = route.config ?? {};
    if (!cfg.public && !(cfg.roles && cfg.roles.length > 0)) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares neither roles nor public: true`);
    }
    for (const method of methods) {
      table.push({
        method,
        url: route.url,
        access: cfg.public ? 'public' : [...(cfg.roles ?? [])].sort().join(','),
      });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    issueCsrfCookie(request, reply);
    const cfg = request.routeOptions.config;
    if (!cfg.public && !cfg.roles) return; // static files and the API docs
    const actor = cfg.public ? null : await resolveActor(request, deps);
    request.actor = actor;
    if (cfg.csrf !== false && !csrfSatisfied(request)) throw forbidden(MESSAGES.auth.csrf, ERROR_CODES.CSRF);
    if (cfg.roles && !(actor && cfg.roles.includes(actor.role))) throw forbidden();
  });

  return () => [...table].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/** The token names the user; the user's row as it stands now decides (deleted, disabled or revoked → 401). */
async function resolveActor(request: FastifyRequest, deps: AccessDeps): Promise<Actor> {
  const header = request.headers.authorization;
  // The scheme's name is case-insensitive (RFC 9110 §11.1).
  const token = header && /^bearer /i.test(header) ? header.slice(7).trim() : undefined;
  if (!token) throw unauthorized('Authentication required');
  const claims = await deps.tokens.verify(token);
  if (!claims) throw unauthorized('Invalid or expired token');
  const user = await deps.holders.get(claims.sub);
  if (!user || user.status !== 'ACTIVE' || user.tokenVersion !== claims.tv) {
    throw unauthorized('Invalid or expired token');
  }
  return {
    userId: user.id,
    email: user.email,
    role: user.role,
    tenantId: user.tenantId,
    fullName: user.fullName,
    tenantName: user.tenantName,
    timeZone: user.timeZone,
    address: request.ip,
  };
}
