import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MasterRecord } from '@portal/contract/records';
import { buildGhostRecord, recordsReply } from '../../../test/build-master-record.ts';
import { openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';

const PATH = '/api/v1/records/flagged/not-in-sot';
const ghost = (n: number) => buildGhostRecord(n, n === 0 ? { fullName: 'Okon Bassey' } : {});
const reply = (items: MasterRecord[], total: number) => recordsReply(items, { total, unfilteredTotal: 120 });

function open(replies: ApiReplies) {
  const replyStats = { 'GET /api/v1/tenant-admin/dashboard/stats': { status: 404 } };
  return openScreen('/dashboard/tenant-admin/not-found', { ...replyStats, ...replies }).user;
}

describe('records without biometrics: search', () => {
  it('narrows the flagged records; the chip reads matches / flagged', async () => {
    const user = open({
      [`GET ${PATH}?page=1&pageSize=10`]: reply(
        Array.from({ length: 10 }, (_, i) => ghost(i)),
        120,
      ),
      [`GET ${PATH}?page=1&pageSize=10&q=okon`]: reply([ghost(0)], 1),
    });
    await screen.findByRole('table', { name: 'Records not found in the Source of Truth' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'okon');
    expect(await screen.findByText('1 / 120 records')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Records not found in the Source of Truth' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Okon Bassey')).toBeTruthy();
  });

  it('a search without matches is not All Clear!', async () => {
    const user = open({
      [`GET ${PATH}?page=1&pageSize=10`]: reply([ghost(1)], 120),
      [`GET ${PATH}?page=1&pageSize=10&q=zz`]: reply([], 0),
    });
    await screen.findByRole('table', { name: 'Records not found in the Source of Truth' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'zz');
    expect(await screen.findByText('No flagged record matches the search.')).toBeTruthy();
    expect(screen.queryByText('All Clear!')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    expect(await screen.findByText('120 records')).toBeTruthy();
  });
});
