import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import {
  addressRefusalOf,
  assertProviderUrl,
  guardedLookup,
  nonPublicRange,
  ProviderAddressError,
  type Lookup,
} from './provider-address.ts';

// No network: addresses are classified as text, and host names go through a stand-in resolver.

describe('nonPublicRange', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['::1', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.254', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['169.254.169.254', 'a link-local address'],
    ['fe80::1', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd12:3456::1', 'a unique-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['::', 'an unspecified address'],
    ['100.64.0.1', 'a carrier-grade NAT (shared) address'],
    ['100.127.255.254', 'a carrier-grade NAT (shared) address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['ff02::1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    // IPv4 in IPv6 clothing is judged as the IPv4 address.
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:10.0.0.1', 'a private address'],
    ['::ffff:169.254.169.254', 'a link-local address'],
    // Other special ranges are refused too.
    ['192.0.2.10', 'a reserved address (reserved)'],
    ['64:ff9b::a00:1', 'a reserved address (rfc6052)'],
    ['2002:a00:1::1', 'a reserved address (6to4)'],
  ])('%s is %s', (address, why) => {
    expect(nonPublicRange(address)).toBe(why);
  });

  it.each(['8.8.8.8', '1.1.1.1', '41.58.0.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111'])(
    '%s is public',
    (address) => {
      expect(nonPublicRange(address)).toBeUndefined();
    },
  );
});

describe('assertProviderUrl', () => {
  const resolver = (table: Record<string, string[]>): Lookup & { asked: string[] } => {
    const asked: string[] = [];
    const lookup = async (host: string) => {
      asked.push(host);
      const found = table[host];
      if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return found;
    };
    return Object.assign(lookup, { asked });
  };
  const refusal = (address: string, why: string) =>
    `The provider address resolves to ${address}, ${why}; set ALLOW_PRIVATE_PROVIDER_URLS=true to allow private provider addresses`;

  it('accepts a host whose every address is public', async () => {
    const lookup = resolver({ 'optima.example.gov.ng': ['41.58.0.10', '2606:4700::10'] });
    await expect(
      assertProviderUrl('https://optima.example.gov.ng/v1', false, lookup),
    ).resolves.toBeUndefined();
    expect(lookup.asked).toEqual(['optima.example.gov.ng']);
  });

  it('refuses a host when any of its addresses is not public, naming that address', async () => {
    const lookup = resolver({ 'mixed.example': ['41.58.0.10', '10.0.0.7'] });
    await expect(assertProviderUrl('http://mixed.example', false, lookup)).rejects.toThrow(
      refusal('10.0.0.7', 'a private address'),
    );
  });

  it('refuses address literals without asking the resolver, whatever their spelling', async () => {
    const lookup = resolver({});
    for (const [url, address, why] of [
      ['http://169.254.169.254/latest/meta-data', '169.254.169.254', 'a link-local address'],
      ['http://0x7f.1:4010', '127.0.0.1', 'a loopback address'],
      ['http://2130706433/', '127.0.0.1', 'a loopback address'],
      ['http://[::ffff:a00:1]/', '::ffff:a00:1', 'a private address'],
      ['http://[fd00::5]:8080', 'fd00::5', 'a unique-local address'],
      ['http://100.64.1.1', '100.64.1.1', 'a carrier-grade NAT (shared) address'],
      ['http://0.0.0.0:80', '0.0.0.0', 'an unspecified address'],
    ] as const) {
      await expect(assertProviderUrl(url, false, lookup), url).rejects.toThrow(refusal(address, why));
    }
    expect(lookup.asked).toEqual([]);
  });

  it('refuses other schemes, even when private addresses are allowed', async () => {
    for (const url of ['ftp://optima.example/', 'file:///etc/passwd', 'gopher://127.0.0.1:25/']) {
      await expect(assertProviderUrl(url, true, resolver({})), url).rejects.toThrow(
        /must start with http:\/\/ or https:\/\//,
      );
    }
  });

  it('says when the host does not resolve', async () => {
    await expect(assertProviderUrl('https://nowhere.example', false, resolver({}))).rejects.toThrow(
      'Could not resolve the provider host nowhere.example (ENOTFOUND).',
    );
  });

  it('with ALLOW_PRIVATE_PROVIDER_URLS, lets private addresses through without resolving', async () => {
    const lookup = resolver({});
    await expect(assertProviderUrl('http://10.0.0.7:4010', true, lookup)).resolves.toBeUndefined();
    await expect(assertProviderUrl('http://sim.internal:4010', true, lookup)).resolves.toBeUndefined();
    expect(lookup.asked).toEqual([]);
  });

  it('refuses with a ProviderAddressError', async () => {
    await expect(assertProviderUrl('http://127.0.0.1', false)).rejects.toBeInstanceOf(ProviderAddressError);
  });
});

describe('guardedLookup (the connection-time check)', () => {
  const call = (lookup: Lookup, options: { all?: boolean; family?: number }) =>
    new Promise<unknown>((resolve, reject) =>
      guardedLookup(lookup)('provider.example', options as never, (err, address, family) =>
        err ? reject(err) : resolve(options.all ? address : { address, family }),
      ),
    );

  it('hands the connection the addresses it checked', async () => {
    const lookup = async () => ['41.58.0.10', '2606:4700::10'];
    expect(await call(lookup, {})).toEqual({ address: '41.58.0.10', family: 4 });
    expect(await call(lookup, { family: 6 })).toEqual({ address: '2606:4700::10', family: 6 });
    expect(await call(lookup, { all: true })).toEqual([
      { address: '41.58.0.10', family: 4 },
      { address: '2606:4700::10', family: 6 },
    ]);
  });

  it('refuses when any address is not public', async () => {
    await expect(call(async () => ['41.58.0.10', '169.254.169.254'], { all: true })).rejects.toThrow(
      'The provider address resolves to 169.254.169.254, a link-local address',
    );
  });

  it('a name that answers public to the check and loopback to the connection never connects (DNS rebinding)', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    let answers = 0;
    // First answer: a public address (only classified, never connected to); then loopback.
    const rebinding: Lookup = async () => (answers++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']);
    const agent = new Agent({ connect: { lookup: guardedLookup(rebinding) } });
    try {
      const url = `http://rebind.example:${port}/auth/token`;
      await assertProviderUrl(url, false, rebinding);
      const err = await fetch(url, { dispatcher: agent }).catch((e: unknown) => e);
      expect(addressRefusalOf(err)?.message).toBe(
        'The provider address resolves to 127.0.0.1, a loopback address; set ALLOW_PRIVATE_PROVIDER_URLS=true to allow private provider addresses',
      );
      expect(connections).toBe(0);
    } finally {
      await agent.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
