// How long a file over the upload limit takes to be refused (issue #30 item 9): a CSV of real rows
// 10 MiB past MAX_UPLOAD_MB (default 200), uploaded over HTTP to a portal on PGlite.
// Run: npx tsx bench/oversize-bench.ts
import fs from 'node:fs';
import http from 'node:http';
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
  // Over node:http, the body streamed from the file: fetch gives up waiting for an answer at
  // 300 s, which the refusal took before the fix on a loaded machine.
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="over.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  );
  const foot = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = performance.now();
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${portal.base}/api/v1/records/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...csrfHeaders,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + foot.length,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file$ = fs.createReadStream(file);
    file$.on('end', () => req.end(foot));
    file$.pipe(req, { end: false });
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(`answer ${status} after ${seconds.toFixed(2)} s: ${body.slice(0, 200)}`);
  console.log(`peak RSS ${portal.memory().peakMb.toFixed(0)} MiB`);
} finally {
  await portal.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
