import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { ExportJob } from '@portal/contract/exports';
import { deriveKeys, secretBox } from '../../src/platform/secrets.ts';
import { openPglite } from '../../src/platform/db-pglite.ts';
import { exportNow } from '../helpers/exports.ts';
import { buildTenantInput } from '../helpers/factories.ts';
import { runBackupCli, tableChecksums, type TableSum } from '../helpers/table-checksums.ts';
import { tempDir } from '../helpers/temp-dirs.ts';
import {
  createTestPortal,
  DEMO_ADMIN,
  freshPostgresDatabase,
  waitFor,
  type TestPortal,
} from '../helpers/test-portal.ts';

/**
 * The restore drill (issue #37 item 4), on PGlite in the server project and on PostgreSQL in
 * server-postgres: data of every kind made through the API, `npm run backup`, a fresh database,
 * `npm run restore`, every table's checksum equal, sealed secrets readable with the same
 * PORTAL_SECRET only, and the restored portal answering as the original did.
 */
const SECRET = 'backup-drill-portal-secret-0123456789abcdef';
const ENV = { PORTAL_SECRET: SECRET, DEMO_SEED_RECORDS: 'true', DEMO_IDENTITY_SIMULATOR: 'true' };
const opened: TestPortal[] = [];
afterAll(async () => {
  for (const p of opened) await p.close().catch(() => undefined);
});
async function open(...args: Parameters<typeof createTestPortal>): Promise<TestPortal> {
  const portal = await createTestPortal(...args);
  opened.push(portal);
  return portal;
}

type Where = { dataDir: string; databaseUrl: string | undefined };
const backupFile = (dir: string, onPostgres: boolean) =>
  path.join(dir, onPostgres ? 'portal.pgdump' : 'portal.tar.gz');

/** A fresh, empty storage of the same kind as `like`. */
async function freshStorage(like: Where): Promise<Where> {
  return {
    dataDir: tempDir('portal-restored-'),
    databaseUrl: like.databaseUrl ? await freshPostgresDatabase({ empty: true }) : undefined,
  };
}

const withoutRunState = (summary: unknown) => {
  const {
    status: _status,
    progress: _progress,
    evaluatedAt: _at,
    ...figures
  } = summary as Record<string, unknown>;
  return figures;
};

/** The answers a user of each kind would see, to compare before and after the restore. */
async function answers(portal: TestPortal, before: Date) {
  const admin = await portal.login('tenant.admin@demo.local');
  const global = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const get = async (url: string, token: string) => {
    const res = await portal.api.get(url, { token });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as unknown;
  };
  const exports = (await get('/api/v1/records/export-logs', admin)) as ExportJob[];
  const download = await portal.api.get(`/api/v1/records/export-logs/${exports[0]!.id}/download`, {
    token: admin,
  });
  // The trail up to the backup (each sign-in after it adds its own line).
  const audit = (await get('/api/v1/audit-events?pageSize=100', admin)) as { items: { createdAt: string }[] };
  return {
    stats: await get('/api/v1/tenant-admin/dashboard/stats', admin),
    records: await get('/api/v1/records?page=1&pageSize=50', admin),
    pending: await get('/api/v1/records/queue/pending-approval', admin),
    exports,
    exportBytes: download.rawPayload.toString('base64'),
    audit: audit.items.filter((e) => new Date(e.createdAt) < before),
    tenants: ((await get('/api/v1/global-admin/tenants', global)) as { id: string; name: string }[]).map(
      (t) => ({ id: t.id, name: t.name }),
    ),
    // The rules' figures; not whether a run is under way (a re-run may start at any moment, and a
    // portal restored from a copy taken mid-run finishes it).
    integrity: withoutRunState(await get('/api/v1/integrity/summary', admin)),
  };
}

/** The rows of `text` in a stopped portal's database (on PostgreSQL as the owner). */
async function queryStopped(where: Where, text: string): Promise<Record<string, unknown>[]> {
  if (where.databaseUrl) {
    const client = new pg.Client({ connectionString: where.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as Record<string, unknown>[];
    } finally {
      await client.end();
    }
  }
  const db = await openPglite(where.dataDir);
  try {
    return (await db.executor.executeSql(text)).rows as Record<string, unknown>[];
  } finally {
    await db.close();
  }
}

const figures = (sums: Record<string, TableSum>) => ({
  tables: Object.keys(sums).length,
  rows: Object.values(sums).reduce((n, s) => n + s.rows, 0),
});

describe('backup and restore drill', () => {
  it('restores every table byte for byte, sealed secrets with the same PORTAL_SECRET, and the same answers', async () => {
    const source = await open({ env: ENV });
    const where: Where = { dataDir: source.dataDir, databaseUrl: source.databaseUrl };
    const onPostgres = Boolean(where.databaseUrl);

    // Data of every kind: the demo seed's tenant, 2,000 records through the upload path, their
    // verification and integrity flags; a tenant with sealed provider secrets; decisions; an export.
    const global = await source.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const input = buildTenantInput();
    const created = await source.api.post('/api/v1/global-admin/tenants', { token: global, body: input });
    expect(created.statusCode, created.body).toBe(201);
    const tenantId = (created.json() as { id: string }).id;
    const admin = await source.login('tenant.admin@demo.local');
    const queue = (
      await source.api.get('/api/v1/records/queue/pending-approval', { token: admin })
    ).json() as { items: { id: string }[] };
    expect(queue.items.length).toBeGreaterThan(3);
    for (const [i, rec] of queue.items.slice(0, 3).entries()) {
      const res = await source.api.post(`/api/v1/records/${rec.id}/validate`, {
        token: admin,
        body:
          i < 2
            ? { decision: 'APPROVE', comments: '' }
            : { decision: 'REJECT', comments: 'Not on our staff', reasonCode: 'NOT_ON_NOMINAL_ROLL' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await exportNow(source, admin)).toMatchObject({ status: 'COMPLETED', recordCount: 2 });
    // The integrity rules re-run after the decisions: their answer is compared once settled.
    await waitFor(async () => {
      const res = await source.api.get('/api/v1/integrity/summary', { token: admin });
      return (res.json() as { status: string }).status === 'CURRENT' ? true : undefined;
    }, 120_000);
    const before = new Date();
    const expected = await answers(source, before);
    await source.close();

    const sums = await tableChecksums(where);
    const dir = tempDir('portal-backup-');
    const file = backupFile(dir, onPostgres);
    const backup = await runBackupCli(['backup', '--out', file], where);
    expect(backup.output).toContain(`Backed up`);
    const target = await freshStorage(where);
    const restore = await runBackupCli(['restore', file], target);
    expect(restore.output).toContain('Restored');
    const restored = await tableChecksums(target);

    const mismatched = Object.keys(sums).filter((t) => restored[t]?.md5 !== sums[t]!.md5);
    expect(mismatched).toEqual([]);
    expect(restored).toEqual(sums);
    for (const t of ['public.tenants', 'public.records', 'public.audit_events', 'public.export_jobs'])
      expect(sums[t]?.rows, t).toBeGreaterThan(0);
    const { tables, rows } = figures(sums);
    console.log(
      `restore drill (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${tables} tables, ${rows} rows, ` +
        `${fs.statSync(file).size} bytes; backup ${backup.seconds.toFixed(1)} s, restore ${restore.seconds.toFixed(1)} s; ` +
        `checksums matched ${tables - mismatched.length}/${tables}`,
    );

    // Sealed secrets: the same PORTAL_SECRET opens them; another one cannot (AES-GCM refuses).
    const [row] = (await queryStopped(
      target,
      `select identity_source_config as c from tenants where id = '${tenantId}'`,
    )) as { c: Record<string, string> }[];
    const stored = row!.c;
    expect(stored.clientSecret).not.toContain(input.clientSecretEncrypted);
    expect(secretBox(deriveKeys(SECRET).atRest).open(stored.clientSecret!)).toBe(input.clientSecretEncrypted);
    expect(secretBox(deriveKeys(SECRET).atRest).open(stored.aesKey!)).toBe(input.aesKey);
    expect(() =>
      secretBox(deriveKeys('another-secret-of-the-same-length-0123456').atRest).open(stored.clientSecret!),
    ).toThrow();

    // The restored portal answers as the original did before its backup.
    const back = await open({ env: ENV, reuse: target });
    expect(await answers(back, before)).toEqual(expected);
  }, 600_000);

  it('a backup taken while writes go on restores to one moment: every write before it, none after, each whole', async () => {
    const portal = await open({ env: { PORTAL_SECRET: SECRET } });
    const where: Where = { dataDir: portal.dataDir, databaseUrl: portal.databaseUrl };
    const admin = await portal.login('tenant.admin@demo.local');
    // One writer adding reason codes W0001, W0002, … one after another: each code and its audit
    // line are one transaction, and a later code is only written once the one before is answered.
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const code = `W${String(acknowledged + 1).padStart(4, '0')}`;
        const res = await portal.api.post('/api/v1/tenant-admin/reason-codes', {
          token: admin,
          body: { code, label: `Drill ${code}`, needsNote: false },
        });
        expect(res.statusCode, res.body).toBe(201);
        acknowledged++;
      }
    })();
    await waitFor(async () => (acknowledged >= 5 ? true : undefined));
    const file = backupFile(tempDir('portal-backup-'), Boolean(where.databaseUrl));
    const atStart = acknowledged;
    const backup = await runBackupCli(['backup', '--out', file], where);
    const atEnd = acknowledged;
    await waitFor(async () => (acknowledged >= atEnd + 3 ? true : undefined));
    writing = false;
    await writer;
    // The embedded database's copy was taken by the running portal, which owns it.
    if (!where.databaseUrl) expect(backup.output).toContain('taken by the running portal');

    const target = await freshStorage(where);
    await runBackupCli(['restore', file], target);
    const codes = (
      await queryStopped(target, `select code from reason_codes where code like 'W%' order by code`)
    ).map((r) => r.code as string);
    const audited = (
      await queryStopped(
        target,
        `select entity_id from audit_events where action = 'REASON_CODE_ADDED' and entity_id like 'W%' order by entity_id`,
      )
    ).map((r) => r.entity_id as string);
    console.log(
      `backup under writes (${where.databaseUrl ? 'PostgreSQL' : 'PGlite'}): ${atStart} writes answered before it, ` +
        `${atEnd} when it ended (${backup.seconds.toFixed(1)} s), ${acknowledged} in all; the copy holds ${codes.length}`,
    );
    // A prefix: no write without every one before it; at least all answered before the backup
    // began, at most one beyond those answered when it ended (the write then in flight).
    expect(codes).toEqual(codes.map((_, i) => `W${String(i + 1).padStart(4, '0')}`));
    expect(codes.length).toBeGreaterThanOrEqual(atStart);
    expect(codes.length).toBeLessThanOrEqual(atEnd + 1);
    expect(codes.length).toBeLessThan(acknowledged);
    // Each write whole: its audit line with it, none without.
    expect(audited).toEqual(codes);

    const back = await open({ env: { PORTAL_SECRET: SECRET }, reuse: target });
    const listed = (
      await back.api.get('/api/v1/tenant-admin/reason-codes', {
        token: await back.login('tenant.admin@demo.local'),
      })
    ).json() as { items: { code: string }[] };
    expect(listed.items.map((c) => c.code).filter((c) => /^W\d{4}$/.test(c))).toEqual(codes);
  }, 600_000);
});
