import { afterAll, beforeAll, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { RecordsPage } from '@portal/contract/records';
import { createTestPortal, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, sampleRows, uploadFile } from '../helpers/uploads.ts';

interface Received {
  to: string[];
  data: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let portal: TestPortal;

beforeAll(async () => {
  // A real SMTP server on loopback: the portal delivers over the wire with nodemailer.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (d: Buffer) => (data += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  portal = await createTestPortal({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'portal@test.local' },
  });
});
afterAll(async () => {
  await portal?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

it('notify sends one real SMTP message per record with an address and reports the ones without', async () => {
  const { token } = await createTenantWithAdmin(portal);
  const rows = sampleRows(4).map((r, i) => ({ ...r, email: i === 3 ? '' : `staff${i}@example.gov.ng` }));
  await uploadFile(portal, token, 'list.csv', csvOf(rows));
  const page = (await portal.api.get('/api/v1/records', { token })).json() as RecordsPage;
  const res = await portal.api.post('/api/v1/records/notify', {
    token,
    body: { recordIds: [...page.items.map((r) => r.id), '00000000-0000-4000-8000-000000000000'] },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ queued: 3, withoutAddress: 1, notFound: 1 });
  expect((res.json() as { message: string }).message).toMatch(
    /3 records.*1 record had no email address\. 1 record was not found\./,
  );
  await waitFor(async () => (received.length >= 3 ? true : undefined));
  expect(received.flatMap((m) => m.to).sort()).toEqual([
    'staff0@example.gov.ng',
    'staff1@example.gov.ng',
    'staff2@example.gov.ng',
  ]);
  const message = received[0]!.data.replace(/=\r\n/g, ''); // undo quoted-printable line folding
  expect(message).toMatch(/Subject: Action required: re-verify your/);
  expect(message).toMatch(/re-submit your SSID and NIN/);
  // One shared text; each message greets its own record's person (DECISIONS 189).
  for (const m of received) {
    const i = Number(/staff(\d)@/.exec(m.to[0]!)![1]);
    expect(m.data.replace(/=\r\n/g, '')).toContain(`Dear ${rows[i]!.name},`);
  }
  const sent = await portal.db.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from mail_outbox where status = 'SENT'`,
  );
  expect(sent.rows[0]!.n).toBe(3);
});
