import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../access/actor.ts';
import type { Orm } from '../../platform/db.ts';
import { WHOLE_TENANT_MEMORY } from '../../platform/statement-memory.ts';
import type { CampaignRow, CampaignsRepo } from './campaigns.repo.ts';
import type { RemindPayload } from './reminders.ts';

/** An exercise that may have a reminder due, with its tenant's zone and the runs it had. */
export interface OpenCampaign {
  id: string;
  tenant_id: string;
  opens_on: string;
  closes_on: string;
  zone: string | null;
  opening_sent: boolean;
  ran_today: string[] | null;
}

/** What a run writes: the texts ('{name}' in the mail is the person's) and whether SMS goes. */
export interface RunTexts {
  smsOn: boolean;
  subject: string;
  mail: string;
  sms: string;
}

/**
 * The master list's phone as SMPP sends it: digits only, a Nigerian local number (0 and ten
 * digits) in international form (234…); anything shorter than 10 digits is no phone.
 */
const phoneSql = sql`(case
  when length(regexp_replace(coalesce(r.phone, ''), '\\D', '', 'g')) < 10 then null
  when regexp_replace(r.phone, '\\D', '', 'g') ~ '^0\\d{10}$' then '234' || substr(regexp_replace(r.phone, '\\D', '', 'g'), 2)
  else regexp_replace(r.phone, '\\D', '', 'g') end)`;

/** Reminder runs of verification exercises (issue #33 item 3; DECISIONS 182). */
export class RemindersRepo {
  constructor(
    private readonly orm: Orm,
    private readonly campaigns: CampaignsRepo,
  ) {}

  /**
   * The exercises whose window may hold `now` in some zone (a day either side of UTC's), across
   * tenants: the watchdog's question (platform context).
   */
  async openCampaigns(now: Date): Promise<OpenCampaign[]> {
    const { orm } = this;
    const open = await orm.execute<{
      id: string;
      tenant_id: string;
      opens_on: string;
      closes_on: string;
      zone: string | null;
      opening_sent: boolean;
      ran_today: string[] | null;
    }>(sql`
      select c.id, c.tenant_id, c.opens_on::text as opens_on, c.closes_on::text as closes_on,
        s.settings ->> 'timeZone' as zone,
        exists (select 1 from campaign_reminder_runs r where r.campaign_id = c.id and r.kind = 'OPENING') as opening_sent,
        (select array_agg(r.kind || ':' || r.day::text) from campaign_reminder_runs r
          where r.campaign_id = c.id) as ran_today
      from campaigns c
      left join tenant_settings s on s.tenant_id = c.tenant_id
      where c.opens_on <= (${now.toISOString()}::timestamptz at time zone 'UTC')::date + 1
        and c.closes_on >= (${now.toISOString()}::timestamptz at time zone 'UTC')::date - 1`);
    return open.rows;
  }

  async tenantName(tenantId: string): Promise<{ name: string; subdomain: string }> {
    const t = await this.orm.execute<{ name: string; subdomain: string }>(
      sql`select name, subdomain from tenants where id = ${tenantId}`,
    );
    return t.rows[0]!;
  }

  /**
   * One run and its people, mail and SMS, in one transaction; null when the run exists already
   * (another worker, or a retry, made it).
   */
  async make(
    scope: TenantScope,
    c: CampaignRow,
    p: RemindPayload,
    texts: RunTexts,
  ): Promise<{ people: number; mail: number; sms: number } | null> {
    const { orm } = this;
    const repo = this.campaigns;
    const smsOn = texts.smsOn;
    return orm.transaction(async (tx) => {
      const made = await tx.execute<{ id: string }>(sql`
        insert into campaign_reminder_runs (tenant_id, campaign_id, kind, day)
        values (${p.tenantId}, ${c.id}, ${p.kind}, ${p.day}::date)
        on conflict (campaign_id, kind, day) do nothing
        returning id`);
      const runId = made.rows[0]?.id;
      if (!runId) return null;
      // The run joins its reminded people to their addresses (a million rows in a large state):
      // in memory, not in batches spilled to disk at the server's default work_mem (DECISIONS 189).
      await tx.execute(WHOLE_TENANT_MEMORY);
      // One mail text for the run, its '{name}' filled in as each mail is sent (DECISIONS 189).
      const text = await tx.execute<{ id: string }>(sql`
        insert into outbox_texts (tenant_id, body) values (${p.tenantId}, ${texts.mail}) returning id`);
      const textId = text.rows[0]!.id;
      const queued = await tx.execute<{ people: number; mail: number; sms: number; none: number }>(sql`
        with due as (
          select r.id, coalesce(u.email, r.email) as email, ${phoneSql} as phone
          from records r left join users u on u.record_id = r.id
          where ${repo.stillExpectedSql(scope, c)}
        ),
        addressed as (
          select d.id, d.email, d.phone, case when d.email is not null then gen_random_uuid() end as mail_id,
            case when ${smsOn}::boolean and d.phone is not null then gen_random_uuid() end as sms_id
          from due d
        ),
        reminded as (
          insert into campaign_reminders (tenant_id, record_id, day, run_id, mail_id, sms_id)
          select ${p.tenantId}, a.id, ${p.day}::date, ${runId}, a.mail_id, a.sms_id from addressed a
          on conflict do nothing
          returning record_id, mail_id, sms_id
        ),
        mail as (
          insert into mail_outbox (id, tenant_id, record_id, to_email, subject, text_id)
          select m.mail_id, ${p.tenantId}, a.id, a.email, ${texts.subject}, ${textId}::uuid
          from reminded m join addressed a on a.id = m.record_id where m.mail_id is not null
          returning 1
        ),
        sms as (
          insert into sms_outbox (id, tenant_id, record_id, to_phone, body)
          select m.sms_id, ${p.tenantId}, a.id, a.phone, ${texts.sms}
          from reminded m join addressed a on a.id = m.record_id where m.sms_id is not null
          returning 1
        )
        select (select count(*)::int from reminded) as people,
          (select count(*)::int from mail) as mail, (select count(*)::int from sms) as sms,
          (select count(*)::int from reminded where mail_id is null and sms_id is null) as none`);
      const q = queued.rows[0]!;
      await tx.execute(sql`
        update campaign_reminder_runs set people = ${q.people}, no_address = ${q.none} where id = ${runId}`);
      return { people: Number(q.people), mail: Number(q.mail), sms: Number(q.sms) };
    });
  }
}
