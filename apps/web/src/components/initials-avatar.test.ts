import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials-avatar.tsx';

describe('avatar letters', () => {
  it('are the first letters of the first and last name words', () => {
    expect(initialsOf('Somtochukwu Ikechukwu Igwe')).toBe('SI');
    expect(initialsOf('Damilare Ogunleye')).toBe('DO');
  });

  it('ignore extra spacing and upper-case the letters', () => {
    expect(initialsOf('  hafsat   abdullahi ')).toBe('HA');
  });

  it('are one letter for a one-word name and "?" for no name', () => {
    expect(initialsOf('Adaeze')).toBe('A');
    expect(initialsOf('   ')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });

  it('keep letters outside the basic alphabet whole', () => {
    expect(initialsOf('Ọlá Ẹ̀kọ́')).toBe('ỌẸ');
    expect(initialsOf('\u{1D400}bc Def')).toBe('\u{1D400}D');
  });
});
