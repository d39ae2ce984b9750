import { describe, expect, it } from 'vitest';
import { copyBytesToLines, copyRowsToLines } from './exports.repo.ts';

describe('copyRowsToLines', () => {
  it('ends every row with CRLF', () => {
    expect(copyRowsToLines('a,b\nc,d\n')).toBe('a,b\r\nc,d\r\n');
  });

  it('undoes the escapes of COPY text format, a LF inside a field included', () => {
    const row = String.raw`"Two\nLines",C:\\pay\tday,\r,\b\f\v` + '\n';
    expect(copyRowsToLines(row)).toBe('"Two\nLines",C:\\pay\tday,\r,\b\f\v\r\n');
  });

  it('keeps letters outside ASCII as they are', () => {
    expect(copyRowsToLines('Adébáyọ̀\n')).toBe('Adébáyọ̀\r\n');
  });
});

describe('copyBytesToLines', () => {
  it('puts a CR before each row end, up to `end`, and counts the rows', () => {
    const bytes = Buffer.from('Adébáyọ̀,1\nb,2\npartial', 'utf8');
    const end = bytes.lastIndexOf(0x0a) + 1;
    const out = copyBytesToLines(bytes, end);
    expect(out.rows).toBe(2);
    expect(out.bytes.toString('utf8')).toBe('Adébáyọ̀,1\r\nb,2\r\n');
  });

  it('decodes the escapes when a backslash is among the rows', () => {
    const bytes = Buffer.from(String.raw`"a\nb",C:\\x` + '\nnext\n', 'utf8');
    const out = copyBytesToLines(bytes, bytes.length);
    expect(out.rows).toBe(2);
    expect(out.bytes.toString('utf8')).toBe('"a\nb",C:\\x\r\nnext\r\n');
  });
});
