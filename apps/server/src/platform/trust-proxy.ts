import ipaddr from 'ipaddr.js';

/**
 * Which peers may tell the client's address in X-Forwarded-For (Fastify's `trustProxy`): none, or
 * the listed proxy addresses and CIDRs. Never `true`, which would believe any client's header, nor
 * a hop count, which cannot tell a proxy from a client (decision 58).
 */
export type TrustProxy = false | string[];

/** proxy-addr's (Fastify's) names for ranges: 127.0.0.0/8 and ::1; 169.254/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and fc00::/7. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddress = (s: string) => ipaddr.IPv4.isValidFourPartDecimal(s) || ipaddr.IPv6.isValid(s);

function isProxyEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash < 0) return isAddress(entry);
  const address = entry.slice(0, slash);
  const bits = entry.slice(slash + 1);
  if (!isAddress(address) || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (ipaddr.parse(address).kind() === 'ipv4' ? 32 : 128);
}

/** Reads TRUST_PROXY; throws an Error whose message says what to set instead. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? '').trim();
  if (v === '' || v === 'false') return false;
  if (v === 'true') {
    throw new Error(
      'TRUST_PROXY=true would believe the X-Forwarded-For of any client, who could then pass the ' +
        'sign-in and claim limits or spend the allowance of another address. List the addresses ' +
        '(or CIDRs) of your reverse proxies instead, e.g. TRUST_PROXY=10.0.0.5 or ' +
        'TRUST_PROXY=10.0.0.0/24,127.0.0.1 (loopback names 127.0.0.0/8 and ::1).',
    );
  }
  if (/^\d+$/.test(v)) {
    if (Number(v) === 0) return false;
    throw new Error(
      `TRUST_PROXY=${v}: a number of proxy hops cannot tell a proxy from a client that reaches the ` +
        'portal directly (Fastify trusts no one for it). List the addresses (or CIDRs) of your ' +
        'reverse proxies instead, e.g. TRUST_PROXY=10.0.0.5.',
    );
  }
  const entries = v.split(',').map((s) => s.trim());
  const bad = entries.find((e) => !isProxyEntry(e));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY: "${bad}" is not an IP address or CIDR (expected a comma-separated list such as ` +
        '10.0.0.5,10.1.0.0/16,::1, or the names loopback, linklocal and uniquelocal).',
    );
  }
  // A prefix of 0 bits is every address: the same as TRUST_PROXY=true. Fastify's proxy-addr
  // refused it only when the app was built, after the migrations, with a bare TypeError.
  const everyone = entries.find((e) => /\/0+$/.test(e));
  if (everyone !== undefined) {
    throw new Error(
      `TRUST_PROXY: "${everyone}" names every address, so any client's X-Forwarded-For would be ` +
        'believed (as with TRUST_PROXY=true). List the addresses (or CIDRs) of your reverse proxies ' +
        'instead, e.g. TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/24.',
    );
  }
  return entries;
}
