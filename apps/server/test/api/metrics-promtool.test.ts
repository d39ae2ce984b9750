import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPortal, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, uploadFile } from '../helpers/uploads.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import { startMetricsExposition, type MetricsExposition } from '../../src/platform/metrics-exposition.ts';

/**
 * The metrics a Prometheus scrape gets (issue #37 item 2), checked by Debian's promtool (2.42)
 * as CI runs it: the exposition's lint, the alert rules and their unit tests; and what the labels
 * carry (route templates, never a URL's ids or a person's data).
 */
const monitoring = path.resolve(import.meta.dirname, '../../../../deploy/monitoring');

function promtool(args: string[], input?: string): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { input, encoding: 'utf8', cwd: monitoring });
  if (run.error && (run.error as NodeJS.ErrnoException).code === 'ENOENT')
    throw new Error(
      'promtool is missing: install the Debian package `prometheus` (.ci/run does when it is absent)',
    );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

let portal: TestPortal;
let exposition: MetricsExposition;
let scrape = '';
const recordId = crypto.randomUUID();
let adminEmail = '';

beforeAll(async () => {
  portal = await createTestPortal();
  const { token, email } = await createTenantWithAdmin(portal);
  adminEmail = email;
  // A route with an id in its path, an upload of three rows, and a refused one.
  await portal.api.get(`/api/v1/records/${recordId}`, { token });
  const csv = csvOf([1, 2, 3].map((i) => ({ name: `Person Number${i}`, nin: String(10_000_000_000 + i) })));
  expect((await uploadFile(portal, token, 'list.csv', csv)).statusCode).toBe(200);
  expect((await uploadFile(portal, token, 'empty.csv', 'nothing,here\n')).statusCode).toBe(422);
  await portal.app.inject({ method: 'GET', url: '/livez' });
  exposition = await startMetricsExposition({
    port: 0,
    host: '127.0.0.1',
    socketDir: tempDir('portal-metrics-'),
  });
  const { port } = exposition.address()!;
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  scrape = await res.text();
});
afterAll(async () => {
  await exposition?.close();
  await portal?.close();
});

describe('a scrape of the metrics port', () => {
  it('passes promtool check metrics (its lint included)', () => {
    const { status, output } = promtool(['check', 'metrics'], scrape);
    expect(output).toBe('');
    expect(status).toBe(0);
  });

  it('labels requests with the route template, never the URL or a person', () => {
    expect(scrape).toMatch(
      /portal_http_request_duration_seconds_count\{route="\/api\/v1\/records\/:id",method="GET",status_code="404",role="all"\} 1/,
    );
    expect(scrape).toMatch(
      /portal_http_request_duration_seconds_count\{route="\/livez",method="GET",status_code="200"/,
    );
    expect(scrape).not.toContain(recordId);
    expect(scrape).not.toContain(adminEmail);
    expect(scrape).not.toMatch(/@/);
  });

  it('counts uploads by outcome with their rows, and reads the pool, the queues and readiness', () => {
    expect(scrape).toMatch(/portal_upload_rows_total\{outcome="accepted",role="all"\} 3/);
    expect(scrape).toMatch(/portal_upload_duration_seconds_count\{outcome="rejected",role="all"\} 1/);
    expect(scrape).toMatch(/portal_db_pool_connections\{state="in_use",role="all"\} [01]/);
    expect(scrape).toMatch(/portal_db_pool_waiting\{role="all"\} \d+/);
    expect(scrape).toMatch(/portal_job_queue_depth\{queue="records.bulk-verify",role="all"\} \d+/);
    expect(scrape).toMatch(/portal_ready\{role="all"\} 1/);
    expect(scrape).toMatch(/nodejs_eventloop_lag_p99_seconds\{role="all"\}/);
    expect(scrape).toMatch(/nodejs_gc_duration_seconds_bucket/);
  });

  it('names every metric the dashboard and the alert rules read', () => {
    const exposed = new Set([...scrape.matchAll(/^# TYPE (\S+)/gm)].map((m) => m[1]!));
    for (const file of ['grafana-dashboard.json', 'alerts.yml']) {
      const text = fs.readFileSync(path.join(monitoring, file), 'utf8');
      const read = new Set(
        [...text.matchAll(/\b((?:portal|nodejs|process)_[a-z0-9_]+)/g)].map((m) =>
          m[1]!.replace(/_(bucket|count|sum)$/, ''),
        ),
      );
      expect(read.size).toBeGreaterThan(3);
      for (const name of read) expect(exposed.has(name), `${file} reads ${name}`).toBe(true);
    }
  });
});

describe('the alert rules', () => {
  it('pass promtool check rules', () => {
    const { status, output } = promtool(['check', 'rules', 'alerts.yml']);
    expect(output).toContain('SUCCESS: 5 rules found');
    expect(status).toBe(0);
  });

  it('fire as their unit tests say (promtool test rules alerts.test.yml)', () => {
    const { status, output } = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('the dashboard is JSON that Grafana imports, each of its queries valid PromQL', () => {
    const dashboard = JSON.parse(
      fs.readFileSync(path.join(monitoring, 'grafana-dashboard.json'), 'utf8'),
    ) as { uid: string; panels: { type: string; targets?: { expr: string }[] }[] };
    expect(dashboard.uid).toBe('verification-portal');
    const queries = dashboard.panels.flatMap((p) => p.targets ?? []);
    expect(queries.length).toBeGreaterThanOrEqual(20);
    // promtool 2.42 parses PromQL in rule files only: each query as a recording rule.
    const rules = [
      'groups:',
      '  - name: dashboard',
      '    rules:',
      ...queries.flatMap(({ expr }, i) => [
        `      - record: dashboard:query_${i}`,
        `        expr: ${JSON.stringify(expr.replaceAll('$instance', '.*'))}`,
      ]),
    ].join('\n');
    const file = path.join(tempDir('portal-dashboard-rules-'), 'dashboard.yml');
    fs.writeFileSync(file, `${rules}\n`);
    const { status, output } = promtool(['check', 'rules', file]);
    expect(output).toContain(`SUCCESS: ${queries.length} rules found`);
    expect(status).toBe(0);
  });
});
