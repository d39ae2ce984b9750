import type { TokenClaims } from '@portal/contract/auth';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** An unsigned JWT with the given claims; by default a tenant admin valid for one hour. */
export function buildToken(overrides: Partial<TokenClaims> = {}): string {
  const claims: TokenClaims = {
    sub: 'user-1',
    role: 'TENANT_ADMIN',
    status: 'ACTIVE',
    tenantId: 'tenant-1',
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...overrides,
  };
  return [
    base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' })),
    base64Url(JSON.stringify(claims)),
    'sig',
  ].join('.');
}
