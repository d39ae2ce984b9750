import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { CONSENT_VERSION } from '@portal/contract/claims';

// Issue #18, item 3: X-Forwarded-For is believed only from the proxies TRUST_PROXY lists, so that
// a client can neither rotate the header past the claim and sign-in limits nor spend someone
// else's allowance by naming their address.

const trustOf = (value: string | undefined) =>
  loadConfig({ DATA_DIR: '/tmp/unused', ...(value === undefined ? {} : { TRUST_PROXY: value }) }, [])
    .trustProxy;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(trustOf(undefined)).toBe(false);
    expect(trustOf('')).toBe(false);
    expect(trustOf('false')).toBe(false);
  });

  it('takes a list of proxy addresses and CIDRs', () => {
    expect(trustOf('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trustOf(' 10.0.0.5, 10.1.0.0/16 ,::1,fd00::/8, loopback ')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(trustOf('0')).toBe(false);
  });

  it('refuses true, which would believe any client, and tells what to set instead', () => {
    expect(() => trustOf('true')).toThrow(ConfigError);
    expect(() => trustOf('true')).toThrow(/list the addresses .*of your reverse prox/i);
  });

  it('refuses a number of hops, which Fastify no longer honours (it cannot tell a proxy from a client)', () => {
    expect(() => trustOf('1')).toThrow(/TRUST_PROXY=1: .*list the addresses/i);
  });

  // Issue #31: a prefix of 0 bits passed here and was refused only by Fastify, after the
  // migrations, with a bare TypeError ("invalid range on address").
  it('refuses a range that is every address (0.0.0.0/0, ::/0) at start, saying why', () => {
    for (const every of ['0.0.0.0/0', '::/0', '10.0.0.5,0.0.0.0/0', '1.2.3.4/0', '::1/00']) {
      expect(() => trustOf(every), every).toThrow(ConfigError);
      expect(() => trustOf(every), every).toThrow(/names every address.*list the addresses/i);
    }
    // A wide range that is not everyone stays allowed.
    expect(trustOf('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
  });

  it('refuses an entry that is neither an address nor a CIDR', () => {
    for (const bad of ['proxy.internal', '10.0.0.0/33', '10.0.0', '127.0.0.1,', 'fd00::/129', '-1']) {
      expect(() => trustOf(bad), bad).toThrow(ConfigError);
    }
    expect(() => trustOf('proxy.internal')).toThrow(/"proxy.internal"/);
  });
});

describe('client address behind a proxy (TRUST_PROXY=127.0.0.1)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await createTestPortal({ env: { TRUST_PROXY: '127.0.0.1', CLAIM_RATE_PER_IP: '2' } });
  });
  afterAll(async () => {
    await portal?.close();
  });

  /** A public claim call (400: no such person); 429 once the caller's address used its allowance. */
  const initiate = (remoteAddress: string, forwardedFor?: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/api/v1/verification/initiate',
      remoteAddress,
      headers: { 'x-tenant': 'demo', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: { nin: '10000000001', ssid: 'SS-NOBODY', consentVersion: CONSENT_VERSION },
    });

  it('believes the forwarded address from the listed proxy: each client has its own limit', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await initiate('127.0.0.1', '203.0.113.10')).statusCode);
    expect(codes).toEqual([400, 400, 429]);
    // Another client behind the same proxy is not held back by the first one's limit.
    expect((await initiate('127.0.0.1', '203.0.113.11')).statusCode).toBe(400);
  });

  it('ignores X-Forwarded-For from a client not in the list: rotating it does not escape the limit', async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await initiate('198.51.100.20', `203.0.113.${100 + i}`)).statusCode);
    }
    expect(codes).toEqual([400, 400, 429]);
  });

  it('a client not in the list cannot spend another address’s allowance', async () => {
    for (let i = 0; i < 3; i++) await initiate('198.51.100.30', '203.0.113.50');
    expect((await initiate('198.51.100.30', '203.0.113.50')).statusCode).toBe(429);
    // 203.0.113.50, reaching the portal through the proxy, still has its whole allowance.
    expect((await initiate('127.0.0.1', '203.0.113.50')).statusCode).toBe(400);
  });
});
