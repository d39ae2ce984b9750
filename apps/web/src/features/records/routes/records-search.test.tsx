import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MasterRecord } from '@portal/contract/records';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';

const FACETS = { ministries: [], departments: [], grades: ['GL 08'], statuses: [] };
const record = (id: string, fullName: string): MasterRecord => ({
  id,
  fullName,
  employeeId: null,
  ssid: null,
  nin: null,
  psn: null,
  ministry: 'Ministry of Health',
  ministryId: null,
  department: 'Nursing Services',
  departmentId: null,
  gradeLevel: 'GL 08',
  salaryGradeId: null,
  salaryStructure: null,
  dateOfBirth: null,
  email: null,
  phone: null,
  status: 'VALIDATED',
  originalUploadData: '{}',
  sotData: null,
  lastError: null,
  lastVerifiedAt: null,
  validatedAt: null,
  version: 1,
});
const reply = (items: MasterRecord[], total: number, page = 1) => ({
  status: 200,
  body: { items, total, page, pageSize: 10, unfilteredTotal: 90 },
});
const many = Array.from({ length: 10 }, (_, i) => record(`r-${i}`, `Person ${i}`));

describe('master records: search by name, PSN or Work ID', () => {
  it('asks the server once typing pauses, from the first page; the chip counts the matches', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/records/facets': { status: 200, body: FACETS },
      'GET /api/v1/records?page=1&pageSize=10': reply(many, 90),
      'GET /api/v1/records?page=2&pageSize=10': reply(many, 90, 2),
      'GET /api/v1/records?page=1&pageSize=10&q=ada+ob': reply([record('r-ada', 'Ada Ngozi Obi')], 1),
    });
    storeToken(buildToken());
    renderApp('/dashboard/tenant-admin/records');
    const user = userEvent.setup();
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
    stubApi({
      'GET /api/v1/records/facets': { status: 200, body: FACETS },
      'GET /api/v1/records?page=1&pageSize=10': reply(many, 90),
      'GET /api/v1/records?page=1&pageSize=10&q=zz': reply([], 0),
    });
    storeToken(buildToken());
    renderApp('/dashboard/tenant-admin/records');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Master records' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'zz');
    expect(await screen.findByText('No record matches the search and filters.')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear Filters' }).at(-1)!);
    expect(await screen.findByRole('table', { name: 'Master records' })).toBeTruthy();
  });
});
