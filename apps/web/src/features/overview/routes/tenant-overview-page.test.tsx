import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TENANT_ADMIN_ME_REPLY, buildDashboardStats, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';
import { buildAppealFigures } from '../../../test/build-appeal-figures.ts';
import { buildIntegritySummary } from '../../../test/build-integrity-summary.ts';

const STATS = buildDashboardStats({
  totalValidated: 12,
  totalMatchedClosely: 25,
  totalPendingApproval: 1788,
  totalReviewers: 3,
  totalSelfServiceUsers: 1500,
  totalAgentAccounts: 7,
});

function openOverview(statsReply: ApiReplies[string], more: ApiReplies = {}) {
  const replies = {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/tenant-admin/dashboard/stats': statsReply,
    ...more,
  };
  return openScreen('/dashboard/tenant-admin/overview', replies);
}

const card = (label: string) =>
  within(screen.getByRole('list', { name: 'Tenant statistics' }))
    .getByText(label)
    .closest('li') as HTMLElement;

describe('tenant overview', () => {
  it('shows the nine figures with thousands separators', async () => {
    openOverview({ status: 200, body: STATS });
    await screen.findByRole('list', { name: 'Tenant statistics' });
    const expected = [
      ['Total Unique Records', '2,000'],
      ['Total Verified (SoT)', '1,880'],
      ['Total Validated (Final)', '12'],
      ['Pending Validation', '1,788'],
      ['Mismatched Records', '80'],
      ['No Biometrics (Potential Ghosts)', '120'],
      ['Total Reviewers', '3'],
      ['Self-Service Users', '1,500'],
      ['Agent Accounts', '7'],
    ];
    expect(
      within(screen.getByRole('list', { name: 'Tenant statistics' })).getAllByRole('listitem'),
    ).toHaveLength(10);
    for (const [label, value] of expected) expect(card(label!).textContent).toContain(value);
  });

  it("adds the integrity rules' ₦ at stake a month, linking to the Integrity tab (issue #21)", async () => {
    openOverview(
      { status: 200, body: STATS },
      {
        'GET /api/v1/integrity/summary': {
          status: 200,
          body: buildIntegritySummary({ flaggedRecords: 13, monthlyAmount: 1715002.04 }),
        },
      },
    );
    const link = await screen.findByRole('link', { name: /^₦ at stake a month/ });
    expect(link.getAttribute('href')).toBe('/dashboard/tenant-admin/integrity');
    await waitFor(() => expect(link.textContent).toContain('₦1,715,002.04'));
    expect(link.textContent).toContain('13 records flagged by the payroll integrity rules');
  });

  it('links four cards to the screens that work their records', async () => {
    openOverview({ status: 200, body: STATS });
    await screen.findByRole('list', { name: 'Tenant statistics' });
    const href = (name: RegExp) => screen.getByRole('link', { name }).getAttribute('href');
    expect(href(/^Pending Validation/)).toBe('/dashboard/tenant-admin/validation?tab=pending');
    expect(href(/^Mismatched Records/)).toBe('/dashboard/tenant-admin/validation?tab=mismatched');
    expect(href(/^No Biometrics/)).toBe('/dashboard/tenant-admin/not-found');
    expect(href(/^Total Reviewers/)).toBe('/dashboard/tenant-admin/users');
    expect(screen.queryByRole('link', { name: /^Total Unique Records/ })).toBeNull();
  });

  it('the Mismatched Records card opens the queue on its Mismatched Records tab', async () => {
    const emptyQueue = {
      status: 200,
      body: {
        items: [],
        total: 0,
        page: 1,
        pageSize: 5,
        counts: { pendingApproval: 3, mismatched: 0 },
        closeReasons: {},
        held: {},
      },
    };
    const { fetchMock, user } = openOverview(
      { status: 200, body: STATS },
      {
        'GET /api/v1/records/queue/facets': {
          status: 200,
          body: { ministries: [], departments: [], grades: [], statuses: [] },
        },
        'GET /api/v1/records/queue/mismatched?page=1&pageSize=5': emptyQueue,
        'GET /api/v1/records/queue/pending-approval?page=1&pageSize=5': emptyQueue,
      },
    );
    await user.click(await screen.findByRole('link', { name: /^Mismatched Records/ }));

    const tab = await screen.findByRole('tab', { name: /^Mismatched Records/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'No Mismatches' })).toBeTruthy();
    const queueCalls = fetchMock.mock.calls
      .map(([url]) => String(url))
      .filter((url) => url.includes('/queue/'));
    expect(queueCalls.some((url) => url.includes('/queue/pending-approval'))).toBe(false);
  });

  it('draws the funnel with counts and shares of the uploaded records', async () => {
    openOverview({ status: 200, body: STATS });
    const funnel = await screen.findByRole('region', { name: 'Verification Funnel' });
    const rows = within(funnel)
      .getAllByRole('listitem')
      .map((row) => row.textContent);
    expect(rows[0]).toContain('Uploaded: 2,000 (100%)');
    expect(rows[1]).toContain('Not found (Potential Ghosts), branch of Uploaded: 120 (6%)');
    expect(rows[2]).toContain('Verified (SoT): 1,880 (94%)');
    expect(rows[3]).toContain('Matched exactly: 1,775 (88.8%)');
    expect(rows[4]).toContain('Matched closely (name): 25 (1.3%)');
    expect(rows[5]).toContain('Mismatched, branch of Verified (SoT): 80 (4%)');
    expect(rows[6]).toContain('Validated (Final): 12 (0.6%)');
  });

  it("shows the appeals' figures with the way to the queue (issue #34)", async () => {
    const appeals = buildAppealFigures({
      received: 12,
      decided: 7,
      decidedOnTime: 6,
      byDecision: { UPHELD: 2, PARTLY_UPHELD: 1, REJECTED: 3, WITHDRAWN: 1 },
      reinstated: 3,
      arrearsOwed: 450000,
    });
    openOverview({ status: 200, body: { ...STATS, appeals } });
    const section = await screen.findByRole('region', { name: 'Appeals' });
    const figures = within(section).getByRole('list', { name: 'Appeals' });
    expect(figures.textContent).toContain('Appeals received12');
    expect(figures.textContent).toContain('Decided on time6');
    expect(figures.textContent).toContain('Partly upheld1');
    expect(figures.textContent).toContain('Reinstated3');
    expect(figures.textContent).toContain('Arrears owed₦450,000.00');
    expect(within(section).queryByText(/monthly pay is not known/)).toBeNull();
    expect(within(section).getByRole('link', { name: 'Open the appeals' }).getAttribute('href')).toBe(
      '/dashboard/tenant-admin/appeals',
    );
  });

  it('only logs a failed load: the spinner stops and no message shows', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openOverview({ status: 403, body: { message: 'Access denied', code: 'FORBIDDEN' } });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(card('Total Unique Records').textContent).toContain('\u2014');
    expect(screen.queryByRole('region', { name: 'Verification Funnel' })).toBeNull();
  });
});
