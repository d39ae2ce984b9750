/**
 * Sets every entry's modification time in a zip (an .xlsx) to one fixed date. exceljs stamps
 * entries with the current time, so without this a regenerated master-list.xlsx would differ from
 * the committed one byte for byte although its content is the same. Only header fields change;
 * the CRCs cover the data, not the headers.
 */
const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export function fixZipTimestamps(zip: Buffer, date: Date): Buffer {
  const dosTime = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1);
  const dosDate = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== EOCD) eocd -= 1; // skips a trailing zip comment
  if (eocd < 0) throw new Error('not a zip file');
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i += 1) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new Error('unexpected zip central directory');
    zip.writeUInt16LE(dosTime, at + 12);
    zip.writeUInt16LE(dosDate, at + 14);
    const local = zip.readUInt32LE(at + 42);
    if (zip.readUInt32LE(local) !== LOCAL) throw new Error('unexpected zip local header');
    zip.writeUInt16LE(dosTime, local + 10);
    zip.writeUInt16LE(dosDate, local + 12);
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return zip;
}
