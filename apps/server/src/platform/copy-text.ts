/** A value as `COPY … FROM STDIN` (text format) reads it; null is SQL NULL. */
export type CopyValue = string | number | null | undefined;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One row of COPY text format: tab-separated, backslash escapes, `\N` for null, ending in LF. */
export function copyTextRow(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) line += '\t';
    if (v == null) line += '\\N';
    else if (typeof v === 'number') line += String(v);
    else line += SPECIAL.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]!) : v;
  }
  return line + '\n';
}
