import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format-file-size.ts';

describe('formatFileSize (base 1024)', () => {
  it.each([
    [0, '0 Bytes'],
    [200, '200 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [381_494, '372.55 KB'],
    [1024 ** 2, '1 MB'],
    [1.25 * 1024 ** 2, '1.25 MB'],
    [1024 ** 3, '1 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('steps up a unit when rounding reaches 1024', () => {
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1 MB');
  });

  it('treats negative and non-finite sizes as empty', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});
