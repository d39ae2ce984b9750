import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { queueReply } from '../test/build-queue-record.ts';

const EMPTY_QUEUE = queueReply([], { pendingApproval: 0, mismatched: 0 });
const FACETS = { status: 200, body: { ministries: [], departments: [], grades: [], statuses: [] } };

function me(assignments: { ministries: { id: string; name: string }[]; departments: [] }) {
  return {
    status: 200,
    body: {
      id: 'reviewer-1',
      fullName: 'Rita Reviewer',
      email: 'reviewer@demo.local',
      role: 'REVIEWER',
      status: 'ACTIVE',
      tenantId: 't-1',
      tenantName: 'Demo State',
      assignments,
    },
  };
}

function openQueue(meReply: ReturnType<typeof me>) {
  stubApi({
    'GET /api/v1/users/me': meReply,
    'GET /api/v1/records/queue/facets': FACETS,
    'GET /api/v1/records/queue/pending-approval?page=1&pageSize=5': EMPTY_QUEUE,
  });
  storeToken(buildToken({ sub: 'reviewer-1', role: 'REVIEWER' }));
  renderApp('/dashboard/reviewer/queue');
}

describe('reviewer without assignments', () => {
  it('is told to ask the tenant administrator, above the empty queue', async () => {
    openQueue(me({ ministries: [], departments: [] }));
    expect(await screen.findByText('No ministries or departments are assigned to you yet')).toBeTruthy();
    expect(
      screen.getByText('Ask your tenant administrator to assign ministries or departments to you.'),
    ).toBeTruthy();
    expect(await screen.findByText('Queue is Clear')).toBeTruthy();
  });

  it('a reviewer with a ministry gets no such notice', async () => {
    openQueue(me({ ministries: [{ id: 'm-1', name: 'Ministry of Health' }], departments: [] }));
    expect(await screen.findByText('Queue is Clear')).toBeTruthy();
    // The profile has arrived (the top bar shows the name) and still no notice.
    await waitFor(() => expect(screen.getAllByText(/Rita Reviewer/).length).toBeGreaterThan(0));
    expect(screen.queryByText('No ministries or departments are assigned to you yet')).toBeNull();
  });
});
