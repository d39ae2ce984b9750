import type { z } from 'zod';
import {
  CAMPAIGN_MESSAGES as M,
  campaignStateOn,
  fieldPersonLink,
  type Schedule,
  type ScheduleEntry,
  type ScheduleInputSchema,
  type SiteList,
} from '@portal/contract/campaigns';
import { dayIn } from '@portal/contract/time-zone';
import { scopeOf, type Actor, type TenantScope } from '../../access/actor.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { AuditRepo } from '../audit/audit.repo.ts';
import type { CampaignsRepo } from './campaigns.repo.ts';
import type { OrgStructure } from './campaigns.service.ts';
import type { ScheduleRepo } from './schedule.repo.ts';

type ScheduleInput = z.output<typeof ScheduleInputSchema>;

export interface ScheduleDeps {
  repo: ScheduleRepo;
  campaigns: CampaignsRepo;
  audit: AuditRepo;
  org: OrgStructure;
  timeZoneOf: (tenantId: string) => Promise<string>;
  now: () => Date;
  /** The tenant's public address from its subdomain (config.publicUrlTemplate). */
  publicUrlOf: (subdomain: string) => string;
}

const unique = (ids: string[]) => [...new Set(ids)];

/**
 * An exercise's schedule (issue #33 item 1): which ministries and departments appear at which site
 * on which day, and a site's printable list with a QR code per person that opens the agent's screen
 * on them. The list is the exercise's one scope rule (campaigns.repo expectedSql) met with the
 * schedule's postings, so it never names someone the exercise does not expect.
 */
export class ScheduleService {
  constructor(private readonly deps: ScheduleDeps) {}

  async get(actor: Actor, id: string): Promise<Schedule> {
    const scope = scopeOf(actor);
    await this.#campaign(scope, id);
    return { campaignId: id, entries: await this.entriesOf(scope, id) };
  }

  /** Replaces the schedule; each day within the exercise, each posting the tenant's own. */
  async replace(actor: Actor, id: string, input: ScheduleInput): Promise<Schedule> {
    const scope = scopeOf(actor);
    const { repo, campaigns, audit, org } = this.deps;
    const c = await this.#campaign(scope, id);
    const today = dayIn(this.deps.now(), await this.deps.timeZoneOf(scope.tenantId));
    if (campaignStateOn(c, today) === 'CLOSED') throw conflict(M.scheduleClosed);
    const entries = input.entries.map((e) => ({
      day: e.day,
      site: e.site,
      ministryIds: unique(e.ministryIds),
      departmentIds: unique(e.departmentIds),
    }));
    const outside = entries.find((e) => e.day < c.opensOn || e.day > c.closesOn);
    if (outside) throw badRequest(M.scheduleDayOutside(c.opensOn, c.closesOn), { entries: outside.day });
    const ministryIds = unique(entries.flatMap((e) => e.ministryIds));
    const departmentIds = unique(entries.flatMap((e) => e.departmentIds));
    if ((await org.countOwned(scope, 'ministry', ministryIds)) !== ministryIds.length)
      throw badRequest(M.unknownMinistry, { entries: M.unknownMinistry });
    if ((await org.countOwned(scope, 'department', departmentIds)) !== departmentIds.length)
      throw badRequest(M.unknownDepartment, { entries: M.unknownDepartment });
    await campaigns.locked(scope, async (tx) => {
      const before = await repo.entries(scope, id, tx);
      await repo.replace(tx, scope, id, entries);
      await audit.append(
        {
          tenantId: scope.tenantId,
          actorUserId: actor.userId,
          actorEmail: actor.email,
          address: actor.address ?? null,
          action: 'CAMPAIGN_SCHEDULE_UPDATED',
          entityType: 'campaign',
          entityId: id,
          before: {
            entries: before.map(({ day, site, ministryIds, departmentIds }) => ({
              day,
              site,
              ministryIds,
              departmentIds,
            })),
          },
          after: { entries },
          note: `${entries.length} day(s) at ${new Set(entries.map((e) => e.site)).size} site(s)`,
        },
        tx,
      );
    });
    return { campaignId: id, entries: await this.entriesOf(scope, id) };
  }

  /** A site's list: everyone the schedule brings there, each with the text of their QR code. */
  async siteList(actor: Actor, id: string, site: string): Promise<SiteList> {
    const scope = scopeOf(actor);
    const { repo } = this.deps;
    const c = await this.#campaign(scope, id);
    const days = unique((await repo.entries(scope, id)).filter((e) => e.site === site).map((e) => e.day));
    if (days.length === 0) throw notFound(M.siteNotScheduled);
    const origin = this.deps.publicUrlOf(await repo.subdomain(scope));
    const people = await repo.siteList(scope, c, site);
    return {
      campaignId: c.id,
      campaignName: c.name,
      site,
      days,
      documents: c.documents,
      people: people.map((p) => ({ ...p, qr: fieldPersonLink(origin, p.id) })),
    };
  }

  /** The schedule's days with their postings named. */
  async entriesOf(scope: TenantScope, id: string): Promise<ScheduleEntry[]> {
    const rows = await this.deps.repo.entries(scope, id);
    const names = await this.deps.campaigns.names(scope, {
      ministryIds: unique(rows.flatMap((r) => r.ministryIds)),
      departmentIds: unique(rows.flatMap((r) => r.departmentIds)),
    });
    const named = (ids: string[], map: Map<string, string>) =>
      ids.map((i) => ({ id: i, name: map.get(i) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
    return rows.map((r) => ({
      day: r.day,
      site: r.site,
      ministries: named(r.ministryIds, names.ministries),
      departments: named(r.departmentIds, names.departments),
    }));
  }

  async #campaign(scope: TenantScope, id: string) {
    const c = await this.deps.campaigns.find(scope, id);
    if (!c) throw notFound(M.notFound);
    return c;
  }
}
