import type { FastifyRequest } from 'fastify';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import { AppError } from '../platform/errors.ts';
import { ERROR_CODES } from '@portal/contract/errors';
import type { AccessRepo } from './access.repo.ts';
import { tenantScope, type TenantScope } from './actor.ts';

/**
 * The tenant of a public screen (DESIGN §4): the Host's subdomain of PORTAL_DOMAIN
 * (`lagos.localhost:3000`), else the X-Tenant header (tools, tests), else — with exactly one
 * tenant — that one.
 */
export class PublicTenantResolver {
  constructor(
    private readonly repo: AccessRepo,
    private readonly portalDomain: string,
  ) {}

  subdomainOf(request: FastifyRequest): string | undefined {
    const host = (request.headers.host ?? '').split(':')[0]!.toLowerCase();
    const suffix = `.${this.portalDomain.toLowerCase()}`;
    if (host.endsWith(suffix)) {
      const sub = host.slice(0, -suffix.length);
      if (sub && !sub.includes('.')) return sub;
    }
    const header = request.headers['x-tenant'];
    return typeof header === 'string' && header.trim() ? header.trim().toLowerCase() : undefined;
  }

  /**
   * The tenant a request names by its Host or X-Tenant (404 when none has that subdomain), or
   * undefined when it names none: a claim's later steps then take the tenant of the claim's token.
   */
  async named(request: FastifyRequest): Promise<string | undefined> {
    return this.subdomainOf(request) === undefined ? undefined : (await this.resolve(request)).tenantId;
  }

  async resolve(request: FastifyRequest): Promise<TenantScope> {
    const sub = this.subdomainOf(request);
    const tenantId = sub ? await this.repo.tenantIdBySubdomain(sub) : await this.repo.onlyTenantId();
    if (tenantId) return tenantScope(tenantId);
    throw new AppError(404, CLAIM_MESSAGES.unknownTenant, ERROR_CODES.NOT_FOUND);
  }

  /**
   * The name of the tenant a public screen belongs to (its name only) and the time zone its
   * times are in (issue #31 item 12), 404 as `resolve`.
   */
  async name(request: FastifyRequest): Promise<{ name: string; timeZone: string }> {
    const { tenantId } = await this.resolve(request);
    const name = await this.repo.tenantName(tenantId);
    if (name === undefined) throw new AppError(404, CLAIM_MESSAGES.unknownTenant, ERROR_CODES.NOT_FOUND);
    return { name, timeZone: await this.repo.timeZone(tenantId) };
  }
}
