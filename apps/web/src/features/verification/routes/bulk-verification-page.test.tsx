import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENANT_ADMIN_ME_REPLY, buildDashboardStats, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies, stubApi } from '../../../test/stub-fetch.ts';
import { buildBulkJob, buildRunningJob } from '../test/build-bulk-job.ts';
import { BULK_LEGAL_BASIS } from '@portal/contract/tenants';

type Reply = ApiReplies[string];

function openBulkVerification(jobs: Reply, extra: ApiReplies = {}) {
  const view = openScreen('/dashboard/tenant-admin/bulk-verify', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/tenant-admin/dashboard/stats': { status: 200, body: buildDashboardStats() },
    'GET /api/v1/bulk-jobs': jobs,
    'GET /api/v1/account-check-jobs': { status: 200, body: [] },
    ...extra,
  });
  return view.fetchMock;
}

const jobsCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input) === '/api/v1/bulk-jobs',
  ).length;

describe('bulk verification screen', () => {
  it("shows the tenant's legal basis, and says when it is the default (issue #22)", async () => {
    openBulkVerification(
      { status: 200, body: [] },
      {
        'GET /api/v1/tenant-admin/bulk-verification/legal-basis': {
          status: 200,
          body: { text: 'Demo State Public Service Rules, rule 020101.', isDefault: false },
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Legal basis' });
    expect(within(section).getByText('Demo State Public Service Rules, rule 020101.')).toBeTruthy();
    expect(within(section).queryByText(/^Default text/)).toBeNull();
  });

  it('marks the default legal basis as such', async () => {
    openBulkVerification(
      { status: 200, body: [] },
      {
        'GET /api/v1/tenant-admin/bulk-verification/legal-basis': {
          status: 200,
          body: { text: BULK_LEGAL_BASIS.default, isDefault: true },
        },
      },
    );
    const section = await screen.findByRole('region', { name: 'Legal basis' });
    expect(within(section).getByText(BULK_LEGAL_BASIS.default)).toBeTruthy();
    expect(within(section).getByText(/^Default text/)).toBeTruthy();
  });

  it('shows the summary from the tenant figures, with VIEW LIST to the not-found list', async () => {
    openBulkVerification({ status: 200, body: [] });
    expect(await screen.findByText('1,880')).toBeTruthy();
    expect(screen.getByText('120')).toBeTruthy();
    expect(screen.getByText('Potential Ghosts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe(
      '/dashboard/tenant-admin/not-found',
    );
    expect(await screen.findByText('No Jobs Found')).toBeTruthy();
  });

  it('lists the jobs with the Next Step only for a completed job that verified records', async () => {
    openBulkVerification({
      status: 200,
      body: [
        buildBulkJob({ id: 'done' }),
        buildBulkJob({ id: 'nothing', successfullyVerifiedRecords: 0, notFoundRecords: 2000 }),
        buildBulkJob({ id: 'failed', status: 'FAILED', statusMessage: 'Provider down' }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Bulk verification jobs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('COMPLETED')).toBeTruthy();
    expect(within(rows[0]!).getByText('2,000')).toBeTruthy();
    expect(within(rows[0]!).getByText('1,880')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Go to Validation Queue' }).getAttribute('href')).toBe(
      '/dashboard/tenant-admin/validation',
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(rows[2]!).getByText('FAILED')).toBeTruthy();
    expect(within(rows[2]!).queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Start New Bulk Verification' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('shows a running job with its progress and disables the start button', async () => {
    openBulkVerification({ status: 200, body: [buildRunningJob(1000)] });
    const progress = await screen.findByRole('progressbar', { name: 'Verification progress' });
    expect(progress.getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('1,000 / 2,000')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start New Bulk Verification' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(
      screen.getByText('A bulk verification is already running for this tenant. Wait for it to finish.'),
    ).toBeTruthy();
  });

  it('says so when the history cannot be loaded', async () => {
    openBulkVerification({ status: 403, body: { message: 'Access denied', code: 'FORBIDDEN' } });
    expect(await screen.findByText('Could not load job history.')).toBeTruthy();
  });

  it('starts a job, says so, and reloads the history 1500 ms later', async () => {
    const user = userEvent.setup();
    const fetchMock = openBulkVerification(
      [
        { status: 200, body: [] },
        { status: 200, body: [buildRunningJob(0)] },
      ],
      {
        'POST /api/v1/records/bulk-verify': { status: 202, body: buildRunningJob(0, { status: 'PENDING' }) },
      },
    );
    await screen.findByText('No Jobs Found');
    expect(jobsCalls(fetchMock)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Start New Bulk Verification' }));
    expect(await screen.findByText('Bulk verification job has been initiated.')).toBeTruthy();
    expect(jobsCalls(fetchMock)).toBe(1);
    await waitFor(() => expect(jobsCalls(fetchMock)).toBe(2), { timeout: 3000 });
    expect(await screen.findByRole('progressbar', { name: 'Verification progress' })).toBeTruthy();
  });

  it('refreshes the summary when the job has already finished at the reload', async () => {
    const user = userEvent.setup();
    const fetchMock = openBulkVerification(
      [
        { status: 200, body: [] },
        { status: 200, body: [buildBulkJob()] },
      ],
      {
        'POST /api/v1/records/bulk-verify': { status: 202, body: buildRunningJob(0, { status: 'PENDING' }) },
      },
    );
    await screen.findByText('No Jobs Found');
    const statsCalls = () =>
      fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/tenant-admin/dashboard/stats')
        .length;
    const before = statsCalls();
    await user.click(screen.getByRole('button', { name: 'Start New Bulk Verification' }));
    expect(await screen.findByText('COMPLETED', {}, { timeout: 3000 })).toBeTruthy();
    await waitFor(() => expect(statsCalls()).toBe(before + 1));
  });

  it('shows the server message when the start is refused', async () => {
    const user = userEvent.setup();
    openBulkVerification(
      { status: 200, body: [] },
      {
        'POST /api/v1/records/bulk-verify': {
          status: 409,
          body: {
            message: 'A bulk verification is already running for this tenant. Wait for it to finish.',
            code: 'CONFLICT',
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Start New Bulk Verification' }));
    expect(
      await screen.findByText(
        'Failed to start bulk verification: A bulk verification is already running for this tenant. Wait for it to finish.',
      ),
    ).toBeTruthy();
  });

  it('says that all records are already verified, not that the start failed, when nothing needs it', async () => {
    const user = userEvent.setup();
    openBulkVerification(
      { status: 200, body: [] },
      {
        'POST /api/v1/records/bulk-verify': {
          status: 409,
          body: { message: 'All records are already verified', code: 'NOTHING_TO_VERIFY' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Start New Bulk Verification' }));
    expect(await screen.findByText('All records are already verified')).toBeTruthy();
    expect(screen.queryByText(/Failed to start bulk verification/)).toBeNull();
  });
});
