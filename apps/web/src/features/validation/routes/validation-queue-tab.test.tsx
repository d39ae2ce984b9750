import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@portal/contract/roles';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildQueueRecord, queueReply } from '../test/build-queue-record.ts';

const PENDING = 'GET /api/v1/records/queue/pending-approval?page=1&pageSize=5';
const MISMATCHED = 'GET /api/v1/records/queue/mismatched?page=1&pageSize=5';
const COUNTS = { pendingApproval: 1, mismatched: 1 };

function open(role: Role, path: string) {
  const fetchMock = stubApi({
    'GET /api/v1/records/queue/facets': {
      status: 200,
      body: { ministries: [], departments: [], grades: [], statuses: [] },
    },
    [PENDING]: queueReply([buildQueueRecord()], COUNTS),
    [MISMATCHED]: queueReply(
      [buildQueueRecord({ id: 'r-2', fullName: 'Bola Ade', status: 'MISMATCHED' })],
      COUNTS,
    ),
  });
  storeToken(buildToken({ role }));
  const view = renderApp(path);
  const queueCalls = () =>
    fetchMock.mock.calls
      .map(([url]) => `GET ${String(url)}`)
      .filter((key) => key === PENDING || key === MISMATCHED);
  return { ...view, queueCalls };
}

const selectedTab = () => screen.getAllByRole('tab', { selected: true }).map((tab) => tab.textContent);

describe('validation queue: the tab named in the address', () => {
  it.each([
    ['TENANT_ADMIN', '/dashboard/tenant-admin/validation?tab=mismatched'],
    ['REVIEWER', '/dashboard/reviewer/queue?tab=mismatched'],
  ] as const)('%s: ?tab=mismatched opens the Mismatched Records tab', async (role, path) => {
    const { queueCalls } = open(role, path);
    const table = await screen.findByRole('table', { name: 'Mismatched records' });
    expect(within(table).getByText('Bola Ade')).toBeTruthy();
    expect(selectedTab().filter((label) => label?.startsWith('Mismatched Records'))).toHaveLength(1);
    expect(queueCalls()).not.toContain(PENDING);
  });

  it('?tab=pending, an unknown tab and none open Pending Approval', async () => {
    for (const path of ['?tab=pending', '?tab=bogus', '']) {
      const { unmount } = open('REVIEWER', `/dashboard/reviewer/queue${path}`);
      expect(await screen.findByRole('table', { name: 'Records pending approval' })).toBeTruthy();
      unmount();
    }
  });

  it('switching tabs writes the tab into the address, replacing the entry', async () => {
    const { router } = open('REVIEWER', '/dashboard/reviewer/queue');
    await screen.findByRole('table', { name: 'Records pending approval' });
    await userEvent.setup().click(screen.getByRole('tab', { name: /Mismatched Records/ }));
    await screen.findByRole('table', { name: 'Mismatched records' });
    expect(router.state.location.search).toBe('?tab=mismatched');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
