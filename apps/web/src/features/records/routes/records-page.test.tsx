import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { recordsFocusState } from '../../../lib/records-focus.ts';
import { buildMasterRecord, recordsReply } from '../../../test/build-master-record.ts';
import { openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';

const PATH = '/dashboard/tenant-admin/records';
const FACETS = {
  ministries: [{ id: 'm-health', name: 'Ministry of Health' }],
  departments: [{ id: 'd-nursing', name: 'Nursing Services' }],
  grades: ['GL 08', 'GL 09'],
  statuses: ['VALIDATED', 'PENDING_GRADE_VALIDATION'],
};

function open(replies: ApiReplies, state?: unknown) {
  const view = openScreen(PATH, { 'GET /api/v1/records/facets': { status: 200, body: FACETS }, ...replies });
  if (state) void view.router.navigate(PATH, { state });
  return view;
}

describe('master records', () => {
  it('shows the rows with avatar, status label and the filtered / total chip, and toasts the load', async () => {
    open({
      'GET /api/v1/records?page=1&pageSize=10': recordsReply(
        [
          buildMasterRecord(),
          buildMasterRecord({ id: 'r-2', fullName: 'Bola Ade', status: 'PENDING_GRADE_VALIDATION' }),
        ],
        { total: 90 },
      ),
    });
    const table = await screen.findByRole('table', { name: 'Master records' });
    expect(within(table).getByText('Ada Ngozi Obi')).toBeTruthy();
    expect(within(table).getByText('AO')).toBeTruthy();
    expect(within(table).getByText('Pending Grade Validation')).toBeTruthy();
    expect(screen.getByTestId('records-count').textContent).toBe('90 / 90 records');
    expect(await screen.findByText('Loaded 90 records successfully')).toBeTruthy();
  });

  it('sends the chosen filters to the server and clears them with a toast', async () => {
    const { user, fetchMock } = open({
      'GET /api/v1/records?page=1&pageSize=10': recordsReply([buildMasterRecord()], { total: 90 }),
      'GET /api/v1/records?page=1&pageSize=10&grade=GL+08': recordsReply([buildMasterRecord()], {
        total: 8,
        unfilteredTotal: 90,
      }),
    });
    await screen.findByRole('table', { name: 'Master records' });
    await user.click(screen.getByRole('combobox', { name: 'Grade' }));
    await user.click(await screen.findByRole('option', { name: 'GL 08' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('8 / 90 records'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('grade=GL+08'))).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    // One toast at a time: 'Filters cleared' shows once the filter's 'Loaded 8 records' has left.
    expect(await screen.findByText('Filters cleared', undefined, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('90 / 90 records'));
  });

  it('offers the upload tab when there are no records at all', async () => {
    const { user } = open({ 'GET /api/v1/records?page=1&pageSize=10': recordsReply([], { total: 0 }) });
    expect(await screen.findByRole('heading', { name: 'No Records Found' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload a Master List' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'File Upload' })).toBeTruthy();
  });

  it('says when loading failed, with an empty table', async () => {
    open({
      'GET /api/v1/records?page=1&pageSize=10': { status: 403, body: { message: 'no', code: 'FORBIDDEN' } },
    });
    expect(
      await screen.findByText('Failed to load records', { selector: '.notistack-MuiContent *' }),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Master records' })).toBeNull();
  });

  it('narrows the list to the ids handed over by View Records, until dismissed', async () => {
    const ids = ['7d1f0c1e-0000-4000-8000-000000000001', '7d1f0c1e-0000-4000-8000-000000000002'];
    const { user, fetchMock } = open(
      {
        'GET /api/v1/records?page=1&pageSize=10': recordsReply([buildMasterRecord()], { total: 90 }),
        'POST /api/v1/records/search': recordsReply([buildMasterRecord()], { total: 2, unfilteredTotal: 90 }),
      },
      recordsFocusState(ids),
    );
    expect(await screen.findByText('Showing 2 records that need re-verification')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('2 / 90 records'));
    const search = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v1/records/search');
    expect(JSON.parse(String(search?.[1]?.body))).toMatchObject({ ids, page: 1, pageSize: 10 });

    await user.click(screen.getByRole('button', { name: 'Show All Records' }));
    expect(screen.queryByText('Showing 2 records that need re-verification')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('records-count').textContent).toBe('90 / 90 records'));
  });
});
