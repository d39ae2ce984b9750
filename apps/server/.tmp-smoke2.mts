import { parseUpload } from './src/modules/records/ingest/parse-upload.ts';
const limits = { maxUncompressedBytes: 2e9, workerMaxMemoryMb: 512, workerTimeoutMs: 600000, maxErrors: 100 };
for (const f of process.argv.slice(2)) {
  const t = Date.now();
  let rows = 0,
    errors = 0;
  let first: unknown;
  const errs: unknown[] = [];
  try {
    for await (const b of parseUpload(f, f, limits)) {
      rows += b.rows.length;
      errors += b.errors.length;
      first ??= b.rows[0];
      if (errs.length < 5) errs.push(...b.errors.slice(0, 5));
    }
    const s = (Date.now() - t) / 1000;
    console.log(
      f,
      rows,
      'rows',
      errors,
      'errors',
      s,
      's',
      Math.round(rows / s),
      'rows/s',
      'rss',
      Math.round(process.memoryUsage().rss / 1e6),
      'MB',
    );
    console.log(JSON.stringify(first), JSON.stringify(errs));
  } catch (e) {
    console.log(f, 'ERR', e);
  }
}
