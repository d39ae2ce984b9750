import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_ACTION_LABELS, AUDIT_COUNT_CAP } from '@portal/contract/audit';
import type { Orm } from '../../platform/db.ts';
import { uuidArray } from '../../platform/sql-ids.ts';
import { isoInZoneSql, tenantTimeZone } from '../../platform/tenant-time-zone.ts';

/**
 * Whose events a reader sees: one tenant's, or the platform's (events of no tenant). Only the
 * service makes one, from the actor (never from the request).
 */
export type AuditScope = { tenantId: string } | { platform: true };

/** A filter with its record resolved to the records it names. */
export interface AuditCriteria {
  actor?: string;
  action?: string;
  /** The records the `record` filter found: events about any of them (empty: none can match). */
  recordIds?: string[];
  /** Days in `zone`, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** The reader's time zone (its tenant's; the platform's for the global admin): days and the CSV's times. */
  zone: string;
  /** The id range that holds the days' events (idRangeOf): what the pages walk instead of the dates. */
  ids?: { above?: string; upTo?: string };
}

export type AuditRow = {
  id: string;
  at: string;
  actorEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  recordId: string | null;
  psn: string | null;
  /** The record's name now (issue #31: a PSN alone names nobody to a reader); null without one. */
  recordName: string | null;
  address: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
};

/** Rows of the CSV per statement: the file is streamed in keyset batches, never held whole. */
const CSV_BATCH = 2_000;

/** Reads of the append-only trail (writes: audit.repo.ts). */
export class AuditLogRepo {
  constructor(private readonly orm: Orm) {}

  /** The zone a reader's days and times are in: its tenant's, or the platform's (issue #31 item 12). */
  timeZone(scope: AuditScope): Promise<string> {
    return tenantTimeZone(this.orm, 'tenantId' in scope ? scope.tenantId : null);
  }

  /**
   * A read of the log in a transaction of its own that prices a random page read as the cache
   * makes it (1.1, not PostgreSQL's default 4, made for spinning disks): at 4 the planner walked the
   * primary key from the newest event down, filtering every row, rather than read the matching
   * entries of the actor's or action's index and their rows (a busy actor's approvals: 88 ms
   * instead of 0.8 over 1,000,000 events). Only the log's reads are priced so.
   */
  async #read<T>(fn: (tx: Orm) => Promise<T>): Promise<T> {
    return this.orm.transaction(async (tx) => {
      await tx.execute(sql`set local random_page_cost = 1.1`);
      return fn(tx as unknown as Orm);
    });
  }

  #where(scope: AuditScope, c: AuditCriteria): SQL {
    const parts: SQL[] = [
      'tenantId' in scope ? sql`tenant_id = ${scope.tenantId}::uuid` : sql`tenant_id is null`,
    ];
    if (c.actor) parts.push(sql`actor_email = ${c.actor.toLowerCase()}`);
    if (c.action) parts.push(sql`action = ${c.action}`);
    if (c.recordIds) parts.push(sql`record_id = any(${uuidArray(c.recordIds)})`);
    // The reader's days: midnight in its zone of `from`, up to (not including) midnight after `to`.
    if (c.from) parts.push(sql`created_at >= (${c.from}::date)::timestamp at time zone ${c.zone}::text`);
    if (c.to) parts.push(sql`created_at < (${c.to}::date + 1)::timestamp at time zone ${c.zone}::text`);
    if (c.ids?.above) parts.push(sql`id > ${c.ids.above}::bigint`);
    if (c.ids?.upTo) parts.push(sql`id <= ${c.ids.upTo}::bigint`);
    return sql.join(parts, sql` and `);
  }

  /**
   * The ids between which the events of a range of days lie, from the index of times (two index
   * look-ups), or null when no event can be in it. Pages are in id order: a date range alone left
   * the planner walking the ids from the newest down to the range (half a million rows for a week
   * half a year ago). An event's time is its transaction's start, so ids and times may disagree
   * within concurrent transactions: the bounds are taken a day wider than the range (no
   * transaction that writes the trail lasts a day), and the exact times still filter.
   */
  async idRangeOf(
    scope: AuditScope,
    range: { from?: string; to?: string; zone: string },
  ): Promise<{ above?: string; upTo?: string } | null> {
    const tenant = 'tenantId' in scope ? sql`tenant_id = ${scope.tenantId}::uuid` : sql`tenant_id is null`;
    const dayStart = (day: string, plus: number) =>
      sql`(${day}::date + ${plus}::int)::timestamp at time zone ${range.zone}::text`;
    const result = await this.orm.execute<{
      above: string | null;
      up_to: string | null;
      any_before: boolean;
      any_after: boolean;
    }>(sql`
      select
        ${range.from ? sql`(select id - 1 from audit_events where ${tenant} and created_at >= ${dayStart(range.from, -1)} order by created_at limit 1)` : sql`null`}::text as above,
        ${range.to ? sql`(select id from audit_events where ${tenant} and created_at < ${dayStart(range.to, 2)} order by created_at desc limit 1)` : sql`null`}::text as up_to`);
    const row = result.rows[0]!;
    if ((range.from && row.above === null) || (range.to && row.up_to === null)) return null;
    return { above: row.above ?? undefined, upTo: row.up_to ?? undefined };
  }

  /**
   * A page, newest first (the append order: id). Its ids first, alone: a filter an index covers
   * (tenant, actor, action or record, then id) is then read from the index only, newest first, and
   * stops after the page; asked for whole rows at once, the planner could walk the primary key
   * from the newest event down, reading every other tenant's and actor's events on the way
   * (80 ms for a busy actor of 1,000,000 events instead of 0.1). Then only the page's rows.
   */
  async page(
    scope: AuditScope,
    c: AuditCriteria,
    page: { page: number; pageSize: number },
  ): Promise<AuditRow[]> {
    const result = await this.#read((tx) =>
      tx.execute<AuditRow>(sql`
      with ids as materialized (
        select id from audit_events where ${this.#where(scope, c)}
        order by id desc limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}
      )
      select e.id::text, to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
        e.actor_email as "actorEmail", e.action, e.entity_type as "entityType", e.entity_id as "entityId",
        e.record_id as "recordId", e.psn, r.full_name as "recordName", e.address, e.before, e.after, e.note
      from audit_events e join ids on ids.id = e.id
      left join records r on r.id = e.record_id and r.tenant_id = e.tenant_id
      order by e.id desc`),
    );
    return result.rows;
  }

  /**
   * How many events match, counted up to AUDIT_COUNT_CAP + 1: an exact count of a filter over
   * 1,000,000 events reads every one of them on every page.
   */
  async count(scope: AuditScope, c: AuditCriteria): Promise<number> {
    const result = await this.#read((tx) =>
      tx.execute<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from audit_events where ${this.#where(scope, c)} limit ${AUDIT_COUNT_CAP + 1}
      ) matched`),
    );
    return result.rows[0]?.n ?? 0;
  }

  /**
   * The CSV lines (CRLF) of the matching events, newest first, in batches. Each cell goes through
   * csv_field (migration 0010), the payroll file's quoting and formula neutralisation: one home.
   */
  async *csvLines(scope: AuditScope, c: AuditCriteria): AsyncGenerator<string> {
    const labels = JSON.stringify(AUDIT_ACTION_LABELS);
    let below: string | null = null;
    for (;;) {
      const keyset: SQL = below === null ? sql`true` : sql`id < ${below}::bigint`;
      const result = await this.#read((tx) =>
        tx.execute<{ id: string; line: string }>(sql`
        select id::text, concat_ws(',', id::text,
          ${isoInZoneSql(sql`created_at`, c.zone)},
          csv_field(actor_email), csv_field(action), csv_field(coalesce(${labels}::jsonb ->> action, action)),
          csv_field(record_id::text), csv_field(psn), csv_field(address), csv_field(entity_type),
          csv_field(entity_id), csv_field(before::text), csv_field(after::text), csv_field(note)) as line
        from audit_events where ${this.#where(scope, c)} and ${keyset}
        order by audit_events.id desc limit ${CSV_BATCH}`),
      );
      if (result.rows.length === 0) return;
      yield result.rows.map((r) => `${r.line}\r\n`).join('');
      if (result.rows.length < CSV_BATCH) return;
      below = result.rows.at(-1)!.id;
    }
  }
}
