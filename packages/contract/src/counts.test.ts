import { describe, expect, it } from 'vitest';
import { countOf, formatCount } from './counts.ts';

describe('formatCount', () => {
  it('groups thousands with commas and shows whole numbers', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1_000_000)).toBe('1,000,000');
    expect(formatCount(1880.4)).toBe('1,880');
  });

  it('is a dash for what is not a number', () => {
    expect(formatCount(Number.NaN)).toBe('\u2014');
  });
});

describe('countOf', () => {
  it('is singular for exactly one, plural otherwise, with separators', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(2000, 'record')).toBe('2,000 records');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});
