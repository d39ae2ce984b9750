// The read paths over 1,000,000 records on PostgreSQL, each under 20 concurrent connections on
// loopback (autocannon): the records list with two filters (issue 4), the validation queues with
// filters (issue 7), the not-found list and the dashboard stats (issue 6), and searches by name and
// PSN (issue 17).
// Run: npm run bench:reads  (BENCH_RECORDS to change the count, BENCH_SECONDS the duration of a run)
import {
  createDatabase,
  describeLoad,
  load,
  seedRecords,
  startBenchCluster,
  startSeededPortal,
} from './lib/million.ts';
import { csrfHeaders, login } from './lib/portal-process.ts';

const COUNT = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const TARGET_MS = 100;

const cluster = await startBenchCluster();
const results: string[] = [];
try {
  const url = await createDatabase(cluster, 'reads');
  // The portal migrates the schema and creates the demo tenant; the records are written after.
  const first = await startSeededPortal(url);
  await first.portal.stop();
  const seeding = performance.now();
  await seedRecords(url, COUNT);
  console.log(`seeded ${COUNT} records in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

  const { portal, token } = await startSeededPortal(url);
  try {
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(`${portal.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return (await res.json()) as T;
    };
    const ministries = await get<{ id: string; name: string }[]>('/api/v1/tenant-admin/ministries');
    const departments = await get<{ id: string; name: string }[]>('/api/v1/tenant-admin/departments');
    const ministry = ministries.find((m) => m.name === 'Ministry of Bench 7')!.id;
    const department = departments.find((d) => d.name === 'Bench Department 42')!.id;

    // A reviewer of two ministries and one department of another ministry.
    const reviewerEmail = 'bench.reviewer@demo.local';
    const created = await fetch(`${portal.base}/api/v1/tenant-admin/users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...csrfHeaders },
      body: JSON.stringify({
        fullName: 'Bench Reviewer',
        email: reviewerEmail,
        password: 'Bench-Reviewer-1',
        role: 'REVIEWER',
        assignedMinistryIds: [ministry, ministries.find((m) => m.name === 'Ministry of Bench 3')!.id],
        assignedDepartmentIds: [department],
      }),
    });
    if (!created.ok) throw new Error(`reviewer: ${created.status} ${await created.text()}`);
    const reviewerToken = await login(portal.base, reviewerEmail, 'Bench-Reviewer-1');

    const cases: [string, string, string?][] = [
      ['records, ministry + grade', `/api/v1/records?ministry=${ministry}&grade=GL%2007&page=3&pageSize=25`],
      [
        'pending-approval queue, ministry + grade',
        `/api/v1/records/queue/pending-approval?ministry=${ministry}&grade=GL%2005&page=2&pageSize=25`,
      ],
      [
        'mismatched queue, department',
        `/api/v1/records/queue/mismatched?department=${department}&pageSize=25`,
      ],
      ['pending-approval queue, no filter', `/api/v1/records/queue/pending-approval?pageSize=25`],
      ['not-found list, ministry', `/api/v1/records/flagged/not-in-sot?ministry=${ministry}&pageSize=25`],
      ['dashboard stats', `/api/v1/tenant-admin/dashboard/stats`],
      [
        "reviewer's pending-approval queue, grade",
        `/api/v1/records/queue/pending-approval?grade=GL%2003&page=2&pageSize=25`,
        reviewerToken,
      ],
      [
        "reviewer's mismatched queue, no filter",
        `/api/v1/records/queue/mismatched?pageSize=25`,
        reviewerToken,
      ],
      // Search by name, PSN or Work ID (issue #17; names as bench/lib/million.ts draws them): the
      // start of a surname (0.35% of the records), a first name and a surname, a first name shared
      // by 1.8% of the records, and the start of a PSN.
      ['records, search a surname start (olawa)', `/api/v1/records?q=olawa&pageSize=25`],
      ['records, search two words (chidi okonk)', `/api/v1/records?q=chidi%20okonk&pageSize=25`],
      ['records, search a common first name (emeka)', `/api/v1/records?q=emeka&pageSize=25`],
      ['records, search a PSN start (psn001234)', `/api/v1/records?q=psn001234&pageSize=25`],
      [
        'not-found list, search a surname start (olawa)',
        `/api/v1/records/flagged/not-in-sot?q=olawa&pageSize=25`,
      ],
      [
        "reviewer's pending-approval queue, search a surname start (olawa)",
        `/api/v1/records/queue/pending-approval?q=olawa&pageSize=25`,
        reviewerToken,
      ],
      [
        "reviewer's pending-approval queue, search a PSN start (psn00123)",
        `/api/v1/records/queue/pending-approval?q=psn00123&pageSize=25`,
        reviewerToken,
      ],
    ];
    // BENCH_ONLY=search runs the cases whose label holds 'search'.
    const only = process.env.BENCH_ONLY;
    for (const [label, path, as = token] of cases.filter(([label]) => !only || label.includes(only))) {
      const res = await fetch(`${portal.base}${path}`, { headers: { authorization: `Bearer ${as}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      const page = (await res.json()) as { total?: number };
      const l = await load(`${portal.base}${path}`, as, CONNECTIONS, SECONDS);
      const verdict = l.p97_5 <= TARGET_MS ? 'met' : l.p90 <= TARGET_MS ? 'p90 met, p97.5 over' : 'NOT met';
      const line =
        `${label} (${page.total === undefined ? 'stats' : `${page.total} matching`}), ${COUNT} records, ` +
        `${CONNECTIONS} connections: ${describeLoad(l)} — p95 ≤ ${TARGET_MS} ms ${verdict}`;
      results.push(line);
      console.log(line);
    }
  } finally {
    await portal.stop();
  }
} finally {
  cluster.stop();
}
console.log('\nSummary\n' + results.join('\n'));
