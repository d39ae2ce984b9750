import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { serializeError, serializeRequest } from '../../src/platform/log-privacy.ts';
import { CONSENT_VERSION } from '@portal/contract/claims';

/**
 * The boundary: no log line carries a person's data (issue #18). The portal runs at debug level,
 * so every request line is written, while the calls that used to leak happen: searches by name
 * and PSN, sign-in failures, claims with a NIN, uploads, a refused edit.
 */
const people = [
  {
    name: 'Chiamaka Ifeoluwa Nwachukwu',
    psn: 'PSNPRIV01',
    nin: '71234567801',
    email: 'chiamaka.private@example.gov.ng',
  },
  {
    name: 'Babatunde Olufemi Adeyinka',
    psn: 'PSNPRIV02',
    nin: '71234567802',
    email: 'babatunde.private@example.gov.ng',
  },
];
const lines: string[] = [];
let portal: TestPortal;
let t: Awaited<ReturnType<typeof createTenantWithAdmin>>;

beforeAll(async () => {
  portal = await createTestPortal({
    env: { LOG_LEVEL: 'debug', CLAIM_RATE_PER_IP: '1000' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  t = await createTenantWithAdmin(portal);
});
afterAll(async () => {
  await portal?.close();
});

describe('log lines', () => {
  it('carry no name, NIN, PSN or email of the people the portal handled', async () => {
    const csv = csvOf(people.map((p) => ({ name: p.name, psn: p.psn, nin: p.nin, email: p.email })));
    expect((await uploadFile(portal, t.token, 'staff.csv', csv)).statusCode).toBe(200);
    for (const q of [people[0]!.name.split(' ')[0]!, people[1]!.psn, people[0]!.nin])
      expect(
        (await portal.api.get(`/api/v1/records?q=${encodeURIComponent(q)}`, { token: t.token })).statusCode,
      ).toBe(200);
    await portal.api.post('/api/v1/auth/authenticate', {
      body: { email: people[0]!.email, password: 'not-the-password' },
      csrf: false,
    });
    await portal.api.post('/api/v1/verification/initiate', {
      body: { nin: people[1]!.nin, ssid: 'SS999', consentVersion: CONSENT_VERSION },
      csrf: false,
      headers: { 'x-tenant': t.tenant.subdomain },
    });
    const records = (await portal.api.get('/api/v1/records', { token: t.token })).json() as {
      items: { id: string }[];
    };
    await portal.api.put(`/api/v1/records/${records.items[0]!.id}`, {
      token: t.token,
      body: { fullName: `${people[0]!.name} \ud800`, department: 'Nursing Services' },
    });
    await portal.close();

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10); // the requests were logged, at debug level
    for (const p of people) {
      for (const value of [p.name, ...p.name.split(' '), p.psn, p.nin, p.email])
        expect(log, value).not.toContain(value);
    }
  });

  it('take the parameters and key values out of a database error', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_key"'),
      {
        detail: 'Key (email)=(chiamaka.private@example.gov.ng) already exists.',
        where: 'SQL statement',
      },
    );
    const err = Object.assign(
      new Error(
        'Failed query: insert into users (full_name, email) values ($1, $2)\nparams: Chiamaka,chiamaka.private@example.gov.ng',
        {
          cause,
        },
      ),
      { params: ['Chiamaka', 'chiamaka.private@example.gov.ng'] },
    );
    const text = JSON.stringify(serializeError(err));
    expect(text).toContain('Failed query: insert into users');
    expect(text).toContain('duplicate key value');
    expect(text).not.toContain('chiamaka');
    expect(text).not.toContain('Chiamaka');
  });

  it('log a request by its path, without the query string', () => {
    expect(
      serializeRequest({ method: 'GET', url: '/api/v1/records?q=Chiamaka', ip: '127.0.0.1', id: 'r1' }),
    ).toEqual({
      id: 'r1',
      method: 'GET',
      path: '/api/v1/records',
      remoteAddress: '127.0.0.1',
    });
  });
});
