import zlib from 'node:zlib';

/** A small seeded generator (mulberry32): the same seed gives the same files on every machine. */
export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)]!;
  }
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(0, 255);
    return out;
  }
}

/** The generator of file number `index` of a run: one file can be replayed alone. */
export const rngFor = (seed: number, index: number) =>
  new Rng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0);

export interface ZipEntry {
  name: string;
  data: Buffer;
  /** 8 deflate (default), 0 stored. */
  method?: 0 | 8;
}

export interface ZippedEntry {
  name: string;
  /** Where the central directory's record of the entry starts (to corrupt its sizes). */
  centralOffset: number;
}

/** A plain zip (no Zip64): local headers, data, central directory, end record. */
export function zipOf(entries: ZipEntry[]): { zip: Buffer; entries: ZippedEntry[] } {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const placed: ZippedEntry[] = [];
  let offset = 0;
  let centralSize = 0;
  for (const e of entries) {
    const method = e.method ?? 8;
    const data = method === 8 ? zlib.deflateRawSync(e.data) : e.data;
    const name = Buffer.from(e.name, 'utf8');
    const crc = zlib.crc32(e.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(e.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    placed.push({ name: e.name, centralOffset: centralSize });
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
    centralSize += central.length + name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, ...centrals, end]);
  // Offsets of the central records in the whole file.
  for (const p of placed) p.centralOffset += offset;
  return { zip, entries: placed };
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A1-style column letters of a 0-based column. */
export function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export interface XlsxParts {
  sheet: string;
  sharedStrings: string;
}

/** The sheet and shared-strings XML of rows of text (every cell a shared string). */
export function xlsxParts(rows: string[][], doctype = ''): XlsxParts {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const sheetRows = rows.map((cells, r) => {
    const xml = cells.map((value, c) => {
      let k = index.get(value);
      if (k === undefined) {
        k = strings.length;
        strings.push(value);
        index.set(value, k);
      }
      return `<c r="${columnName(c)}${r + 1}" t="s"><v>${k}</v></c>`;
    });
    return `<row r="${r + 1}">${xml.join('')}</row>`;
  });
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  return {
    sheet: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${doctype}<worksheet xmlns="${ns}"><sheetData>${sheetRows.join('')}</sheetData></worksheet>`,
    sharedStrings: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${doctype}<sst xmlns="${ns}" count="${strings.length}" uniqueCount="${strings.length}">${strings
      .map((s) => `<si><t xml:space="preserve">${esc(s)}</t></si>`)
      .join('')}</sst>`,
  };
}

/** The zip entries of a one-sheet workbook whose sheet and shared strings are given. */
export function xlsxEntries(parts: XlsxParts): ZipEntry[] {
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkg = 'http://schemas.openxmlformats.org/package/2006';
  const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const text = (name: string, s: string): ZipEntry => ({ name, data: Buffer.from(s, 'utf8') });
  return [
    text(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${pkg}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="${ct}.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/></Types>`,
    ),
    text(
      '_rels/.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    text(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${rel}"><sheets><sheet name="Staff" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    text(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${pkg}/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    text('xl/worksheets/sheet1.xml', parts.sheet),
    text('xl/sharedStrings.xml', parts.sharedStrings),
  ];
}

/** "Billion laughs": `levels` entities each naming the one before `fanOut` times. */
export function entityBomb(root: string, levels: number, fanOut: number): { doctype: string; ref: string } {
  const defs = ['<!ENTITY e0 "lol">'];
  for (let i = 1; i <= levels; i++) defs.push(`<!ENTITY e${i} "${`&e${i - 1};`.repeat(fanOut)}">`);
  return { doctype: `<!DOCTYPE ${root} [${defs.join('')}]>\n`, ref: `&e${levels};` };
}
