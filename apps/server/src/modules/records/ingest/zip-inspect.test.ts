import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildZip,
  deflatedRepeats,
  removeTempFiles,
  TEST_LIMITS,
  uploadErrorOf,
  WORKBOOK_PARTS,
  writeTemp,
} from './test-files.ts';
import { readZipDirectory } from './zip-inspect.ts';

afterAll(removeTempFiles);

const MB = 1024 * 1024;
let bomb: Buffer;
beforeAll(async () => {
  bomb = await deflatedRepeats(300); // 300 MB of sheet XML in a few hundred KB
}, 60_000);

/** Runs a parse and reports its error, how long it took and how much the heap grew. */
async function measure(name: string, zip: Buffer, limits = TEST_LIMITS) {
  const file = await writeTemp(name, zip);
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const error = await uploadErrorOf(file, name, limits);
  return {
    error,
    ms: performance.now() - started,
    heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / MB,
  };
}

describe('zip bomb guard', () => {
  it('refuses an honest bomb by its compression ratio, at once', async () => {
    expect(bomb.length).toBeLessThan(2 * MB);
    const zip = buildZip([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: bomb, deflated: true, declaredSize: 300 * MB },
    ]);
    const { error, ms, heapGrowthMb } = await measure('ratio.xlsx', zip);
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/compressed abnormally well/);
    expect(ms).toBeLessThan(2000);
    expect(heapGrowthMb).toBeLessThan(50);
  });

  it('refuses a workbook declaring more than the uncompressed limit', async () => {
    const zip = buildZip([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: bomb, deflated: true, declaredSize: 300 * MB },
    ]);
    const { error } = await measure('declared.xlsx', zip, { ...TEST_LIMITS, maxUncompressedBytes: 100 * MB });
    expect(error.statusCode).toBe(413);
    expect(error.message).toMatch(/expands to more than 100 MB/);
  });

  it('refuses a bomb whose directory lies about its size, inflating no further than the lie', async () => {
    const zip = buildZip([
      ...WORKBOOK_PARTS,
      { name: 'xl/worksheets/sheet1.xml', data: bomb, deflated: true, declaredSize: 4096 },
    ]);
    const { error, ms, heapGrowthMb } = await measure('lying.xlsx', zip);
    expect(error.statusCode).toBe(413);
    expect(ms).toBeLessThan(2000);
    expect(heapGrowthMb).toBeLessThan(50);
  });

  it('reads Zip64 sizes and refuses terabytes', async () => {
    const zip = buildZip(
      [
        ...WORKBOOK_PARTS,
        { name: 'xl/worksheets/sheet1.xml', data: bomb, deflated: true, declaredSize: 5 * 1024 ** 4 },
      ],
      { zip64: true },
    );
    const file = await writeTemp('zip64.xlsx', zip);
    const entries = await readZipDirectory(file);
    expect(entries.at(-1)).toMatchObject({ uncompressedSize: 5 * 1024 ** 4, compressedSize: bomb.length });
    const error = await uploadErrorOf(file);
    expect(error.statusCode).toBe(413);
  });

  it('refuses a truncated ZIP as not matching its extension', async () => {
    const zip = buildZip([...WORKBOOK_PARTS]).subarray(0, 40);
    const { error } = await measure('truncated.xlsx', zip);
    expect(error.statusCode).toBe(415);
  });
});
