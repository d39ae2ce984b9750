import {
  AUDIT_COUNT_CAP,
  auditActionLabel,
  type AuditEvent,
  type AuditFilter,
  type AuditPage,
} from '@portal/contract/audit';
import { dayIn } from '@portal/contract/time-zone';
import { tenantScope, type Actor, type TenantScope } from '../../access/actor.ts';
import { forbidden } from '../../platform/errors.ts';
import type { AuditRepo } from './audit.repo.ts';
import type { AuditCriteria, AuditLogRepo, AuditRow, AuditScope } from './audit-log.repo.ts';

/**
 * The records a `record` filter may name at most: a name shared by more (a common first name) is
 * narrowed by the reader; the events of the first this many are shown.
 */
const MAX_RECORDS_OF_FILTER = 1_000;

/** The audit log's reads: whose events an actor sees, the filters, the page and the CSV. */
export class AuditLogService {
  constructor(
    private readonly repo: AuditLogRepo,
    /**
     * The ids of at most `limit` of a tenant's records a search by PSN or name finds (the records
     * module's search, given by the app: the audit module does not depend on the records').
     */
    private readonly recordsMatching: (scope: TenantScope, text: string, limit: number) => Promise<string[]>,
    private readonly audit: AuditRepo,
  ) {}

  async page(actor: Actor, q: AuditFilter & { page: number; pageSize: number }): Promise<AuditPage> {
    const scope = scopeOfReader(actor);
    const criteria = await this.#criteria(scope, q, await this.repo.timeZone(scope));
    if (!criteria) return { items: [], total: 0, totalExact: true, page: q.page, pageSize: q.pageSize };
    const [rows, counted] = await Promise.all([
      this.repo.page(scope, criteria, q),
      this.repo.count(scope, criteria),
    ]);
    return {
      items: rows.map(toEvent),
      total: Math.min(counted, AUDIT_COUNT_CAP),
      totalExact: counted <= AUDIT_COUNT_CAP,
      page: q.page,
      pageSize: q.pageSize,
    };
  }

  /**
   * The CSV of the filtered view: its name (`audit-tenant-2026-11-28.csv`, the day in the reader's
   * time zone, as its rows' times) and its lines; reading the log out is itself audited.
   */
  async csv(actor: Actor, filter: AuditFilter): Promise<{ fileName: string; lines: AsyncIterable<string> }> {
    const scope = scopeOfReader(actor);
    const zone = await this.repo.timeZone(scope);
    const criteria = await this.#criteria(scope, filter, zone);
    await this.audit.append({
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      actorEmail: actor.email,
      action: 'AUDIT_LOG_EXPORTED',
      entityType: 'audit_log',
      after: { filter },
      address: actor.address ?? null,
    });
    const repo = this.repo;
    const who = 'tenantId' in scope ? 'tenant' : 'platform';
    return {
      fileName: `audit-${who}-${dayIn(Date.now(), zone)}.csv`,
      lines: (async function* () {
        if (criteria) yield* repo.csvLines(scope, criteria);
      })(),
    };
  }

  /** The filter in the repository's terms; undefined when its record names none of the tenant's. */
  async #criteria(scope: AuditScope, f: AuditFilter, zone: string): Promise<AuditCriteria | undefined> {
    const criteria: AuditCriteria = { actor: f.actor, action: f.action, from: f.from, to: f.to, zone };
    if (f.from || f.to) {
      const ids = await this.repo.idRangeOf(scope, { from: f.from, to: f.to, zone });
      if (!ids) return undefined;
      criteria.ids = ids;
    }
    if (!f.record) return criteria;
    // The platform's events are about no record.
    if (!('tenantId' in scope)) return undefined;
    const ids = await this.recordsMatching(tenantScope(scope.tenantId), f.record, MAX_RECORDS_OF_FILTER);
    return ids.length === 0 ? undefined : { ...criteria, recordIds: ids };
  }
}

/**
 * A tenant admin reads its own tenant's events; the global admin the platform's, those of no
 * tenant (it never reads a tenant's: they hold the tenant's personal data). The route's roles
 * already refuse everyone else; this refuses them again should a route forget.
 */
export function scopeOfReader(actor: Actor): AuditScope {
  if (actor.role === 'TENANT_ADMIN' && actor.tenantId) return { tenantId: actor.tenantId };
  if (actor.role === 'GLOBAL_SUPER_ADMIN') return { platform: true };
  throw forbidden();
}

function toEvent(row: AuditRow): AuditEvent {
  return {
    ...row,
    before: row.before ?? null,
    after: row.after ?? null,
    label: auditActionLabel(row.action),
    summary: summaryOf(row),
  };
}

/** One sentence a person reads: who, what, on which record, from where. */
export function summaryOf(row: AuditRow): string {
  const who = row.actorEmail ?? 'The portal';
  const what = auditActionLabel(row.action).toLowerCase();
  const on = row.psn ? ` on record ${row.psn}` : '';
  const from = row.address ? ` from ${row.address}` : '';
  return `${who}: ${what}${on}${from}.`;
}
