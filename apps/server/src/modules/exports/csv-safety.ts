/**
 * OWASP CSV injection guidance: a text cell beginning with = + - @ tab or carriage return is
 * prefixed with a single quote so that spreadsheet programs show it as text instead of running it.
 * Numbers (e.g. '-5', '12.50') are left as they are so that numeric columns stay numeric.
 */
export function neutralise(value: string | null | undefined): string {
  if (value == null) return '';
  if (/^[=+\-@\t\r]/.test(value) && !/^[+-]?\d+(\.\d+)?$/.test(value)) return `'${value}`;
  return value;
}
