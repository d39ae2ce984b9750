import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APPEAL_LIMITS, APPEAL_MESSAGES, type Appeal, type AppealAttachment } from '@portal/contract/appeals';
import { CONSENT_VERSION } from '@portal/contract/claims';
import { seedRecords } from '../helpers/records.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { createTestPortal, DEMO_ADMIN, type TestPortal } from '../helpers/test-portal.ts';

let portal: TestPortal;
let a: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let b: Awaited<ReturnType<typeof createTenantWithAdmin>>;
let global: string;
let employee: string;
let reviewer: string;
let agent: string;
/** A record an agent appeals about with the person present. */
let agentRecord: string;
/** The employee's own appeal, and one a tenant admin lodged from a letter about another record. */
let own: Appeal;
let letter: Appeal;

const CSRF = 'test-csrf-token-value';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(32, 1),
]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(32, 2),
]);

/** POSTs `content` as the multipart field "file" to an appeal's attachments. */
async function attach(
  token: string,
  appealId: string,
  fileName: string,
  content: Buffer | string,
  contentType = 'application/octet-stream',
) {
  const form = new FormData();
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
  const url = `/api/v1/appeals/${appealId}/attachments`;
  const request = new Request(`http://localhost${url}`, { method: 'POST', body: form });
  return portal.app.inject({
    method: 'POST',
    url,
    payload: Buffer.from(await request.arrayBuffer()),
    headers: {
      'content-type': request.headers.get('content-type')!,
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${CSRF}`,
      'x-xsrf-token': CSRF,
    },
  });
}

async function rowsOf(appealId: string): Promise<number> {
  const r = await portal.db.orm.execute<{ n: number }>(
    sql`select count(*)::int as n from appeal_attachments where appeal_id = ${appealId}`,
  );
  return Number(r.rows[0]!.n);
}

/** A reviewer of tenant A (no assignments), made by its tenant admin. */
async function tenantUser(role: 'REVIEWER' | 'AGENT'): Promise<string> {
  const email = `appeal.${role.toLowerCase()}@example.gov.ng`;
  const res = await portal.api.post('/api/v1/tenant-admin/users', {
    token: a.token,
    body: { fullName: `Appeal ${role}`, email, password: 'Str0ng-Passw0rd', role },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`create ${role}: ${res.body}`);
  return portal.login(email, 'Str0ng-Passw0rd');
}

beforeAll(async () => {
  portal = await createTestPortal({ env: { CLAIM_RATE_PER_IP: '1000' } });
  a = await createTenantWithAdmin(portal);
  b = await createTenantWithAdmin(portal);
  global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  reviewer = await tenantUser('REVIEWER');
  agent = await tenantUser('AGENT');
  const [mine, other, third] = await seedRecords(portal, a.tenant.id, [
    { fullName: 'Appellant Own', nin: '71000000001', ssid: 'SS71001', psn: null, status: 'VALIDATED' },
    { fullName: 'Letter Writer', nin: '71000000002', ssid: 'SS71002', psn: 'PSN710002', status: 'REJECTED' },
    { fullName: 'Agent Present', nin: '71000000003', ssid: 'SS71003', psn: 'PSN710003', status: 'REJECTED' },
  ]);
  agentRecord = third!;
  // The employee claims their account (no PSN on the record), then the record is rejected.
  const pub = { csrf: false, headers: { 'x-tenant': a.tenant.subdomain } } as const;
  const claim = await portal.api.post('/api/v1/verification/initiate', {
    ...pub,
    body: { nin: '71000000001', ssid: 'SS71001', consentVersion: CONSENT_VERSION },
  });
  if (claim.statusCode !== 200) throw new Error(`claim: ${claim.body}`);
  const account = await portal.api.post('/api/v1/auth/create-account', {
    ...pub,
    body: {
      email: 'appellant.own@example.gov.ng',
      password: 'Employee-Pass1',
      recordId: (claim.json() as { recordId: string }).recordId,
    },
  });
  if (account.statusCode !== 200) throw new Error(`account: ${account.body}`);
  employee = (account.json() as { token: string }).token;
  await portal.db.orm.execute(sql`update records set status = 'REJECTED' where id = ${mine!}`);
  const lodged = await portal.api.post('/api/v1/appeals', {
    token: employee,
    body: { kind: 'NOT_ME', grounds: 'I was never told why.' },
  });
  if (lodged.statusCode !== 201) throw new Error(`lodge: ${lodged.body}`);
  own = lodged.json() as Appeal;
  const byLetter = await portal.api.post('/api/v1/appeals', {
    token: a.token,
    body: { recordId: other!, kind: 'WRONG_DATA', grounds: 'Letter received on 3 March.' },
  });
  if (byLetter.statusCode !== 201) throw new Error(`letter: ${byLetter.body}`);
  letter = byLetter.json() as Appeal;
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

describe('appeal attachments: the type is judged by content', () => {
  it('accepts a PDF, a PNG and a JPEG, whatever their names and declared types say', async () => {
    const pdf = await attach(employee, own.id, 'letter.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({
      fileName: 'letter.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      uploadedByEmail: 'appellant.own@example.gov.ng',
    });
    // A PNG sent as "scan.pdf", declared a PDF: stored as what it is.
    const png = await attach(a.token, letter.id, 'scan.pdf', PNG, 'application/pdf');
    expect(png.statusCode, png.body).toBe(201);
    expect((png.json() as AppealAttachment).contentType).toBe('image/png');
    const jpeg = await attach(a.token, letter.id, 'photo', JPEG);
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect((jpeg.json() as AppealAttachment).contentType).toBe('image/jpeg');

    const read = (await portal.api.get(`/api/v1/appeals/${letter.id}`, { token: a.token })).json() as Appeal;
    expect(read.attachments.map((x) => x.contentType).sort()).toEqual(['image/jpeg', 'image/png']);
    const stored = await portal.db.orm.execute<{ sha256: string }>(
      sql`select sha256 from appeal_attachments where id = ${(pdf.json() as AppealAttachment).id}`,
    );
    const crypto = await import('node:crypto');
    expect(stored.rows[0]!.sha256).toBe(crypto.createHash('sha256').update(PDF).digest('hex'));
    const audit = await portal.db.orm.execute<{ n: number }>(sql`select count(*)::int as n from audit_events
      where action = 'APPEAL_ATTACHMENT_ADDED' and entity_type = 'record' and entity_id = ${letter.recordId}`);
    expect(Number(audit.rows[0]!.n)).toBe(2);
  });

  it('refuses a text file named .pdf, an HTML page, a program and a zip with 415, writing no row', async () => {
    const before = await rowsOf(letter.id);
    const refused = [
      ['evidence.pdf', 'Please reinstate me: this is plain text.', 'application/pdf'],
      ['evidence.html', '<!doctype html><html><script>alert(1)</script>%PDF-</html>', 'text/html'],
      ['evidence.pdf', Buffer.concat([Buffer.from('MZ\x90\x00\x03'), Buffer.alloc(64)]), 'application/pdf'],
      ['evidence.png', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]), 'image/png'],
      ['empty.pdf', Buffer.alloc(0), 'application/pdf'],
    ] as const;
    for (const [name, content, type] of refused) {
      const res = await attach(a.token, letter.id, name, content, type);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ message: APPEAL_MESSAGES.attachmentType });
    }
    expect(await rowsOf(letter.id)).toBe(before);
  });

  it('refuses a file over the limit with 413, writing no row', async () => {
    const before = await rowsOf(letter.id);
    const big = Buffer.concat([PDF, Buffer.alloc(APPEAL_LIMITS.attachmentMaxBytes, 0x20)]);
    const res = await attach(a.token, letter.id, 'big.pdf', big, 'application/pdf');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toMatchObject({ message: APPEAL_MESSAGES.attachmentTooLarge });
    expect(await rowsOf(letter.id)).toBe(before);
    // At the limit exactly, it is taken.
    const exact = Buffer.concat([PDF, Buffer.alloc(APPEAL_LIMITS.attachmentMaxBytes - PDF.length, 0x20)]);
    expect((await attach(a.token, letter.id, 'exact.pdf', exact)).statusCode).toBe(201);
  });
});

describe('appeal attachments: the download', () => {
  it('is always a download of the stored type, not sniffed, sandboxed and not cached', async () => {
    const sent = await attach(employee, own.id, 'My "proof"\r\nX-Evil: 1.html', PNG, 'text/html');
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as AppealAttachment).id;
    const res = await portal.api.get(`/api/v1/appeals/${own.id}/attachments/${id}`, { token: employee });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // The name the browser sent (its quote and line break escaped by the form) keeps only safe
    // characters, and the extension of what the file is.
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="My_[A-Za-z0-9._-]+_1\.png"$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-evil']).toBeUndefined();
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // The tenant admin reads it too; an unknown attachment of the appeal is 404.
    const admin = await portal.api.get(`/api/v1/appeals/${own.id}/attachments/${id}`, { token: a.token });
    expect(admin.statusCode).toBe(200);
    const unknown = await portal.api.get(`/api/v1/appeals/${own.id}/attachments/${crypto.randomUUID()}`, {
      token: a.token,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('appeal attachments: who reaches them', () => {
  it("an employee reaches only their own appeal's attachments", async () => {
    const [theirs] = (await portal.api.get(`/api/v1/appeals/${letter.id}`, { token: a.token })).json()
      .attachments as AppealAttachment[];
    const read = await portal.api.get(`/api/v1/appeals/${letter.id}/attachments/${theirs!.id}`, {
      token: employee,
    });
    expect(read.statusCode).toBe(404);
    // Another appeal's attachment through the employee's own appeal is not found either.
    const across = await portal.api.get(`/api/v1/appeals/${own.id}/attachments/${theirs!.id}`, {
      token: employee,
    });
    expect(across.statusCode).toBe(404);
    const before = await rowsOf(letter.id);
    expect((await attach(employee, letter.id, 'x.pdf', PDF)).statusCode).toBe(404);
    expect(await rowsOf(letter.id)).toBe(before);
  });

  it('an agent reaches the appeals it lodged, not the others', async () => {
    const lodged = await portal.api.post('/api/v1/appeals', {
      token: agent,
      body: { recordId: agentRecord, kind: 'WAS_PRESENT', grounds: 'Present at the site, with the agent.' },
    });
    expect(lodged.statusCode, lodged.body).toBe(201);
    const mine = lodged.json() as Appeal;
    const sent = await attach(agent, mine.id, 'attendance.jpg', JPEG, 'image/jpeg');
    expect(sent.statusCode, sent.body).toBe(201);
    const id = (sent.json() as AppealAttachment).id;
    const read = await portal.api.get(`/api/v1/appeals/${mine.id}/attachments/${id}`, { token: agent });
    expect(read.statusCode).toBe(200);
    expect(read.rawPayload.equals(JPEG)).toBe(true);

    const [theirs] = (await portal.api.get(`/api/v1/appeals/${letter.id}`, { token: a.token })).json()
      .attachments as AppealAttachment[];
    const before = await rowsOf(letter.id);
    expect((await attach(agent, letter.id, 'x.pdf', PDF)).statusCode).toBe(404);
    expect(await rowsOf(letter.id)).toBe(before);
    const other = await portal.api.get(`/api/v1/appeals/${letter.id}/attachments/${theirs!.id}`, {
      token: agent,
    });
    expect(other.statusCode).toBe(404);
  });

  it("another tenant's admin gets 404 on both routes", async () => {
    const [theirs] = (await portal.api.get(`/api/v1/appeals/${letter.id}`, { token: a.token })).json()
      .attachments as AppealAttachment[];
    const before = await rowsOf(letter.id);
    expect((await attach(b.token, letter.id, 'x.pdf', PDF)).statusCode).toBe(404);
    const read = await portal.api.get(`/api/v1/appeals/${letter.id}/attachments/${theirs!.id}`, {
      token: b.token,
    });
    expect(read.statusCode).toBe(404);
    expect(await rowsOf(letter.id)).toBe(before);
  });

  it('403 for the roles the contract does not give: the global admin, a reviewer attaching', async () => {
    const [theirs] = (await portal.api.get(`/api/v1/appeals/${letter.id}`, { token: a.token })).json()
      .attachments as AppealAttachment[];
    expect((await attach(global, letter.id, 'x.pdf', PDF)).statusCode).toBe(403);
    expect((await attach(reviewer, letter.id, 'x.pdf', PDF)).statusCode).toBe(403);
    const read = await portal.api.get(`/api/v1/appeals/${letter.id}/attachments/${theirs!.id}`, {
      token: global,
    });
    expect(read.statusCode).toBe(403);
    // A reviewer with no assignment covering the record does not reach it.
    const reviewerRead = await portal.api.get(`/api/v1/appeals/${letter.id}/attachments/${theirs!.id}`, {
      token: reviewer,
    });
    expect(reviewerRead.statusCode).toBe(404);
  });
});

describe('appeal attachments: limits of the appeal', () => {
  it('an appeal takes at most its number of attachments (409), and none once decided (409)', async () => {
    let n = await rowsOf(letter.id);
    while (n < APPEAL_LIMITS.attachmentsPerAppeal) {
      const res = await attach(a.token, letter.id, `page-${n}.png`, PNG);
      expect(res.statusCode, res.body).toBe(201);
      n += 1;
    }
    const full = await attach(a.token, letter.id, 'one-more.png', PNG);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ message: APPEAL_MESSAGES.attachmentsFull });
    expect(await rowsOf(letter.id)).toBe(APPEAL_LIMITS.attachmentsPerAppeal);

    const decided = await portal.api.post(`/api/v1/appeals/${own.id}/decide`, {
      token: a.token,
      body: { decision: 'REJECTED', note: 'The record was rightly rejected.' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const before = await rowsOf(own.id);
    const late = await attach(employee, own.id, 'late.pdf', PDF);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: APPEAL_MESSAGES.decided });
    expect(await rowsOf(own.id)).toBe(before);
  });
});
