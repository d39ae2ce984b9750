import { describe, expect, it } from 'vitest';
import { MeSchema } from '@portal/contract/auth';
import { USERS_ROUTES } from '@portal/contract/routes/users';
import { buildToken } from '../test/build-token.ts';
import { stubFetch } from '../test/stub-fetch.ts';
import { storeToken } from './auth-storage.ts';
import { ME_PATH, fetchSignedInUser } from './signed-in-user.ts';

describe("the field pages' signed-in user", () => {
  it('is asked of the contract route, with the session', async () => {
    expect(ME_PATH).toBe(USERS_ROUTES.me.path);
    expect(USERS_ROUTES.me.method).toBe('GET');
    const token = buildToken({ role: 'AGENT' });
    storeToken(token);
    const fetchMock = stubFetch({
      status: 200,
      body: { fullName: 'Ade Agent', email: 'agent@demo.local', role: 'AGENT', timeZone: 'Africa/Accra' },
    });
    await expect(fetchSignedInUser()).resolves.toEqual({
      fullName: 'Ade Agent',
      email: 'agent@demo.local',
      timeZone: 'Africa/Accra',
    });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it("takes the platform's zone when the answer names none, as MeSchema does", async () => {
    stubFetch({ status: 200, body: { fullName: 'Ade Agent', email: 'agent@demo.local' } });
    const user = await fetchSignedInUser();
    expect(user.timeZone).toBe(
      MeSchema.parse({
        ...user,
        id: 'u',
        role: 'AGENT',
        status: 'ACTIVE',
        tenantId: null,
        tenantName: null,
        timeZone: undefined,
      }).timeZone,
    );
  });

  it.each([{ fullName: 'Ade Agent' }, { email: 'a@b.co', fullName: null }, null, 'text'])(
    'refuses the answer %j',
    async (body) => {
      stubFetch({ status: 200, body });
      await expect(fetchSignedInUser()).rejects.toThrow();
    },
  );
});
