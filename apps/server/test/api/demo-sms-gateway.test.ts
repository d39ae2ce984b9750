import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { deliverSmsJob } from '../../src/modules/notifications/sms.jobs.ts';

/*
 * Issue #33 item 3, demo mode: the portal runs a real SMPP server in its process and points the
 * demo tenant's SMS gateway at it, so an SMS queued for the demo tenant goes over SMPP and is sent.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await createTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

it("the demo tenant's SMS gateway is the in-process SMPP server, and an SMS to it is sent", async () => {
  const demo = await portal.db.orm.execute<{ id: string }>(
    sql`select id from tenants where subdomain = 'demo'`,
  );
  const tenantId = demo.rows[0]!.id;
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const res = await portal.api.get(`/api/v1/global-admin/tenants/${tenantId}/sms-gateway`, { token: global });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ host: '127.0.0.1', systemId: 'demo', passwordSet: true });
  const queued = await portal.db.orm.execute<{ id: string }>(sql`
    insert into sms_outbox (tenant_id, to_phone, body) values (${tenantId}, '2348031234567', 'Demo reminder')
    returning id`);
  await portal.jobs.send(deliverSmsJob, { reason: 'test' });
  const sent = await waitFor(async () => {
    const row = await portal.db.orm.execute<{ status: string; message_id: string | null }>(
      sql`select status, message_id from sms_outbox where id = ${queued.rows[0]!.id}`,
    );
    return row.rows[0]!.status === 'SENT' ? row.rows[0] : undefined;
  });
  expect(sent.message_id).toMatch(/^demo-\d+$/);
});
