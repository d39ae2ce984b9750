import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HrListUpload } from '@portal/contract/hr-lists';
import { buildHrListUpload, buildRollUpload, hrListsReply } from '../../../test/build-hr-list.ts';
import { buildIntegritySummary } from '../../../test/build-integrity-summary.ts';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import { callsTo, type ApiReplies } from '../../../test/stub-fetch.ts';

/**
 * Each HR list's history of its uploads (issue #35) on the Integrity tab's Lists panel: a History
 * button on the card of a list that has uploads, a dialog with the uploads newest first (when in
 * the tenant's zone, file, rows, new and updated, the roll's 'as of' date, who), a page at a time.
 */

const LISTS = 'GET /api/v1/hr-lists';
const SEPARATIONS_PAGE = (page: number) => `GET /api/v1/hr-lists/separations/uploads?page=${page}&pageSize=5`;
const ROLL_PAGE = 'GET /api/v1/hr-lists/nominal-roll/uploads?page=1&pageSize=5';

/** Seven uploads of the separations list, newest first, a day apart from Nov 24 10:30 in Lagos. */
const SEPARATIONS_UPLOADS: HrListUpload[] = Array.from({ length: 7 }, (_, i) =>
  buildHrListUpload({
    id: `s-${i}`,
    fileName: `separations-${7 - i}.csv`,
    rows: 100 + i,
    created: 90 + i,
    updated: 10,
    uploadedAt: new Date(Date.UTC(2026, 10, 24 - i, 9, 30)).toISOString(),
    uploadedByEmail: i === 1 ? 'second.admin@demo.local' : 'tenant.admin@demo.local',
  }),
);
const page = (items: HrListUpload[], n: number, total = items.length) => ({
  status: 200,
  body: { items: items.slice((n - 1) * 5, n * 5), total, page: n, pageSize: 5 },
});
const ROLL = buildRollUpload({ id: 'r-1' });

function open(more: ApiReplies = {}) {
  const view = openScreen('/dashboard/tenant-admin/integrity', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/integrity/summary': { status: 200, body: buildIntegritySummary() },
    'GET /api/v1/integrity/flags?status=OPEN&page=1&pageSize=10': {
      status: 200,
      body: { items: [], total: 0, page: 1, pageSize: 10 },
    },
    [LISTS]: hrListsReply({ SEPARATIONS: SEPARATIONS_UPLOADS[0], NOMINAL_ROLL: ROLL }),
    [SEPARATIONS_PAGE(1)]: page(SEPARATIONS_UPLOADS, 1),
    [SEPARATIONS_PAGE(2)]: page(SEPARATIONS_UPLOADS, 2),
    [ROLL_PAGE]: page([ROLL], 1),
    ...more,
  });
  return { ...view, user: userEvent.setup() };
}

const card = async (title: string) =>
  within(await screen.findByRole('list', { name: 'HR lists' }))
    .getByRole('heading', { level: 4, name: title })
    .closest('li')!;

async function openHistory(user: ReturnType<typeof userEvent.setup>, listTitle: string, name: string) {
  await user.click(within(await card(listTitle)).getByRole('button', { name }));
  return screen.findByRole('dialog', { name });
}

/** The table's rows as their cells' texts (the header row first). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));

describe("an HR list's history (issue #35)", () => {
  it('is offered on the card of each list that has uploads, not on one never uploaded', async () => {
    open();
    expect(
      within(await card('Separations')).getByRole('button', { name: 'Uploads of the separations list' })
        .textContent,
    ).toBe('History');
    expect(
      within(await card('Nominal roll')).getByRole('button', { name: 'Uploads of the nominal roll' }),
    ).toBeTruthy();
    expect(within(await card('Salary table')).queryByRole('button', { name: /Uploads of/ })).toBeNull();
  });

  it('lists the uploads newest first in the tenant’s zone, five at a time, and pages to the older ones', async () => {
    const { user, fetchMock } = open();
    const dialog = await openHistory(user, 'Separations', 'Uploads of the separations list');
    expect(dialog.textContent).toContain('Every accepted upload, newest first.');
    const table = await within(dialog).findByRole('table', { name: 'Uploads' });
    const rows = rowsOf(table);
    // No 'As of' column: that is the nominal roll's.
    expect(rows[0]).toEqual(['Uploaded', 'File', 'Rows', 'New', 'Updated', 'By']);
    expect(rows.slice(1, 3)).toEqual([
      [
        'Nov 24, 2026, 10:30 AM',
        'separations-7.csv100 rows: 90 new, 10 updated · By tenant.admin@demo.local',
        '100',
        '90',
        '10',
        'tenant.admin@demo.local',
      ],
      [
        'Nov 23, 2026, 10:30 AM',
        'separations-6.csv101 rows: 91 new, 10 updated · By second.admin@demo.local',
        '101',
        '91',
        '10',
        'second.admin@demo.local',
      ],
    ]);
    expect(rows).toHaveLength(6);
    expect(within(dialog).getByText('1–5 of 7')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() =>
      expect(rowsOf(within(dialog).getByRole('table', { name: 'Uploads' })).map((r) => r[0])).toEqual([
        'Uploaded',
        'Nov 19, 2026, 10:30 AM',
        'Nov 18, 2026, 10:30 AM',
      ]),
    );
    expect(within(dialog).getByText('6–7 of 7')).toBeTruthy();
    expect(callsTo(fetchMock, SEPARATIONS_PAGE(2))).toBe(1);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the nominal roll's 'as of' date, and no paging for one page", async () => {
    const { user } = open();
    const dialog = await openHistory(user, 'Nominal roll', 'Uploads of the nominal roll');
    const rows = rowsOf(await within(dialog).findByRole('table', { name: 'Uploads' }));
    expect(rows).toEqual([
      ['Uploaded', 'File', 'Rows', 'New', 'Updated', 'As of', 'By'],
      [
        'Nov 20, 2026, 3:05 PM',
        'nominal-roll-health.xlsx2,500 rows: 2,500 new, 0 updated · As of Oct 31, 2026 · By tenant.admin@demo.local',
        '2,500',
        '2,500',
        '0',
        'Oct 31, 2026',
        'tenant.admin@demo.local',
      ],
    ]);
    expect(within(dialog).queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('says when the uploads cannot be loaded and loads them again on Retry; an empty history says so', async () => {
    const { user } = open({
      [SEPARATIONS_PAGE(1)]: [
        { status: 403, body: { message: 'Forbidden', code: 'FORBIDDEN' } },
        page([], 1),
      ],
    });
    const dialog = await openHistory(user, 'Separations', 'Uploads of the separations list');
    expect(await within(dialog).findByText('Could not load the uploads.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('Nothing uploaded yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('table')).toBeNull();
  });
});
