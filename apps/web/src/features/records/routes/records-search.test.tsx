import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { MasterRecord } from '@portal/contract/records';
import { buildMasterRecord, recordsReply } from '../../../test/build-master-record.ts';
import { openScreen } from '../../../test/open-screen.ts';

const FACETS = { ministries: [], departments: [], grades: ['GL 08'], statuses: [] };
const PATH = '/dashboard/tenant-admin/records';
const record = (id: string, fullName: string) => buildMasterRecord({ id, fullName });
const reply = (items: MasterRecord[], total: number, page = 1) =>
  recordsReply(items, { total, unfilteredTotal: 90, page });
const many = Array.from({ length: 10 }, (_, i) => record(`r-${i}`, `Person ${i}`));

describe('master records: search by name, PSN or Work ID', () => {
  it('asks the server once typing pauses, from the first page; the chip counts the matches', async () => {
    const { fetchMock, user } = openScreen(PATH, {
      'GET /api/v1/records/facets': { status: 200, body: FACETS },
      'GET /api/v1/records?page=1&pageSize=10': reply(many, 90),
      'GET /api/v1/records?page=2&pageSize=10': reply(many, 90, 2),
      'GET /api/v1/records?page=1&pageSize=10&q=ada+ob': reply([record('r-ada', 'Ada Ngozi Obi')], 1),
    });
    await screen.findByRole('table', { name: 'Master records' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('11–20 of 90');

    const box = screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' });
    await user.type(box, ' ada ob ');
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('1 / 90 records'));
    const table = screen.getByRole('table', { name: 'Master records' });
    expect(within(table).getByText('Ada Ngozi Obi')).toBeTruthy();
    const searches = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('q='));
    // One request for the settled text, not one per key.
    expect(searches).toEqual(['/api/v1/records?page=1&pageSize=10&q=ada+ob']);

    // Clear Filters empties the box too.
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('90 / 90 records'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('says when nothing matches the search, and its Clear Filters brings the list back', async () => {
    const { user } = openScreen(PATH, {
      'GET /api/v1/records/facets': { status: 200, body: FACETS },
      'GET /api/v1/records?page=1&pageSize=10': reply(many, 90),
      'GET /api/v1/records?page=1&pageSize=10&q=zz': reply([], 0),
    });
    await screen.findByRole('table', { name: 'Master records' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'zz');
    expect(await screen.findByText('No record matches the search and filters.')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' }).at(-1)!);
    expect(await screen.findByRole('table', { name: 'Master records' })).toBeTruthy();
  });
});
