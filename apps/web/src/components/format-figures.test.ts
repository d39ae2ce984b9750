import { describe, expect, it } from 'vitest';
import { formatCount, formatShare, sharePercent } from './format-figures.ts';

describe('formatCount', () => {
  it('groups thousands with commas', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });

  it('shows whole numbers and a dash for what is not a number', () => {
    expect(formatCount(1880.4)).toBe('1,880');
    expect(formatCount(Number.NaN)).toBe('\u2014');
  });
});

describe('shares', () => {
  it('are percentages of the total', () => {
    expect(sharePercent(1880, 2000)).toBe(94);
    expect(sharePercent(120, 2000)).toBe(6);
    expect(sharePercent(2000, 2000)).toBe(100);
  });

  it('are 0 without a total, never a division by zero', () => {
    expect(sharePercent(0, 0)).toBe(0);
    expect(sharePercent(5, 0)).toBe(0);
    expect(formatShare(0, 0)).toBe('0%');
  });

  it('read with one decimal at most', () => {
    expect(formatShare(1880, 2000)).toBe('94%');
    expect(formatShare(80, 2000)).toBe('4%');
    expect(formatShare(9, 200)).toBe('4.5%');
    expect(formatShare(1, 3)).toBe('33.3%');
  });

  it('never hide a single record behind 0% or 100%', () => {
    expect(formatShare(1, 1_000_000)).toBe('<0.1%');
    expect(formatShare(999_999, 1_000_000)).toBe('>99.9%');
    expect(formatShare(1_000_000, 1_000_000)).toBe('100%');
  });
});
