import { describe, expect, it } from 'vitest';
import { tenantFromSearch, tenantHeaders } from './claim-context.ts';

describe('tenant of a public claim link', () => {
  it.each([
    ['?tenant=lagos', 'lagos'],
    ['?tenant=%20Oyo-State%20', 'oyo-state'],
    ['', null],
    ['?tenant=', null],
    ['?tenant=-bad', null],
    ['?tenant=a.b', null],
    ['?tenant=lagos%0d%0aX-Evil:1', null],
  ])('%s → %s', (search, expected) => {
    expect(tenantFromSearch(new URLSearchParams(search))).toBe(expected);
  });

  it('sends X-Tenant only on public calls that carry a tenant', () => {
    expect(tenantHeaders({ variant: 'public', tenant: 'lagos' })).toEqual({ 'X-Tenant': 'lagos' });
    expect(tenantHeaders({ variant: 'public', tenant: null })).toBeUndefined();
    expect(tenantHeaders({ variant: 'agent' })).toBeUndefined();
  });
});
