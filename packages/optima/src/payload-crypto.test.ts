import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload, parseKeyMaterial, parseOptimaKeys } from './payload-crypto.ts';

const keyBytes = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const ivBytes = Buffer.from('f0e0d0c0b0a090807060504030201000', 'hex');

describe('OPTIMA payload encryption', () => {
  it('round-trips JSON with hex key material', () => {
    const keys = parseOptimaKeys(keyBytes.toString('hex'), ivBytes.toString('hex'));
    const value = { nin: '12345678901', ssid: 'SS00000001' };
    expect(decryptPayload(keys, encryptPayload(keys, value))).toEqual(value);
  });

  it('round-trips JSON with base64 key material', () => {
    const keys = parseOptimaKeys(keyBytes.toString('base64'), ivBytes.toString('base64'));
    const value = { items: [{ nin: '1', ssid: null }], note: 'Ọ̀ṣun é ü' };
    expect(decryptPayload(keys, encryptPayload(keys, value))).toEqual(value);
  });

  it('reads the same bytes from hex and base64, so both spellings interoperate', () => {
    const fromHex = parseOptimaKeys(keyBytes.toString('hex').toUpperCase(), ivBytes.toString('hex'));
    const fromBase64 = parseOptimaKeys(keyBytes.toString('base64'), ivBytes.toString('base64'));
    expect(encryptPayload(fromHex, { a: 1 })).toBe(encryptPayload(fromBase64, { a: 1 }));
  });

  it('is plain AES-256-CBC with PKCS#7 padding over UTF-8 JSON, as a third party would implement it', () => {
    const keys = parseOptimaKeys(keyBytes.toString('base64'), ivBytes.toString('base64'));
    const cipher = crypto.createCipheriv('aes-256-cbc', keyBytes, ivBytes);
    const theirs = Buffer.concat([cipher.update('{"found":false}', 'utf8'), cipher.final()]).toString(
      'base64',
    );
    expect(encryptPayload(keys, { found: false })).toBe(theirs);
    expect(decryptPayload(keys, theirs)).toEqual({ found: false });
  });

  it('refuses key material of the wrong length or alphabet', () => {
    expect(() => parseKeyMaterial(keyBytes.subarray(0, 31).toString('base64'), 32, 'aesKey')).toThrow(
      /aesKey must be 32 bytes/,
    );
    expect(() => parseKeyMaterial('zz'.repeat(16), 16, 'iv')).toThrow(/iv must be 16 bytes/);
    expect(() => parseKeyMaterial(keyBytes.toString('hex'), 16, 'iv')).toThrow(/iv must be 16 bytes/);
  });

  it('fails to decrypt under another key instead of returning garbage', () => {
    const keys = parseOptimaKeys(keyBytes.toString('hex'), ivBytes.toString('hex'));
    const other = parseOptimaKeys(Buffer.alloc(32, 7).toString('hex'), ivBytes.toString('hex'));
    expect(() => decryptPayload(other, encryptPayload(keys, { nin: '12345678901' }))).toThrow();
  });
});
