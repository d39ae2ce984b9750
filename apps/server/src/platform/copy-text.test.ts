import { describe, expect, it } from 'vitest';
import { copyTextRow } from './copy-text.ts';

describe('copyTextRow', () => {
  it('separates values by tabs, writes null as \\N and ends with LF', () => {
    expect(copyTextRow(['a', null, 3, undefined, ''])).toBe('a\t\\N\t3\t\\N\t\n');
  });

  it('escapes backslash, tab, LF and CR so that a value cannot break the row', () => {
    expect(copyTextRow(['C:\\pay\tday', 'two\nlines\r'])).toBe('C:\\\\pay\\tday\ttwo\\nlines\\r\n');
  });

  it('keeps letters outside ASCII and a literal \\N text as text', () => {
    expect(copyTextRow(['Adébáyọ̀', '\\N'])).toBe('Adébáyọ̀\t\\\\N\n');
  });
});
