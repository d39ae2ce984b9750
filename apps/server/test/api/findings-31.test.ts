import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadHistoryEntry } from '@portal/contract/records';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, sampleRows, uploadFile } from '../helpers/uploads.ts';

/**
 * Issue #31 item 5, the smaller findings: an upload's file name (a NUL was a 500; bidi controls and
 * any length were kept), Cache-Control on answers with people's data, and the integrity job's log
 * line (it carried the asking admin's email).
 */
const lines: string[] = [];
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;
beforeAll(async () => {
  portal = await createTestPortal({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  t = await createTenantWithAdmin(portal);
});
afterAll(async () => {
  await portal?.close();
});

const uploads = async () =>
  (await portal.api.get('/api/v1/records/uploads', { token: t.token })).json() as UploadHistoryEntry[];

describe("an upload's file name", () => {
  it('with a NUL character is a 400 with a message, not a 500', async () => {
    const res = await uploadFile(portal, t.token, 'staff\u0000.csv', csvOf(sampleRows(1)));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/NUL/) });
  });

  it('loses its bidi and other hidden controls, and is kept to 120 characters with its extension', async () => {
    expect((await uploadFile(portal, t.token, '\u202egpj.csv', csvOf(sampleRows(1, 100)))).statusCode).toBe(
      200,
    );
    expect((await uploads())[0]!.fileName).toBe('gpj.csv');
    const long = `${'payroll-'.repeat(100)}.csv`;
    expect((await uploadFile(portal, t.token, long, csvOf(sampleRows(1, 200)))).statusCode).toBe(200);
    const kept = (await uploads())[0]!.fileName;
    expect(kept.length).toBe(120);
    expect(kept.startsWith('payroll-payroll-')).toBe(true);
    expect(kept.endsWith('….csv')).toBe(true);
  });
});

describe('answers that carry people’s data', () => {
  it('say Cache-Control: no-store', async () => {
    for (const url of ['/api/v1/records', '/api/v1/users/me', '/api/v1/records/uploads']) {
      const res = await portal.api.get(url, { token: t.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // An error answer too (it may name what was asked for).
    expect((await portal.api.get('/api/v1/records')).headers['cache-control']).toBe('no-store');
  });
});

describe("the integrity job's log line", () => {
  it('names the user who asked by id, never by email', async () => {
    const res = await portal.api.post('/api/v1/integrity/evaluate', { token: t.token });
    expect(res.statusCode, res.body).toBe(202);
    const end = Date.now() + 30_000;
    // Evaluated by its own job, or by a run of an upload's job that began after it was asked.
    const asked = () => lines.find((l) => l.includes('integrity rules evaluated') && l.includes('asked by'));
    while (!asked() && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(asked(), 'the evaluation asked for was logged').toBeTruthy();
    expect(lines.join('')).not.toContain(t.email);
    expect(lines.join('')).not.toContain(t.email.toLowerCase());
  });
});
