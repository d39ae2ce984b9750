import path from 'node:path';
import { badRequest } from '../../platform/errors.ts';

/** The longest file name kept (characters); a longer one keeps its start and its extension. */
export const MAX_FILE_NAME_LENGTH = 120;

/**
 * C0 and C1 controls, DEL, and the invisible format characters that change how a name reads:
 * bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069: "\u202egpj.csv" shows
 * as "csv.jpg"), marks (U+200E, U+200F, U+061C), zero-width characters and the BOM.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The name an upload is known by (upload list, audit trail), from the name the browser sent
 * (issue #31): a NUL is refused (400; PostgreSQL text cannot hold it, it was a 500), hidden and
 * bidi controls are taken out, the directory part dropped, and the length capped.
 */
export function uploadFileName(sent: string | undefined): string {
  if (sent?.includes('\u0000')) throw badRequest('The file name must not contain a NUL character.');
  const base = path
    .basename((sent ?? '').replace(/\\/g, '/'))
    .replace(HIDDEN, '')
    .trim();
  const name = base === '' || base === '.' || base === '..' ? 'upload' : base;
  const chars = Array.from(name); // code points: a cut never splits a surrogate pair
  if (chars.length <= MAX_FILE_NAME_LENGTH) return name;
  const ext = path.extname(name);
  const extChars = ext.length <= 10 ? Array.from(ext) : [];
  return `${chars.slice(0, MAX_FILE_NAME_LENGTH - extChars.length - 1).join('')}…${extChars.join('')}`;
}
