// How long a file over the upload limit takes to be refused (issue #30 item 9): a CSV of real rows
// 10 MiB past MAX_UPLOAD_MB (default 200), uploaded over HTTP to a portal on PGlite.
// Run: npx tsx bench/oversize-bench.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeCsv } from './lib/master-list.ts';
import { csrfHeaders, newTenantAdmin, startPortal } from './lib/portal-process.ts';

const limitMb = Number(process.env.MAX_UPLOAD_MB ?? 200);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-oversize-'));
const file = path.join(dir, 'over.csv');
// About 171 bytes a row: write enough rows for limit + 10 MiB.
let rows = Math.ceil(((limitMb + 10) * 1024 * 1024) / 171);
for (;;) {
  await writeCsv(file, rows);
  const size = fs.statSync(file).size;
  if (size >= (limitMb + 10) * 1024 * 1024) break;
  rows = Math.ceil(rows * (((limitMb + 10) * 1024 * 1024) / size) * 1.01);
}
const size = fs.statSync(file).size;
console.log(`${file}: ${size.toLocaleString('en')} bytes, ${rows.toLocaleString('en')} rows`);
const portal = await startPortal({ MAX_UPLOAD_MB: String(limitMb) });
try {
  const token = await newTenantAdmin(portal.base);
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), 'over.csv');
  const started = performance.now();
  const res = await fetch(`${portal.base}/api/v1/records/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...csrfHeaders },
    body: form,
  });
  const body = await res.text();
  const seconds = (performance.now() - started) / 1000;
  console.log(`answer ${res.status} after ${seconds.toFixed(2)} s: ${body.slice(0, 200)}`);
  console.log(`peak RSS ${portal.memory().peakMb.toFixed(0)} MiB`);
} finally {
  await portal.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
