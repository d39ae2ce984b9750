import { parseUpload } from './src/modules/records/ingest/parse-upload.ts';
const limits = {
  maxUncompressedBytes: 100e6,
  workerMaxMemoryMb: 256,
  workerTimeoutMs: 60000,
  maxErrors: 100,
};
for (const f of ['master-small.csv', 'master-small.xlsx', 'master-small.xls']) {
  const t = Date.now();
  try {
    for await (const b of parseUpload(`test/fixtures/uploads/${f}`, f, limits)) {
      console.log(f, Date.now() - t, 'ms', b.errors);
      for (const r of b.rows) console.log(JSON.stringify(r));
    }
  } catch (e) {
    console.log(f, 'ERR', e);
  }
}
