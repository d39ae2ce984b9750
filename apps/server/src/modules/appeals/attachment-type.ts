import type { AttachmentContentType } from '@portal/contract/appeals';

/**
 * The signatures an attachment may start with (issue #34): its type is what its first bytes are,
 * never what its name or the browser says. Three signatures by hand rather than a sniffing library:
 * none is installed, and a library's hundreds of types would only be narrowed to these three.
 */
const SIGNATURES: readonly { type: AttachmentContentType; bytes: readonly number[] }[] = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] /* %PDF- */ },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
];

/** The attachment type of `head` (a file's first bytes), or null when it is none of them. */
export function attachmentTypeOf(head: Uint8Array): AttachmentContentType | null {
  const found = SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b));
  return found?.type ?? null;
}

/** The extension a stored type is downloaded with, whatever name the file was sent under. */
const EXTENSIONS: Record<AttachmentContentType, string> = {
  'application/pdf': '.pdf',
  'image/png': '.png',
  'image/jpeg': '.jpg',
};

/**
 * The name a download carries in `content-disposition`: ASCII letters, digits, dot, dash and
 * underscore only (no quote, backslash, control or header-splitting character can reach the
 * header), and the extension of its judged type, so that a PDF never saves as `.html`.
 */
export function downloadName(fileName: string, type: AttachmentContentType): string {
  const ext = EXTENSIONS[type];
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '') // the accents of Ọ̀yọ́ go, its letters stay
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+|[._]+$/g, '')
    .slice(0, 100);
  return `${base || 'attachment'}${ext}`;
}
