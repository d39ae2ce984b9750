import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@portal/contract/roles';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildQueueRecord, queueReply } from '../test/build-queue-record.ts';

const QUEUE = '/api/v1/records/queue';
const ADA = buildQueueRecord({ id: 'r-ada', fullName: 'Ada Ngozi Obi' });
const BOLA = buildQueueRecord({ id: 'r-bola', fullName: 'Bola Ade', status: 'MISMATCHED' });

describe.each([
  ['TENANT_ADMIN', '/dashboard/tenant-admin/validation'],
  ['REVIEWER', '/dashboard/reviewer/queue'],
] as const)('%s validation queue: search', (role: Role, path) => {
  it('searches both tabs: the badges count the matches, the other tab keeps the search', async () => {
    const fetchMock = stubApi({
      [`GET ${QUEUE}/facets`]: {
        status: 200,
        body: { ministries: [], departments: [], grades: [], statuses: [] },
      },
      [`GET ${QUEUE}/pending-approval?page=1&pageSize=5`]: queueReply(
        [ADA, buildQueueRecord({ id: 'r-2', fullName: 'Chidi Eze' })],
        { pendingApproval: 2, mismatched: 4 },
      ),
      [`GET ${QUEUE}/pending-approval?page=1&pageSize=5&q=PSN001`]: queueReply([ADA], {
        pendingApproval: 1,
        mismatched: 1,
      }),
      [`GET ${QUEUE}/mismatched?page=1&pageSize=5&q=PSN001`]: queueReply([BOLA], {
        pendingApproval: 1,
        mismatched: 1,
      }),
    });
    storeToken(buildToken({ role }));
    renderApp(path);
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Records pending approval' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'PSN001');
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Records pending approval' })).queryByText('Chidi Eze'),
      ).toBeNull(),
    );
    expect(screen.getByRole('tab', { name: /Mismatched Records/ }).textContent).toContain('1');
    await user.click(screen.getByRole('tab', { name: /Mismatched Records/ }));
    const mismatched = await screen.findByRole('table', { name: 'Mismatched records' });
    expect(within(mismatched).getByText('Bola Ade')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      `${QUEUE}/mismatched?page=1&pageSize=5&q=PSN001`,
    );
  });
});

describe('validation queue: a search without matches', () => {
  it('says so, and clearing brings the queue back', async () => {
    stubApi({
      [`GET ${QUEUE}/facets`]: {
        status: 200,
        body: { ministries: [], departments: [], grades: [], statuses: [] },
      },
      [`GET ${QUEUE}/pending-approval?page=1&pageSize=5`]: queueReply([ADA], {
        pendingApproval: 1,
        mismatched: 0,
      }),
      [`GET ${QUEUE}/pending-approval?page=1&pageSize=5&q=zz`]: queueReply([], {
        pendingApproval: 0,
        mismatched: 0,
      }),
    });
    storeToken(buildToken({ role: 'REVIEWER' }));
    renderApp('/dashboard/reviewer/queue');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Records pending approval' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }), 'zz');
    expect(await screen.findByText('No record of this queue matches the search and filters.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('table', { name: 'Records pending approval' })).toBeTruthy();
  });
});
