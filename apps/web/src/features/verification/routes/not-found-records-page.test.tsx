import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildGhostRecord, recordsReply } from '../../../test/build-master-record.ts';
import { TENANT_ADMIN_ME_REPLY, buildDashboardStats, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';

const PATH = '/api/v1/records/flagged/not-in-sot';

const pageOf = (page: number, pageSize: number, total = 120) =>
  recordsReply(
    Array.from({ length: Math.min(pageSize, total - (page - 1) * pageSize) }, (_, i) => {
      const n = (page - 1) * pageSize + i + 1;
      return buildGhostRecord(n, { fullName: `Person Middle Number${n}` });
    }),
    { total, page, pageSize },
  );

function openList(replies: ApiReplies) {
  const stats = { status: 200, body: buildDashboardStats() };
  const view = openScreen('/dashboard/tenant-admin/not-found', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/tenant-admin/dashboard/stats': stats,
    ...replies,
  });
  return view.fetchMock;
}

describe('records without biometrics', () => {
  it('lists a server page with avatar letters, the count chip and the header figures', async () => {
    openList({
      [`GET ${PATH}?page=1&pageSize=10`]: pageOf(1, 10),
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Records Without BioMetrics' })).toBeTruthy();
    expect(screen.getByText('These records may require manual investigation')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Records not found in the Source of Truth' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('PNPerson Middle Number1');
    expect(rows[0]!.textContent).toContain('PSN1001');
    expect(screen.getByText('120 records')).toBeTruthy();
    // The master list size comes from the tenant figures, not from the list's own totals.
    expect(await screen.findByText('2,000')).toBeTruthy();
    expect(screen.getByText('6%')).toBeTruthy();
    expect(screen.getByText('1–10 of 120')).toBeTruthy();
  });

  it('asks the server for the next page and for other page sizes', async () => {
    const user = userEvent.setup();
    const fetchMock = openList({
      [`GET ${PATH}?page=1&pageSize=10`]: pageOf(1, 10),
      [`GET ${PATH}?page=2&pageSize=10`]: pageOf(2, 10),
      [`GET ${PATH}?page=1&pageSize=50`]: pageOf(1, 50),
    });
    await screen.findByText('1–10 of 120');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('11–20 of 120')).toBeTruthy();
    expect(screen.getByText('Person Middle Number11')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(await screen.findByText('1–50 of 120')).toBeTruthy();
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith(PATH));
    expect(asked).toContain(`${PATH}?page=1&pageSize=50`);
    expect(screen.getByRole('button', { name: 'Go to last page' })).toBeTruthy();
  });

  it('says All Clear! when nothing is flagged', async () => {
    openList({ [`GET ${PATH}?page=1&pageSize=10`]: pageOf(1, 10, 0) });
    expect(await screen.findByText('All Clear!')).toBeTruthy();
    expect(screen.getByText('No records were flagged as not found in the Source of Truth.')).toBeTruthy();
  });

  it('only logs a failed load and shows the list empty, without claiming All Clear!', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openList({
      [`GET ${PATH}?page=1&pageSize=10`]: { status: 403, body: { message: 'Access denied', code: 'X' } },
    });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    const table = await screen.findByRole('table', { name: 'Records not found in the Source of Truth' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(screen.queryByText('All Clear!')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
