import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_CLASSES, generatePassword } from './generate-password.ts';

const ALLOWED = Object.values(PASSWORD_CLASSES).join('');
const has = (password: string, chars: string) => [...password].some((c) => chars.includes(c));

describe('generatePassword', () => {
  it('is 12 characters of letters, digits and symbols, with at least one of each kind', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect([...password].every((c) => ALLOWED.includes(c))).toBe(true);
      expect(has(password, PASSWORD_CLASSES.lower)).toBe(true);
      expect(has(password, PASSWORD_CLASSES.upper)).toBe(true);
      expect(has(password, PASSWORD_CLASSES.digits)).toBe(true);
      expect(has(password, PASSWORD_CLASSES.symbols)).toBe(true);
    }
  });

  it('draws from crypto.getRandomValues, never Math.random', () => {
    const cryptoSpy = vi.spyOn(crypto, 'getRandomValues');
    const mathSpy = vi.spyOn(Math, 'random');
    generatePassword();
    expect(cryptoSpy).toHaveBeenCalled();
    expect(mathSpy).not.toHaveBeenCalled();
  });

  it('follows the random source: fixed values give a fixed password, fresh values a fresh one', () => {
    const fixed = vi.spyOn(crypto, 'getRandomValues').mockImplementation((array) => {
      (array as Uint32Array).fill(7);
      return array;
    });
    const first = generatePassword();
    expect(generatePassword()).toBe(first);
    fixed.mockRestore();

    const passwords = new Set(Array.from({ length: 50 }, () => generatePassword()));
    expect(passwords.size).toBe(50);
  });

  it('puts the guaranteed characters at random places, not always in front', () => {
    const firstChars = new Set(Array.from({ length: 200 }, () => generatePassword().charAt(0)));
    // Lower-case only in front would mean no shuffle.
    expect([...firstChars].some((c) => !PASSWORD_CLASSES.lower.includes(c))).toBe(true);
  });
});
