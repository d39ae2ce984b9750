import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { addDays, type Campaign, type ReminderRun } from '@portal/contract/campaigns';
import { SMS_GATEWAY_MESSAGES } from '@portal/contract/sms-gateway';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { seedRecords } from '../helpers/records.ts';
import { startSmppServer, type SmppServer } from '../helpers/smpp-server.ts';

/*
 * Issue #33 item 3: a verification exercise reminds everyone in scope who has not appeared and is
 * not excused, at the opening, every seventh day and three days before the close, by email over
 * real SMTP and by SMS over real SMPP 3.4 (both servers run in-process), with counts of queued,
 * sent and failed per channel and of those with no address; nobody twice on one day. The clock is
 * the portal's; the worker's watchdog looks every second here.
 */

const TODAY = '2034-04-03';
let clock = new Date(`${TODAY}T08:00:00Z`);
const on = (day: string) => {
  clock = new Date(`${day}T08:00:00Z`);
};
const day = (n: number) => addDays(TODAY, n);

interface Mail {
  to: string[];
  data: string;
}
const mails: Mail[] = [];
let smtp: SMTPServer;
let smpp: SmppServer;
let portal: TestPortal;
let global: string;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let campaign: Campaign;
const ids: Record<string, string> = {};

/** Tenant A's people: [key, email, phone, ministry]. */
const PEOPLE = [
  ['emailOnly', 'email.only@example.gov.ng', null, 'Ministry of Lands'],
  ['phoneOnly', null, '0803 123 4567', 'Ministry of Lands'],
  ['both', 'both@example.gov.ng', '+234 809 876 5432', 'Ministry of Lands'],
  ['none', null, '12345', 'Ministry of Lands'],
  ['appeared', 'appeared@example.gov.ng', '08030000001', 'Ministry of Lands'],
  ['excused', 'excused@example.gov.ng', '08030000002', 'Ministry of Lands'],
  ['outside', 'outside@example.gov.ng', '08030000003', 'Ministry of Works'],
] as const;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => (data += d.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smpp = await startSmppServer({ systemId: 'dmportal', password: 'S3cret!' });
  portal = await createTestPortal({
    now: () => clock,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
      MAIL_FROM: 'portal@test.local',
      WATCHDOG_SECONDS: '1',
    },
  });
  global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  const seeded = await seedRecords(
    portal,
    a.tenant.id,
    PEOPLE.map(([key, email, , ministry], i) => ({
      fullName: `Reminder ${key}`,
      nin: String(84400000000 + i),
      psn: `PSN844${i}`,
      email,
      ministry,
    })),
  );
  for (const [i, [key, , phone]] of PEOPLE.entries()) {
    ids[key] = seeded[i]!;
    await portal.db.orm.execute(sql`update records set phone = ${phone} where id = ${seeded[i]!}`);
  }
  await portal.db.orm.execute(sql`
    insert into appearances (tenant_id, record_id, at, day, via)
    values (${a.tenant.id}, ${ids.appeared}, now(), ${day(1)}, 'ONLINE_CLAIM')`);
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await smpp?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const gatewayUrl = (tenantId: string) => `/api/v1/global-admin/tenants/${tenantId}/sms-gateway`;
const runs = async (token = a.token, id = campaign.id) => {
  const res = await portal.api.get(`/api/v1/campaigns/${id}/reminders`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReminderRun[];
};

describe("a tenant's SMS gateway", () => {
  it('the global admin sets it; the password is sealed and never answered; bad input changes nothing', async () => {
    expect((await portal.api.get(gatewayUrl(a.tenant.id), { token: global })).json()).toBeNull();
    const first = await portal.api.put(gatewayUrl(a.tenant.id), {
      token: global,
      body: { host: '127.0.0.1', port: smpp.port, systemId: 'dmportal', senderId: 'DeltaHR' },
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe(SMS_GATEWAY_MESSAGES.passwordRequired);
    const bad = await portal.api.put(gatewayUrl(a.tenant.id), {
      token: global,
      body: {
        host: '127.0.0.1',
        port: 70000,
        systemId: 'dmportal',
        password: 'S3cret!',
        senderId: 'DeltaHR',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect((await portal.api.get(gatewayUrl(a.tenant.id), { token: global })).json()).toBeNull();
    const set = await portal.api.put(gatewayUrl(a.tenant.id), {
      token: global,
      body: {
        host: '127.0.0.1',
        port: smpp.port,
        systemId: 'dmportal',
        password: 'S3cret!',
        senderId: 'DeltaHR',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({
      host: '127.0.0.1',
      port: smpp.port,
      systemId: 'dmportal',
      senderId: 'DeltaHR',
      passwordSet: true,
    });
    const stored = await portal.db.orm.execute<{ cfg: string }>(
      sql`select sms_gateway_config::text as cfg from tenants where id = ${a.tenant.id}`,
    );
    expect(stored.rows[0]!.cfg).not.toContain('S3cret!');
    // Only the global admin: a tenant admin gets 403.
    expect((await portal.api.get(gatewayUrl(a.tenant.id), { token: a.token })).statusCode).toBe(403);
    expect(
      (
        await portal.api.put(gatewayUrl(a.tenant.id), {
          token: a.token,
          body: { host: 'evil.example', port: 2775, systemId: 'x', password: 'y', senderId: 'Evil' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("an exercise's reminders", () => {
  it('at the opening: by email and by SMS to those who have not appeared and are not excused; counted per channel', async () => {
    const lands = await portal.db.orm.execute<{ id: string }>(
      sql`select id from ministries where tenant_id = ${a.tenant.id} and name = 'Ministry of Lands'`,
    );
    const made = await portal.api.post('/api/v1/campaigns', {
      token: a.token,
      body: {
        name: 'Lands headcount 2034',
        ministryIds: [lands.rows[0]!.id],
        opensOn: day(1),
        closesOn: day(11),
        graceDays: 2,
        documents: ['Staff ID card', 'First appointment letter'],
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    campaign = made.json() as Campaign;
    expect(
      (
        await portal.api.post(`/api/v1/campaigns/${campaign.id}/excuse`, {
          token: a.token,
          body: { recordId: ids.excused, reasonCode: 'STUDY_LEAVE', note: 'MSc abroad; letter on file' },
        })
      ).statusCode,
    ).toBe(201);
    // Before the opening nothing is sent.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await runs()).toEqual([]);

    on(day(1));
    const [run] = await waitFor(async () => {
      const r = await runs();
      return r.length > 0 && r[0]!.email.sent + r[0]!.email.failed === 2 && r[0]!.sms.sent === 2
        ? r
        : undefined;
    });
    expect(run).toMatchObject({
      kind: 'OPENING',
      day: day(1),
      people: 4,
      email: { queued: 2, sent: 2, failed: 0 },
      sms: { queued: 2, sent: 2, failed: 0 },
      noAddress: 1,
    });
    expect(mails.flatMap((m) => m.to).sort()).toEqual(['both@example.gov.ng', 'email.only@example.gov.ng']);
    const text = mails[0]!.data.replace(/=\r\n/g, '');
    // The run's one text, each mail with its own person's name (filled in as it is sent).
    for (const mail of mails) {
      const who = mail.to[0] === 'both@example.gov.ng' ? 'both' : 'emailOnly';
      expect(mail.data.replace(/=\r\n/g, '')).toContain(`Dear Reminder ${who},`);
    }
    expect(text).toMatch(/Subject: Verification exercise: appear by 2034-04-14/);
    expect(text).toMatch(/Bring: Staff ID card, First appointment letter\./);
    expect(text).toMatch(new RegExp(`${a.tenant.subdomain}\\.[^/]+/register-employee`));
    expect(smpp.received.map((m) => [m.from, m.to]).sort()).toEqual([
      ['DeltaHR', '2348031234567'],
      ['DeltaHR', '2348098765432'],
    ]);
    expect(smpp.received[0]!.text).toContain(`${a.tenant.subdomain}.`);
    expect(smpp.received[0]!.text).toContain('by 2034-04-14');
  });

  it('nobody is reminded twice on one day; weekly, then three days before the close, to those still missing', async () => {
    // Later the same day, several watchdog rounds: still one run.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await runs()).toHaveLength(1);
    const reminded = await portal.db.orm.execute<{ n: number }>(
      sql`select count(*)::int as n from campaign_reminders where tenant_id = ${a.tenant.id}`,
    );
    expect(reminded.rows[0]!.n).toBe(4);

    await portal.db.orm.execute(sql`
      insert into appearances (tenant_id, record_id, at, day, via)
      values (${a.tenant.id}, ${ids.phoneOnly}, now(), ${day(4)}, 'AGENT_CLAIM')`);
    on(day(8)); // the seventh day after the opening, and three days before the close (day 11)
    const list = await waitFor(async () => {
      const r = await runs();
      return r.length === 3 ? r : undefined;
    });
    const weekly = list.find((r) => r.kind === 'WEEKLY')!;
    const closing = list.find((r) => r.kind === 'CLOSING_SOON')!;
    // Both runs are due on day 8; whichever came first reminded the three still missing, the
    // other nobody: one reminder per person per day.
    expect([weekly.people, closing.people].sort()).toEqual([0, 3]);
    expect(weekly.day).toBe(day(8));
    expect(closing.day).toBe(day(8));
  });

  it('an exercise created on its opening day sends its opening reminder within seconds', async () => {
    const made = await portal.api.post('/api/v1/campaigns', {
      token: b.token,
      body: { name: 'Everyone, now', opensOn: day(8), closesOn: day(20), graceDays: 0 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const theirs = made.json() as Campaign;
    const [run] = await waitFor(async () => {
      const r = await runs(b.token, theirs.id);
      return r.length > 0 ? r : undefined;
    });
    expect(run).toMatchObject({ kind: 'OPENING', day: day(8), people: 0 });
  });

  it("another tenant's admin gets 404; other roles 403", async () => {
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/reminders`, { token: b.token })).statusCode,
    ).toBe(404);
    const reviewerEmail = `reminders.reviewer.${Date.now()}@example.gov.ng`;
    expect(
      (
        await portal.api.post('/api/v1/tenant-admin/users', {
          token: a.token,
          body: { fullName: 'Reviewer', email: reviewerEmail, password: 'Str0ng-Passw0rd', role: 'REVIEWER' },
        })
      ).statusCode,
    ).toBe(201);
    const reviewer = await portal.login(reviewerEmail, 'Str0ng-Passw0rd');
    expect(
      (await portal.api.get(`/api/v1/campaigns/${campaign.id}/reminders`, { token: reviewer })).statusCode,
    ).toBe(403);
    expect((await portal.api.get(gatewayUrl(a.tenant.id), { token: reviewer })).statusCode).toBe(403);
  });
});
