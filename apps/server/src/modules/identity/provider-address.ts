import dns from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, type Dispatcher } from 'undici';

/**
 * The guard in front of every call to a tenant's identity provider (issue #18): a provider URL set
 * by a global admin must not turn the portal into a way into its own network. Only http(s), and
 * only public unicast addresses, unless ALLOW_PRIVATE_PROVIDER_URLS says otherwise (demo mode, whose
 * simulator listens on 127.0.0.1). Decision 60.
 */
export class ProviderAddressError extends Error {}

/** How the refusal names a range (ipaddr.js's names). */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'an unspecified address',
  loopback: 'a loopback address',
  private: 'a private address',
  linkLocal: 'a link-local address',
  uniqueLocal: 'a unique-local address',
  carrierGradeNat: 'a carrier-grade NAT (shared) address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
};

/**
 * Why an address cannot be a provider's ("a loopback address"), or undefined for a public unicast
 * one. An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is; every
 * other special range (documentation, reserved, 6to4, NAT64, …) is refused as well.
 */
export function nonPublicRange(address: string): string | undefined {
  let ip = ipaddr.parse(address);
  if (ip instanceof ipaddr.IPv6 && ip.isIPv4MappedAddress()) ip = ip.toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return undefined;
  return RANGE_WORDS[range] ?? `a reserved address (${range})`;
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Refuses a provider URL that is not http(s), or whose host is (or resolves to, any of its
 * addresses) outside public unicast space, before anything connects to it.
 */
export async function assertProviderUrl(
  url: string,
  allowPrivateAddresses: boolean,
  lookup: Lookup = systemLookup,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ProviderAddressError('The provider address is not a valid URL.');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ProviderAddressError(
      `The provider address must start with http:// or https:// (not ${parsed.protocol}//).`,
    );
  }
  if (allowPrivateAddresses) return;
  // WHATWG URL has already normalised numeric hosts (0x7f.1 → 127.0.0.1) and bracketed IPv6.
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new ProviderAddressError(`Could not resolve the provider host ${host} (${code}).`);
    }
    if (addresses.length === 0) throw new ProviderAddressError(`The provider host ${host} has no address.`);
  }
  assertPublic(addresses);
}

function assertPublic(addresses: string[]): void {
  for (const address of addresses) {
    const why = nonPublicRange(address);
    if (why) {
      throw new ProviderAddressError(
        `The provider address resolves to ${address}, ${why}; set ALLOW_PRIVATE_PROVIDER_URLS=true to allow private provider addresses`,
      );
    }
  }
}

/**
 * The lookup of the provider's connections while the guard is on: it resolves the host, refuses
 * as assertProviderUrl does, and hands the connection the very addresses it checked, so a name
 * that answers a public address to the check and a private one a moment later (DNS rebinding)
 * cannot slip through.
 */
export function guardedLookup(lookup: Lookup = systemLookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname)
      .then((all) => {
        assertPublic(all);
        const family = (a: string) => (ipaddr.parse(a).kind() === 'ipv6' ? 6 : 4);
        const wanted = all.filter((a) => !options.family || family(a) === options.family);
        if (wanted.length === 0)
          throw new ProviderAddressError(`The provider host ${hostname} has no address.`);
        if (options.all)
          callback(
            null,
            wanted.map((a) => ({ address: a, family: family(a) })),
          );
        else callback(null, wanted[0]!, family(wanted[0]!));
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}

let guardedAgent: Dispatcher | undefined;

/** The dispatcher of every provider call: the guarded one unless private addresses are allowed. */
export function providerDispatcher(allowPrivateAddresses: boolean): Dispatcher | undefined {
  if (allowPrivateAddresses) return undefined;
  return (guardedAgent ??= new Agent({ connect: { lookup: guardedLookup() } }));
}

/** A refusal by the connection's lookup, as the request's error or among its causes. */
export function addressRefusalOf(err: unknown): ProviderAddressError | undefined {
  for (let e = err; e instanceof Error; e = e.cause) if (e instanceof ProviderAddressError) return e;
  return undefined;
}
