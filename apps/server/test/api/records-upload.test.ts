import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  maskIdentifier,
  type Facets,
  type MasterRecord,
  type RecordsPage,
  type UploadSummary,
} from '@portal/contract/records';
import { createTestPortal, DEMO_ADMIN, waitFor, type TestPortal } from '../helpers/test-portal.ts';
import { createTenantWithAdmin } from '../helpers/tenants.ts';
import { csvOf, sampleRows, uploadFile, type SampleRow } from '../helpers/uploads.ts';
import { tenantScope } from '../../src/access/actor.ts';
import type { Orm } from '../../src/platform/db.ts';
import { RecordsRepo } from '../../src/modules/records/records.repo.ts';
import { LARGE_CHANGE } from '../../src/modules/records/maintain.jobs.ts';
import { sweepStaleUploads } from '../../src/modules/records/records.routes.ts';
import { IngestSession, upsertBatch } from '../../src/modules/records/ingest.repo.ts';

let portal: TestPortal;
let admin: string;

beforeAll(async () => {
  portal = await createTestPortal();
  admin = (await createTenantWithAdmin(portal)).token;
});
afterAll(async () => {
  await portal?.close();
});

const records = async (token: string, query = '') =>
  (await portal.api.get(`/api/v1/records${query.replaceAll(' ', '%20')}`, { token })).json() as RecordsPage;

describe('CSV upload', () => {
  it('imports a UTF-8 file with BOM, quoted commas and a quoted newline, creating ministries and departments', async () => {
    const rows = [
      {
        name: 'Adébáyọ̀ Ògúnlẹ́yẹ',
        psn: 'PSN200001',
        nin: '20000000001',
        ministry: 'Ministry of Health',
        department: 'Nursing, Midwifery',
      },
      {
        name: 'Chukwuemeka "Emeka" Obi',
        psn: 'PSN200002',
        nin: '20000000002',
        ministry: 'Ministry of Works\nand Housing',
        department: 'Roads',
      },
      { name: 'Aisha Bello', nin: '20000000003', ministry: 'ministry of health', department: 'Pharmacy' },
    ];
    const res = await uploadFile(portal, admin, 'master list.csv', csvOf(rows, { bom: true }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      newRecordsCreated: 3,
      existingRecordsUpdated: 0,
      recordsRequiringReverificationIds: [],
      sharesRemovedIdentity: 0,
    });
    const page = await records(admin);
    expect(page.total).toBe(3);
    expect(page.unfilteredTotal).toBe(3);
    const names = page.items.map((r) => r.fullName);
    expect(names).toContain('Adébáyọ̀ Ògúnlẹ́yẹ');
    expect(names).toContain('Chukwuemeka "Emeka" Obi');
    // In full from the record's view: the list masks the NIN (issue #31).
    const aishaId = page.items.find((r) => r.fullName === 'Aisha Bello')!.id;
    const aisha = (
      await portal.api.get(`/api/v1/records/${aishaId}`, { token: admin })
    ).json() as MasterRecord;
    expect(aisha).toMatchObject({
      psn: null,
      nin: '20000000003',
      ministry: 'Ministry of Health',
      dateOfBirth: '1985-03-15',
      status: 'UPLOADED',
    });
    expect(JSON.parse(aisha.originalUploadData)).toMatchObject({ 'S/N': '3' });
    const facets = (await portal.api.get('/api/v1/records/facets', { token: admin })).json() as Facets;
    expect(facets.ministries.map((m) => m.name).sort()).toEqual([
      'Ministry of Health',
      'Ministry of Works and Housing',
    ]);
    expect(facets.departments.map((d) => d.name).sort()).toEqual(['Nursing, Midwifery', 'Pharmacy', 'Roads']);
  });

  it('re-uploading the same file changes nothing (0 new, 0 updated)', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const file = csvOf(sampleRows(20));
    expect((await uploadFile(portal, token, 'list.csv', file)).json()).toMatchObject({
      newRecordsCreated: 20,
    });
    const again = await uploadFile(portal, token, 'list.csv', file);
    expect(again.json()).toMatchObject({
      newRecordsCreated: 0,
      existingRecordsUpdated: 0,
      recordsRequiringReverificationIds: [],
      sharesRemovedIdentity: 0,
    });
    const history = (await portal.api.get('/api/v1/records/uploads', { token })).json() as {
      rowCount: number;
      newRecords: number;
    }[];
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ rowCount: 20, newRecords: 0 });
    expect(history[1]).toMatchObject({ rowCount: 20, newRecords: 20 });
  });

  it('rejects the whole file when one row is bad (422 with row, column, reason) and writes nothing', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const rows = sampleRows(10);
    rows[6] = { ...rows[6]!, nin: '12345', psn: '' };
    const res = await uploadFile(portal, token, 'bad.csv', csvOf(rows));
    expect(res.statusCode).toBe(422);
    const body = res.json() as {
      message: string;
      details: { errorCount: number; errors: { row: number; column: string; reason: string }[] };
    };
    expect(body.details.errorCount).toBe(1);
    expect(body.details.errors[0]).toMatchObject({ row: 8, column: 'NIN' });
    expect(body.details.errors[0]!.reason).not.toContain('12345');
    expect((await records(token)).total).toBe(0);
    expect((await portal.api.get('/api/v1/records/uploads', { token })).json()).toEqual([]);
    expect(((await portal.api.get('/api/v1/records/facets', { token })).json() as Facets).ministries).toEqual(
      [],
    );
  });

  // Rows are numbered from 2 (row 1 holds the headers); 4,500 rows are read in three batches.
  it.each([
    { where: 'in the same batch', rows: 5, first: 1, again: 3 },
    { where: 'in a later batch', rows: 4_500, first: 0, again: 4_400 },
  ])('reports the same key twice in one file as an error ($where)', async ({ rows: n, first, again }) => {
    const { token } = await createTenantWithAdmin(portal);
    const rows = sampleRows(n);
    rows[again] = { ...rows[again]!, psn: rows[first]!.psn };
    const res = await uploadFile(portal, token, 'dup.csv', csvOf(rows));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      details: {
        errorCount: 1,
        errors: [{ row: again + 2, column: 'PSN', reason: `The same PSN is already on row ${first + 2}` }],
      },
    });
    expect((await records(token)).total).toBe(0);
  });

  it('names the missing required columns (422)', async () => {
    const res = await uploadFile(portal, admin, 'cols.csv', 'Full Name,Grade Level\nAmina Bello,GL 07\n');
    expect(res.statusCode).toBe(422);
    expect((res.json() as { message: string }).message).toMatch(/Ministry/);
    expect((res.json() as { message: string }).message).toMatch(/Department/);
  });

  it('refuses an empty file (400), no file field (400) and a renamed executable (415)', async () => {
    expect((await uploadFile(portal, admin, 'empty.csv', '')).statusCode).toBe(400);
    const wrongField = await uploadFile(portal, admin, 'list.csv', csvOf(sampleRows(1)), {
      field: 'document',
    });
    expect(wrongField.statusCode).toBe(400);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096)]);
    const res = await uploadFile(portal, admin, 'payroll.csv', exe);
    expect(res.statusCode).toBe(415);
    expect(
      (await portal.api.post('/api/v1/records/upload', { token: admin, body: { file: 'x' } })).statusCode,
    ).toBe(400);
  });

  it('moves a validated record whose identity changed to AWAITING_REVALIDATION, with an audit event', async () => {
    const { token, tenant } = await createTenantWithAdmin(portal);
    const rows = sampleRows(3);
    await uploadFile(portal, token, 'v1.csv', csvOf(rows));
    await portal.db.orm.execute(sql`update records set status = 'VALIDATED' where tenant_id = ${tenant.id}`);
    const changed = rows.map((r, i) =>
      i === 1 ? { ...r, name: 'Renamed Person' } : i === 2 ? { ...r, grade: 'GL 15' } : r,
    );
    const res = await uploadFile(portal, token, 'v2.csv', csvOf(changed));
    const summary = res.json() as UploadSummary;
    expect(summary.existingRecordsUpdated).toBe(2);
    expect(summary.recordsRequiringReverificationIds).toHaveLength(1);
    const page = await records(token, `?ids=${summary.recordsRequiringReverificationIds[0]}`);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ fullName: 'Renamed Person', status: 'AWAITING_REVALIDATION' });
    // A grade change is not an identity change: no re-verification, but the grade goes back to review.
    const gradeOnly = (await records(token, '?grade=GL 15')).items[0]!;
    expect(gradeOnly.status).toBe('PENDING_GRADE_VALIDATION');
    expect(summary.recordsRequiringReverificationIds).not.toContain(gradeOnly.id);
    const audit = await portal.db.orm.execute<{
      action: string;
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }>(
      sql`select action, before, after from audit_events where entity_id = ${summary.recordsRequiringReverificationIds[0]}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      action: 'RECORD_REVERIFICATION_REQUIRED',
      before: { fullName: rows[1]!.name, status: 'VALIDATED' },
      after: { fullName: 'Renamed Person', status: 'AWAITING_REVALIDATION' },
    });
  });
});

describe('a checked record whose posting or grade an upload changes', () => {
  it('is compared again with the stored answer of the source of truth, and the move audited', async () => {
    const { token, tenant } = await createTenantWithAdmin(portal);
    const rows = sampleRows(4).map((r) => ({ ...r, grade: 'GL 08' }));
    await uploadFile(portal, token, 'v1.csv', csvOf(rows));
    const idOf = async (nin: string) =>
      (await records(token, `?pageSize=10`)).items.find((r) => r.nin === maskIdentifier(nin))!.id;
    const sot = (r: SampleRow, grade?: string) =>
      JSON.stringify({
        fullName: r.name,
        dateOfBirth: '1985-03-15',
        ...(grade ? { gradeLevel: grade } : {}),
      });
    const seed = async (r: SampleRow, status: string, sotData: string) =>
      portal.db.orm.execute(
        sql`update records set status = ${status}, sot_data = ${sotData}::jsonb, date_of_birth = '1985-03-15'
            where tenant_id = ${tenant.id} and nin = ${r.nin}`,
      );
    await seed(rows[0]!, 'VALIDATED', sot(rows[0]!, 'GL 08')); // grade raised past the SoT's
    await seed(rows[1]!, 'VALIDATED', sot(rows[1]!)); // the SoT says no grade
    await seed(rows[2]!, 'MISMATCHED', sot(rows[2]!, 'GL 10')); // the upload brings the SoT's grade
    await seed(rows[3]!, 'PENDING_GRADE_VALIDATION', sot(rows[3]!, 'GL 08')); // only the email changes
    const next = rows.map((r, i) =>
      i < 2
        ? { ...r, grade: 'GL 14' }
        : i === 2
          ? { ...r, grade: 'GL 10' }
          : { ...r, email: 'new@example.gov.ng' },
    );
    const res = await uploadFile(portal, token, 'v2.csv', csvOf(next));
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as UploadSummary).recordsRequiringReverificationIds).toEqual([]);
    const status = async (r: SampleRow) =>
      (await records(token, '?pageSize=10')).items.find((x) => x.nin === maskIdentifier(r.nin))!.status;
    expect(await status(rows[0]!)).toBe('MISMATCHED');
    expect(await status(rows[1]!)).toBe('PENDING_GRADE_VALIDATION');
    expect(await status(rows[2]!)).toBe('PENDING_GRADE_VALIDATION');
    expect(await status(rows[3]!)).toBe('PENDING_GRADE_VALIDATION');
    const audit = await portal.db.orm.execute<{ entity_id: string; before: unknown; after: unknown }>(
      sql`select entity_id, before, after from audit_events
          where tenant_id = ${tenant.id} and action = 'RECORD_RECOMPARED_AFTER_UPLOAD' order by created_at`,
    );
    expect(audit.rows.map((a) => [a.entity_id, a.before, a.after])).toEqual(
      expect.arrayContaining([
        [await idOf(rows[0]!.nin), { status: 'VALIDATED' }, { status: 'MISMATCHED' }],
        [await idOf(rows[1]!.nin), { status: 'VALIDATED' }, { status: 'PENDING_GRADE_VALIDATION' }],
        [await idOf(rows[2]!.nin), { status: 'MISMATCHED' }, { status: 'PENDING_GRADE_VALIDATION' }],
      ]),
    );
    expect(audit.rows).toHaveLength(3);
  });
});

describe('upload files', () => {
  const aged = (file: string, hours: number) => {
    fs.writeFileSync(file, 'Full Name,NIN\n');
    const at = (Date.now() - hours * 3_600_000) / 1000;
    fs.utimesSync(file, at, at);
  };

  it('removes the upload files older than a day that a stopped process left, and nothing else', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sweep-'));
    aged(path.join(dir, 'portal-upload-a.csv'), 25);
    aged(path.join(dir, 'portal-upload-b.xlsx'), 1);
    aged(path.join(dir, 'notes.csv'), 48);
    expect(sweepStaleUploads(Date.now(), dir)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['notes.csv', 'portal-upload-b.xlsx']);
    fs.rmSync(dir, { recursive: true });
  });

  it('sweeps them when the portal starts', async () => {
    const left = path.join(os.tmpdir(), `portal-upload-${crypto.randomUUID()}.csv`);
    aged(left, 30);
    const other = await createTestPortal();
    try {
      expect((await other.api.get('/readyz')).statusCode).toBe(200);
      expect(fs.existsSync(left)).toBe(false);
    } finally {
      await other.close();
    }
  });
});

describe('spreadsheets from a real office program', () => {
  const fixture = (name: string) =>
    fs.readFileSync(path.resolve(import.meta.dirname, '../fixtures/uploads', name));

  it.each(['staff-list.xlsx', 'staff-list.xls'])('imports %s saved by LibreOffice', async (name) => {
    const { token } = await createTenantWithAdmin(portal);
    const res = await uploadFile(portal, token, name, fixture(name));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ newRecordsCreated: 3, existingRecordsUpdated: 0 });
    const page = await records(token);
    expect(page.items.map((r) => r.fullName).sort()).toEqual([
      'Adébáyọ̀ Ògúnlẹ́yẹ',
      'Aisha Bello',
      'Chinedu Emeka Okafor',
    ]);
    expect(page.items.find((r) => r.fullName === 'Aisha Bello')).toMatchObject({
      dateOfBirth: '1990-07-22',
      gradeLevel: 'GL 07',
    });
  });

  it.each(['xlsx', 'xls'])(
    'imports the staff sheet of a .%s with instructions, hidden and summary sheets; refuses two staff sheets',
    async (ext) => {
      const { token } = await createTenantWithAdmin(portal);
      const one = await uploadFile(
        portal,
        token,
        `roll.${ext}`,
        fixture(`workbook-with-instructions.${ext}`),
      );
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json()).toMatchObject({ newRecordsCreated: 3, existingRecordsUpdated: 0 });
      expect((await records(token)).items.map((r) => r.fullName)).toEqual([
        'Amaka Obi',
        'Bello Musa',
        'Chidi Eze',
      ]);
      const two = await uploadFile(portal, token, `two.${ext}`, fixture(`staff-on-two-sheets.${ext}`));
      expect(two.statusCode).toBe(422);
      expect(two.json().message).toMatch(
        /^The workbook has a staff list on more than one sheet \("Health" and "Education"\)/,
      );
      expect((await records(token)).total).toBe(3);
    },
  );

  it('refuses a CSV renamed to .xlsx (415)', async () => {
    const res = await uploadFile(portal, admin, 'staff.xlsx', fixture('staff-list.csv'));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      message:
        'The file content does not match its .xlsx extension. It is a text (CSV) file: upload it named .csv.',
    });
  });
});

describe("a tenant's first upload into a table that holds other tenants' records", () => {
  /** The index (or the kind of scan) of each read of the records table in the plan under `node`. */
  const recordsReads = (node: Record<string, unknown>): string[] => [
    ...(node['Relation Name'] === 'records' && node['Node Type'] !== 'ModifyTable'
      ? [String(node['Index Name'] ?? node['Node Type'])]
      : []),
    ...((node.Plans as Record<string, unknown>[] | undefined) ?? []).flatMap(recordsReads),
  ];

  /** The plan of `query` as JSON. */
  const planOf = async (query: SQL, tx: Orm = portal.db.orm) =>
    (
      await tx.execute<{ 'QUERY PLAN': [{ Plan: Record<string, unknown> }] }>(
        sql`explain (format json) ${query}`,
      )
    ).rows[0]!['QUERY PLAN'][0].Plan;

  beforeAll(async () => {
    const other = await createTenantWithAdmin(portal);
    await uploadFile(portal, other.token, 'other.csv', csvOf(sampleRows(3_000, 700_000)));
    await portal.db.orm.execute(sql`analyze records`);
  });

  it('finds the rows of each batch by the key index, though the statistics say the tenant has no records', async () => {
    const fresh = await createTenantWithAdmin(portal);
    const plan = await portal.db.orm.transaction(async (tx) => {
      const notUsedHere = () => {
        throw new Error('not used here');
      };
      const session = new IngestSession(tx, tenantScope(fresh.tenant.id), notUsedHere, notUsedHere, false);
      await session.begin();
      await tx.execute(sql`
        insert into upload_batch (row_no, natural_key, key_column, full_name, ministry, department, original)
        values (1, 'PSN900001', 'PSN', 'Ada Obi', 'Ministry of Health', 'Administration', '{}')`);
      const actor = { userId: crypto.randomUUID(), email: fresh.email };
      return planOf(upsertBatch(fresh.tenant.id, actor, 'plan'), tx);
    });
    const reads = recordsReads(plan);
    expect(reads).toContain('records_tenant_key');
    // The update of changed records finds them by id; nothing else reads the records table but a
    // row without a PSN, which also looks for its NIN's records (issue #30), by their indexes too.
    expect(reads.filter((r) => r !== 'records_pkey').sort()).toEqual([
      'records_tenant_key',
      'records_tenant_key',
      'records_tenant_nin_idx',
    ]);
  });

  it('leaves statistics after 1,000 new records by which a record is found by its id or NIN index', async () => {
    const fresh = await createTenantWithAdmin(portal);
    const res = await uploadFile(portal, fresh.token, 'first.csv', csvOf(sampleRows(1_000, 800_000)));
    expect(res.json()).toMatchObject({ newRecordsCreated: 1_000 });
    const t = fresh.tenant.id;
    const byId = await planOf(
      sql`select * from records where tenant_id = ${t} and id = ${crypto.randomUUID()}`,
    );
    expect(recordsReads(byId)).toEqual(['records_pkey']);
    const byNin = await planOf(sql`select * from records where tenant_id = ${t} and nin = '80000000001'`);
    expect(recordsReads(byNin)).toEqual(['records_tenant_nin_idx']);
  });
});

describe('records browser', () => {
  it('finds the same page and total by sorting the matches, walking the name order or reading a pinned index', async () => {
    const t = await createTenantWithAdmin(portal);
    await uploadFile(portal, t.token, 'walk.csv', csvOf(sampleRows(120)));
    const repo = new RecordsRepo(portal.db.orm);
    const scope = { ...tenantScope(t.tenant.id), reviewerId: null };
    const ministry = (await repo.ministries(scope)).find((m) => m.name === 'Ministry of Health');
    const department = (await repo.departments(scope)).find((d) => d.name === 'Administration');
    const filters = [
      {},
      { grades: ['GL 01', 'GL 04'] },
      { statuses: ['UPLOADED'] },
      { ministryIds: [ministry!.id], grades: ['GL 04'] },
      { departmentIds: [department!.id], grades: ['GL 01'], statuses: ['UPLOADED'] },
    ];
    let pinned = 0;
    for (const filter of filters) {
      const matching = await repo.count(scope, filter);
      expect(matching).toBeGreaterThan(3); // page 2 is not empty
      for (const page of [1, 2, 5]) {
        const walked = (await repo.page(scope, filter, { page, pageSize: 3 })).map((r) => r.id);
        const sorted = await repo.page(scope, filter, { page, pageSize: 3 }, matching);
        expect(sorted.map((r) => r.id)).toEqual(walked);
        expect(await repo.smallPage(scope, filter, { page, pageSize: 3 })).toEqual({
          total: matching,
          ids: walked,
        });
        const fromIndex = await repo.pinnedPage(scope, filter, { page, pageSize: 3 });
        if (fromIndex) {
          pinned += 1;
          expect(fromIndex).toEqual({ total: matching, ids: walked });
        }
      }
    }
    expect(pinned).toBe(6); // the last two filters pin an index, on each of the three pages
  });

  it('vacuums the records table after an upload of 10,000 records or more', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const vacuumed = async () =>
      (
        await portal.db.orm.execute<{ n: number }>(
          sql`select coalesce(vacuum_count, 0) + coalesce(autovacuum_count, 0) as n from pg_stat_user_tables where relname = 'records'`,
        )
      ).rows[0]?.n ?? 0;
    const before = Number(await vacuumed());
    const res = await uploadFile(portal, token, 'large.csv', csvOf(sampleRows(LARGE_CHANGE)));
    expect(res.json()).toMatchObject({ newRecordsCreated: LARGE_CHANGE });
    await waitFor(async () => (Number(await vacuumed()) > before ? true : undefined), 60_000);
  });

  it('searches by any number of ids in a POST body, with the other filters, within the tenant only', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const other = await createTenantWithAdmin(portal);
    await uploadFile(portal, token, 'big.csv', csvOf(sampleRows(2_600)));
    const all = async (t: string, body: object) =>
      portal.api.post('/api/v1/records/search', { token: t, body: { pageSize: 500, ...body } });
    const ids: string[] = [];
    for (let page = 1; ids.length < 2_600; page += 1) {
      const res = (await records(token, `?pageSize=500&page=${page}`)).items;
      ids.push(...res.map((r) => r.id));
    }
    // 2,500 ids: more than a query string holds, and more than go in as parameters.
    const wanted = ids.slice(50, 2_550);
    const found = await all(token, { ids: wanted, page: 2 });
    expect(found.statusCode, found.body).toBe(200);
    const body = found.json() as RecordsPage;
    expect(body).toMatchObject({ total: 2_500, page: 2, pageSize: 500, unfilteredTotal: 2_600 });
    expect(body.items.every((r) => wanted.includes(r.id))).toBe(true);
    const health = (
      await all(token, { ids: wanted, ministry: ['Ministry of Health'] })
    ).json() as RecordsPage;
    expect(health.total).toBeGreaterThan(0);
    expect(health.total).toBeLessThan(2_500);
    expect(health.items.every((r) => r.ministry === 'Ministry of Health')).toBe(true);
    // Another tenant's admin finds none of them.
    expect(((await all(other.token, { ids: wanted })).json() as RecordsPage).total).toBe(0);
    const bad = await all(token, { ids: ['not-an-id'] });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by a ministry or department name that holds a comma; a bare comma separates names', async () => {
    const { token } = await createTenantWithAdmin(portal);
    const csv = [
      'Full Name,NIN,Ministry,Department',
      'Ade Works,11122233344,"Ministry of Works, Housing and Transport","Roads, Bridges"',
      'Bola Health,11122233355,Ministry of Health,Nursing',
      'Chi Finance,11122233366,Ministry of Finance,Treasury',
    ].join('\n');
    expect((await uploadFile(portal, token, 'works.csv', csv)).statusCode).toBe(200);
    const count = async (query: string) => (await records(token, `?${query}`)).total;
    expect(await count('ministry=Ministry of Works, Housing and Transport')).toBe(1);
    expect(await count('department=Roads, Bridges')).toBe(1);
    expect(await count('ministry=Ministry of Works, Housing and Transport,Ministry of Health')).toBe(2);
    expect(
      await count('ministry=Ministry of Works, Housing and Transport&ministry=Ministry of Finance'),
    ).toBe(2);
  });

  it('paginates and filters on the server by ministry (id or name), department, grade, status and ids', async () => {
    const { token } = await createTenantWithAdmin(portal);
    await uploadFile(portal, token, 'big.csv', csvOf(sampleRows(90)));
    const facets = (await portal.api.get('/api/v1/records/facets', { token })).json() as Facets;
    expect(facets.grades).toHaveLength(12);
    expect(facets.statuses).toContain('VALIDATED');
    const health = facets.ministries.find((m) => m.name === 'Ministry of Health')!;
    const page1 = await records(token, `?ministry=${health.id}&grade=GL 01&grade=GL 04&pageSize=10&page=1`);
    expect(page1.total).toBe(16);
    expect(page1.unfilteredTotal).toBe(90);
    expect(
      page1.items.every(
        (r) => r.ministry === 'Ministry of Health' && ['GL 01', 'GL 04'].includes(r.gradeLevel!),
      ),
    ).toBe(true);
    const byName = await records(token, `?ministry=ministry%20of%20health&grade=GL 01,GL 04`);
    expect(byName.total).toBe(16);
    const all = await records(token, '?pageSize=25&page=4');
    expect(all.items).toHaveLength(15);
    expect(all.total).toBe(90);
    const names = (await records(token, '?pageSize=100')).items.map((r) => r.fullName);
    expect(names).toEqual([...names].sort());
    expect((await records(token, '?status=VALIDATED')).total).toBe(0);
    const unknown = await portal.api.get('/api/v1/records?status=VALIDATED,BOGUS', { token });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Unknown status: use one of UPLOADED, /);
    expect((await records(token, '?ministry=No Such Ministry')).total).toBe(0);
    const ministries = (await portal.api.get('/api/v1/tenant-admin/ministries', { token })).json() as {
      name: string;
    }[];
    expect(ministries.map((m) => m.name)).toEqual([
      'Ministry of Education',
      'Ministry of Finance',
      'Ministry of Health',
    ]);
    expect(
      ((await portal.api.get('/api/v1/tenant-admin/departments', { token })).json() as unknown[]).length,
    ).toBe(3);
    expect((await portal.api.get('/api/v1/records?pageSize=100000', { token })).statusCode).toBe(400);
  });

  it('serves a CSV template with the recognised headers', async () => {
    const res = await portal.api.get('/api/v1/records/upload-template', { token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body).toContain('Full Name,Employee ID,PSN,NIN,SSID,Ministry,Department');
  });
});

describe('tenant isolation', () => {
  it("one tenant's records, facets and uploads are invisible to another tenant's admin", async () => {
    const a = await createTenantWithAdmin(portal);
    const b = await createTenantWithAdmin(portal);
    await uploadFile(portal, a.token, 'a.csv', csvOf(sampleRows(5)));
    const aRecords = await records(a.token);
    expect(aRecords.total).toBe(5);
    expect((await records(b.token)).total).toBe(0);
    expect((await records(b.token, `?ids=${aRecords.items[0]!.id}`)).total).toBe(0);
    expect((await portal.api.get('/api/v1/records/facets', { token: b.token })).json()).toMatchObject({
      ministries: [],
      departments: [],
      grades: [],
    });
    expect((await portal.api.get('/api/v1/records/uploads', { token: b.token })).json()).toEqual([]);
    expect((await portal.api.get('/api/v1/tenant-admin/ministries', { token: b.token })).json()).toEqual([]);
    const notify = await portal.api.post('/api/v1/records/notify', {
      token: b.token,
      body: { recordIds: [aRecords.items[0]!.id] },
    });
    // Another tenant's record is not found, as an id that names nothing.
    expect(notify.json()).toMatchObject({ queued: 0, withoutAddress: 0, notFound: 1 });
    expect(notify.json().message).toBe(
      'Re-verification notices queued for 0 records. 1 record was not found.',
    );
    // Same keys in two tenants are two different records.
    await uploadFile(portal, b.token, 'b.csv', csvOf(sampleRows(5)));
    expect((await records(b.token)).total).toBe(5);
    expect((await records(a.token)).total).toBe(5);
  });
});

describe("a record's tenant, ministry and department (checked per statement, migrations 0020-0021)", () => {
  const sqlState = (err: unknown) => {
    for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
      if (e.code) return e.code;
    return undefined;
  };
  const failure = async (run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (err) {
      return sqlState(err);
    }
    return 'no error';
  };

  it("refuses another tenant's ministry or department, on insert and on update, and writes nothing", async () => {
    const a = await createTenantWithAdmin(portal);
    const b = await createTenantWithAdmin(portal);
    await uploadFile(portal, a.token, 'a.csv', csvOf(sampleRows(3)));
    await uploadFile(portal, b.token, 'b.csv', csvOf(sampleRows(3, 500)));
    const scopeA = { ...tenantScope(a.tenant.id), reviewerId: null };
    const scopeB = { ...tenantScope(b.tenant.id), reviewerId: null };
    const repo = new RecordsRepo(portal.db.orm);
    const [ministryB] = await repo.ministries(scopeB);
    const [departmentB] = await repo.departments(scopeB);
    const [recordA] = (await repo.page(scopeA, {}, { page: 1, pageSize: 1 })).map((r) => r.id);
    const before = await repo.count(scopeA, {});

    expect(
      await failure(() =>
        portal.db.orm.execute(sql`
          insert into records (tenant_id, natural_key, full_name, ministry_id, department_id, original_upload_data)
          select ${a.tenant.id}, 'PSN-X', 'Cross Tenant', ${ministryB!.id}, department_id, '{}'::jsonb
          from records where id = ${recordA}`),
      ),
    ).toBe('23503');
    expect(
      await failure(() =>
        portal.db.orm.execute(
          sql`update records set department_id = ${departmentB!.id} where id = ${recordA}`,
        ),
      ),
    ).toBe('23503');
    expect(
      await failure(() =>
        portal.db.orm.execute(sql`update records set tenant_id = gen_random_uuid() where id = ${recordA}`),
      ),
    ).toBe('23503');
    expect(await repo.count(scopeA, {})).toBe(before);
    const [stillA] = await repo.rowsOf(scopeA, [recordA!]);
    expect(stillA!.department).not.toBe(departmentB!.name);
  });

  it('refuses to delete a ministry or department that records name; deleting the tenant removes them all', async () => {
    const { tenant, token } = await createTenantWithAdmin(portal);
    await uploadFile(portal, token, 'list.csv', csvOf(sampleRows(6)));
    const scope = { ...tenantScope(tenant.id), reviewerId: null };
    const repo = new RecordsRepo(portal.db.orm);
    const [ministry] = await repo.ministries(scope);
    const [department] = await repo.departments(scope);
    expect(
      await failure(() => portal.db.orm.execute(sql`delete from ministries where id = ${ministry!.id}`)),
    ).toBe('23503');
    expect(
      await failure(() => portal.db.orm.execute(sql`delete from departments where id = ${department!.id}`)),
    ).toBe('23503');
    const unused = await portal.db.orm.execute<{ id: string }>(
      sql`insert into ministries (tenant_id, name) values (${tenant.id}, 'Ministry Without Staff') returning id`,
    );
    expect(
      await failure(() =>
        portal.db.orm.execute(sql`delete from ministries where id = ${unused.rows[0]!.id}`),
      ),
    ).toBe('no error');

    const admin = await portal.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(
      (await portal.api.delete(`/api/v1/global-admin/tenants/${tenant.id}`, { token: admin })).statusCode,
    ).toBe(204);
    const left = await portal.db.orm.execute<{ n: number }>(sql`
      select (select count(*) from records where tenant_id = ${tenant.id})
        + (select count(*) from ministries where tenant_id = ${tenant.id})
        + (select count(*) from departments where tenant_id = ${tenant.id}) as n`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
