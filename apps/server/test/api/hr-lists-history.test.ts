import { describe, expect, it } from 'vitest';
import { HR_LIST_MESSAGES, type HrListPath, type HrListUploadsPage } from '@portal/contract/hr-lists';
import { MAX_PAGE_SIZE } from '@portal/contract/records';
import { csv, hrListWorld, otherRoles } from '../helpers/hr-lists.ts';

/**
 * Each HR list's history of its uploads (issue #35): GET /hr-lists/{list}/uploads, the list's
 * accepted uploads newest first, a page at a time; a refused file leaves none. One tenant's
 * history is never another's.
 */
const world = hrListWorld('separations');
const historyUrl = (path: string, query = '') => `/api/v1/hr-lists/${path}/uploads${query}`;
const history = async (token: string, path: HrListPath, query = '') => {
  const res = await world.portal.api.get(historyUrl(path, query), { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as HrListUploadsPage;
};

const SEPARATIONS_HEAD = 'PSN,NIN,Full Name,Exit Date,Exit Reason';
/** A separations list of these rows (PSN, NIN, name, exit date, reason). */
const leavers = (token: string, fileName: string, ...rows: string[]) =>
  world.upload(token, fileName, csv([SEPARATIONS_HEAD, ...rows]));

describe('an HR list’s history', () => {
  it('after two uploads, lists both newest first with their figures; a refused file is not in it', async () => {
    const { a } = world;
    expect(await history(a.token, 'separations')).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    const first = await leavers(
      a.token,
      'leavers-jan.csv',
      'PSN1001,,Adaeze Okafor,2026-01-31,Retired',
      'PSN1002,,Bala Musa,2026-01-15,Died',
    );
    expect(first.json()).toEqual({ rows: 2, created: 2, updated: 0 });
    const second = await leavers(
      a.token,
      'leavers-feb.csv',
      'PSN1001,,Adaeze Okafor,2026-02-28,Retired',
      'PSN1003,,Chioma Eze,2026-02-01,Resigned',
      ',22345678901,Dauda Ali,2026-02-02,Dismissed',
    );
    expect(second.json()).toEqual({ rows: 3, created: 2, updated: 1 });
    const refused = await leavers(a.token, 'bad.csv', ',,No Key,2026-01-01,Retired');
    expect(refused.statusCode).toBe(422);

    const page = await history(a.token, 'separations');
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        fileName: 'leavers-feb.csv',
        rows: 3,
        created: 2,
        updated: 1,
        asOf: null,
        uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        uploadedByEmail: a.email,
      },
      expect.objectContaining({ fileName: 'leavers-jan.csv', rows: 2, created: 2, updated: 0, asOf: null }),
    ]);
    expect(page.items[0]!.uploadedAt > page.items[1]!.uploadedAt).toBe(true);
    // The lists' state shows the history's newest upload.
    expect((await world.stateOf(a.token, 'SEPARATIONS')).lastUpload).toEqual(page.items[0]);
    // The other lists' histories are their own.
    expect((await history(a.token, 'salary-table')).total).toBe(0);
  });

  it("keeps the nominal roll's 'as of' date and the salary table's uploads apart", async () => {
    const { a } = world;
    const roll = await world.uploadTo(
      'nominal-roll',
      a.token,
      'roll-health.csv',
      csv(['PSN,Full Name,Ministry', 'PSN1001,Adaeze Okafor,Ministry of Health']),
      { asOf: '2026-01-31' },
    );
    expect(roll.statusCode, roll.body).toBe(200);
    const table = await world.uploadTo(
      'salary-table',
      a.token,
      'scale.csv',
      csv([
        'Salary Structure,Grade Level,Step,Maximum Monthly Gross',
        'CONPSS,8,1,"100,000"',
        'CONPSS,8,2,"110,000"',
      ]),
    );
    expect(table.statusCode, table.body).toBe(200);
    expect((await history(a.token, 'nominal-roll')).items).toEqual([
      expect.objectContaining({
        fileName: 'roll-health.csv',
        rows: 1,
        created: 1,
        updated: 0,
        asOf: '2026-01-31',
      }),
    ]);
    expect((await history(a.token, 'salary-table')).items).toEqual([
      expect.objectContaining({ fileName: 'scale.csv', rows: 2, created: 2, updated: 0, asOf: null }),
    ]);
    expect((await history(a.token, 'separations')).total).toBe(2);
  });

  it('pages newest first: page and pageSize as the other paged lists, a page past the end empty', async () => {
    const { a } = world;
    const one = await history(a.token, 'separations', '?pageSize=1');
    expect(one).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(one.items.map((u) => u.fileName)).toEqual(['leavers-feb.csv']);
    const two = await history(a.token, 'separations', '?page=2&pageSize=1');
    expect(two).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(two.items.map((u) => u.fileName)).toEqual(['leavers-jan.csv']);
    expect(await history(a.token, 'separations', '?page=3&pageSize=1')).toEqual({
      items: [],
      total: 2,
      page: 3,
      pageSize: 1,
    });
    for (const query of ['?pageSize=0', `?pageSize=${MAX_PAGE_SIZE + 1}`, '?page=0', '?page=x']) {
      const res = await world.portal.api.get(historyUrl('separations', query), { token: a.token });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('names a list as its upload route does: any other name is 404 with the names it takes', async () => {
    for (const path of ['SEPARATIONS', 'nominal_roll', 'salary', 'records']) {
      const res = await world.portal.api.get(historyUrl(path), { token: world.a.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message, path).toBe(HR_LIST_MESSAGES.unknownList);
    }
  });
});

describe('an HR list’s history: tenants and roles', () => {
  it("another tenant's uploads never appear, in either direction", async () => {
    const { a, b } = world;
    expect((await history(b.token, 'separations')).total).toBe(0);
    const res = await leavers(b.token, 'tenant-b-leavers.csv', 'PSN1001,,Other,2026-01-01,Retired');
    expect(res.statusCode, res.body).toBe(200);
    const bHistory = await history(b.token, 'separations');
    expect(bHistory.items.map((u) => [u.fileName, u.uploadedByEmail])).toEqual([
      ['tenant-b-leavers.csv', b.email],
    ]);
    const aHistory = await history(a.token, 'separations');
    expect(aHistory.total).toBe(2);
    expect(aHistory.items.map((u) => u.fileName)).toEqual(['leavers-feb.csv', 'leavers-jan.csv']);
    expect((await history(b.token, 'nominal-roll')).items).toEqual([]);
  });

  it('403 for every other role, 401 signed out', async () => {
    const tokens = await otherRoles(world.portal, world.a, 'hist35');
    for (const [role, token] of tokens)
      for (const path of ['separations', 'nominal-roll', 'salary-table'])
        expect((await world.portal.api.get(historyUrl(path), { token })).statusCode, `${role} ${path}`).toBe(
          403,
        );
    expect((await world.portal.api.get(historyUrl('separations'))).statusCode).toBe(401);
  });
});
