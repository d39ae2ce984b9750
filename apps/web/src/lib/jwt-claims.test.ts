import { describe, expect, it } from 'vitest';
import { TokenClaimsSchema } from '@portal/contract/auth';
import { decodeTokenClaims } from './jwt-claims.ts';

const base64Url = (value: string) => btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const tokenOf = (claims: unknown) =>
  `${base64Url('{"alg":"HS256"}')}.${base64Url(JSON.stringify(claims))}.sig`;

const VALID = { sub: 'u1', role: 'AGENT', status: 'ACTIVE', tenantId: 't1', exp: 2_000_000_000 };

describe('decodeTokenClaims', () => {
  it.each([
    VALID,
    { ...VALID, tenantId: null },
    { ...VALID, extra: 'dropped' },
    { ...VALID, role: 'KING' },
    { ...VALID, status: 'ASLEEP' },
    { ...VALID, sub: 1 },
    { ...VALID, tenantId: undefined },
    { ...VALID, tenantId: 7 },
    { ...VALID, exp: '2000000000' },
    { ...VALID, exp: undefined },
    null,
    [],
    'text',
  ])('answers as the contract schema for %j', (claims) => {
    const parsed = TokenClaimsSchema.safeParse(claims);
    expect(decodeTokenClaims(tokenOf(claims))).toEqual(parsed.success ? parsed.data : null);
  });

  it('refuses a token without a payload or with one that is not JSON', () => {
    expect(decodeTokenClaims('abc')).toBeNull();
    expect(decodeTokenClaims('a.!!!.c')).toBeNull();
  });
});
