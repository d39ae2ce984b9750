import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
const loader = createRequire(import.meta.url).resolve('tsx');
console.log(loader);
const w = new Worker(new URL('./src/modules/records/ingest/spreadsheet-worker.ts', import.meta.url), {
  workerData: { filePath: 'test/fixtures/uploads/master-small.xlsx', kind: 'xlsx', batchSize: 10 },
  execArgv: ['--import', pathToFileURL(loader).href],
});
w.on('message', (m) => {
  console.log(JSON.stringify(m).slice(0, 200));
  w.postMessage({ type: 'ack' });
});
w.on('error', (e) => console.log('error', e));
w.on('exit', (c) => console.log('exit', c));
