// Payroll export on this machine: 1,000,000 VALIDATED records of a portal on PostgreSQL exported
// through the API (job to COMPLETED, then the download), with the portal's resident memory sampled
// throughout, and `psql \copy (select …) to file csv` of the same columns in the same run.
// Run: npm run bench:export  (BENCH_RECORDS to change the count)
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createDatabase, seedRecords, startBenchCluster, startSeededPortal } from './lib/million.ts';
import { csrfHeaders } from './lib/portal-process.ts';

const COUNT = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const TARGET_SECONDS = 20;
const results: string[] = [];
const say = (line: string) => {
  results.push(line);
  console.log(line);
};

interface ExportJob {
  id: string;
  status: string;
  recordCount: number | null;
  sizeBytes?: number | null;
  sha256?: string | null;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-export-'));
const cluster = await startBenchCluster();
try {
  const url = await createDatabase(cluster, 'exports');
  const first = await startSeededPortal(url);
  await first.portal.stop();
  const seeding = performance.now();
  const { tenantId } = await seedRecords(url, COUNT, { allValidated: true });
  console.log(`seeded ${COUNT} validated records in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const { portal, token } = await startSeededPortal(url);
  let portalSeconds = 0;
  let generatedSeconds = 0;
  try {
    const auth = { authorization: `Bearer ${token}`, ...csrfHeaders };
    const baseline = portal.memory().rssMb;
    let peakRss = baseline;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, portal.memory().rssMb)), 100);
    const started = performance.now();
    const res = await fetch(`${portal.base}/api/v1/records/export`, { method: 'POST', headers: auth });
    if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
    let job: ExportJob | undefined;
    for (;;) {
      await new Promise((r) => setTimeout(r, 50));
      const list = (await (
        await fetch(`${portal.base}/api/v1/records/export-logs`, { headers: auth })
      ).json()) as ExportJob[];
      job = list[0];
      if (job && (job.status === 'COMPLETED' || job.status === 'FAILED')) break;
    }
    const generated = (performance.now() - started) / 1000;
    generatedSeconds = generated;
    if (job.status !== 'COMPLETED') throw new Error(`export ${job.status}`);
    const file = path.join(dir, `${job.id}.csv`);
    const download = await fetch(`${portal.base}/api/v1/records/export-logs/${job.id}/download`, {
      headers: auth,
    });
    if (!download.ok || !download.body) throw new Error(`download: ${download.status}`);
    const hash = crypto.createHash('sha256');
    await pipeline(
      Readable.fromWeb(download.body as WebReadableStream),
      async function* (source) {
        for await (const chunk of source) {
          hash.update(chunk as Buffer);
          yield chunk;
        }
      },
      fs.createWriteStream(file),
    );
    portalSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const sha = hash.digest('hex');
    const lines = execFileSync('wc', ['-l', file], { encoding: 'utf8' }).trim().split(' ')[0];
    if (job.recordCount !== COUNT) throw new Error(`exported ${job.recordCount}, expected ${COUNT}`);
    if (job.sha256 && job.sha256 !== sha) throw new Error('downloaded bytes do not match the checksum');
    say(
      `export of ${job.recordCount} validated records: generated in ${generated.toFixed(1)} s, downloaded by ` +
        `${portalSeconds.toFixed(1)} s (target ≤ ${TARGET_SECONDS} s); ${(fs.statSync(file).size / 2 ** 20).toFixed(0)} MiB, ` +
        `${lines} lines, checksum matches`,
    );
    say(
      `portal resident memory: ${baseline.toFixed(0)} MiB before, peak ${peakRss.toFixed(0)} MiB during ` +
        `(growth ${(peakRss - baseline).toFixed(0)} MiB for ${COUNT} records: a chunk being read and one being stored)`,
    );
  } finally {
    await portal.stop();
  }

  const copyFile = path.join(dir, 'copy.csv');
  const copyStarted = performance.now();
  execFileSync('psql', [
    url,
    '-q',
    '-c',
    `\\copy (select r.psn, r.employee_id, r.full_name, m.name, d.name, r.grade_level, r.salary_grade_id, ` +
      `r.salary_structure, r.nin, r.date_of_birth, r.status, r.validated_at from records r ` +
      `left join ministries m on m.id = r.ministry_id left join departments d on d.id = r.department_id ` +
      `where r.tenant_id = '${tenantId}' and r.status = 'VALIDATED' order by m.name, d.name, r.full_name, r.id) ` +
      `to '${copyFile}' csv header`,
  ]);
  const copySeconds = (performance.now() - copyStarted) / 1000;
  say(
    `psql \\copy of the same columns in the same order to a CSV file: ${copySeconds.toFixed(1)} s; ` +
      `portal ÷ \\copy ${(generatedSeconds / copySeconds).toFixed(2)}× generated, ` +
      `${(portalSeconds / copySeconds).toFixed(2)}× including the download (target ≤ 3×)`,
  );
} finally {
  cluster.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
console.log('\nSummary\n' + results.join('\n'));
