import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MasterRecord } from '@portal/contract/records';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';

const PATH = '/api/v1/records/flagged/not-in-sot';
const ghost = (n: number): MasterRecord => ({
  id: `g-${n}`,
  fullName: n === 0 ? 'Okon Bassey' : `Person ${n}`,
  employeeId: null,
  ssid: null,
  nin: null,
  psn: `PSN${1000 + n}`,
  ministry: 'Ministry of Finance',
  ministryId: null,
  department: 'Treasury',
  departmentId: null,
  gradeLevel: 'GL 10',
  salaryGradeId: null,
  salaryStructure: null,
  dateOfBirth: null,
  email: null,
  phone: null,
  status: 'NOT_FOUND',
  originalUploadData: '{}',
  sotData: null,
  lastError: null,
  lastVerifiedAt: null,
  validatedAt: null,
  version: 1,
});
const reply = (items: MasterRecord[], total: number) => ({
  status: 200,
  body: { items, total, page: 1, pageSize: 10, unfilteredTotal: 120 },
});

function open(routes: Parameters<typeof stubApi>[0]) {
  stubApi({ 'GET /api/v1/tenant-admin/dashboard/stats': { status: 404 }, ...routes });
  storeToken(buildToken());
  renderApp('/dashboard/tenant-admin/not-found');
  return userEvent.setup();
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
