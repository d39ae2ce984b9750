import { Worker } from 'node:worker_threads';
const url = new URL('./src/modules/records/ingest/spreadsheet-worker.ts', import.meta.url).href;
const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url)}); })`;
const w = new Worker(code, {
  eval: true,
  workerData: { filePath: 'test/fixtures/uploads/master-small.xlsx', kind: 'xlsx', batchSize: 10 },
  execArgv: [],
});
w.on('message', (m) => {
  console.log(JSON.stringify(m).slice(0, 200));
  w.postMessage({ type: 'ack' });
});
w.on('error', (e) => console.log('error', e));
w.on('exit', (c) => console.log('exit', c));
