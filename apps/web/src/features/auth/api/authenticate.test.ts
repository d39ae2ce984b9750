import { describe, expect, it } from 'vitest';
import { AUTH_ROUTES } from '@portal/contract/routes/auth';
import { AUTHENTICATE_PATH } from './authenticate.ts';
import { LOGOUT_PATH } from '../../../lib/request-logout.ts';

describe('the sign-in page calls the contract routes', () => {
  it('by their paths and methods', () => {
    expect(AUTHENTICATE_PATH).toBe(AUTH_ROUTES.authenticate.path);
    expect(AUTH_ROUTES.authenticate.method).toBe('POST');
    expect(LOGOUT_PATH).toBe(AUTH_ROUTES.logout.path);
    expect(AUTH_ROUTES.logout.method).toBe('POST');
  });
});
