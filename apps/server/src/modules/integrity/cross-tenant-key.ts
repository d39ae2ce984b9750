import crypto from 'node:crypto';
import { bankKeyOf, cbnBankOf } from './bank-key.ts';

/**
 * The cross-tenant index's key as its SQL uses it (issue #36 item 4). HMAC-SHA-256 is computed by
 * the database from core PostgreSQL's sha256() (no pgcrypto: PGlite and PostgreSQL alike, set-based
 * over a million records): HMAC(K, m) = SHA-256((K ⊕ opad) ‖ SHA-256((K ⊕ ipad) ‖ m)) with K padded
 * to SHA-256's 64-byte block, so the statement gets the two padded keys (hex), never stored. The
 * message is the identifier's kind, a colon and its value ('NIN:12345678901'): a digest names its kind.
 */
export interface CrossTenantKey {
  /** (K ⊕ 0x36…) and (K ⊕ 0x5c…), 64 bytes each, in hex. */
  ipadHex: string;
  opadHex: string;
  /** Names the key without revealing it: a start under another key rebuilds the index. */
  fingerprint: string;
}

export function crossTenantKey(key: Buffer): CrossTenantKey {
  if (key.length > 64) throw new Error('the cross-tenant key is longer than a SHA-256 block');
  const block = Buffer.alloc(64);
  key.copy(block);
  const xor = (pad: number) => Buffer.from(block.map((b) => b ^ pad)).toString('hex');
  return {
    ipadHex: xor(0x36),
    opadHex: xor(0x5c),
    fingerprint: crypto.createHmac('sha256', key).update('cross-tenant-index key fingerprint').digest('hex'),
  };
}

/** The digest of one identifier as the index holds it (for tests and checks: the SQL computes the same). */
export function crossTenantDigest(key: Buffer, kind: string, value: string): Buffer {
  return crypto.createHmac('sha256', key).update(`${kind}:${value}`, 'utf8').digest();
}

/**
 * The bank part of an account's identifier for each of a tenant's bank names: the bank's own CBN
 * code when cbn-banks.csv knows the bank (so that 'GTBank' in one state and 'Guaranty Trust Bank
 * Plc' in another are one bank), else the folded name; a name with no key is left out.
 */
export function crossTenantBanks(names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const key = bankKeyOf(name);
    if (!key) continue;
    const bank = cbnBankOf(key);
    out[name] = bank ? bank.codes[0]! : `name:${key}`;
  }
  return out;
}
