import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENANT_ADMIN_ME_REPLY, buildDashboardStats, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';
import { buildBulkJob } from '../test/build-bulk-job.ts';

/** Bulk Verification with the account checks of `checks` (issue #36) below its own history. */
function openWithChecks(checks: ApiReplies[string], extra: ApiReplies = {}) {
  return openScreen('/dashboard/tenant-admin/bulk-verify', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/tenant-admin/dashboard/stats': { status: 200, body: buildDashboardStats() },
    'GET /api/v1/bulk-jobs': { status: 200, body: [] },
    'GET /api/v1/account-check-jobs': checks,
    ...extra,
  }).fetchMock;
}

const finishedCheck = buildBulkJob({
  id: 'check-1',
  statusMessage: null,
  totalRecords: 1932,
  processedRecords: 1932,
  successfullyVerifiedRecords: 1792,
  mismatchedRecords: 97,
  notFoundRecords: 43,
  failedRecords: 0,
});

describe('the account check beside bulk verification (issue #36)', () => {
  it("lists each check's accounts by the bank's answer, with the way to the integrity flags", async () => {
    openWithChecks({ status: 200, body: [finishedCheck] });
    const section = await screen.findByRole('region', { name: 'Account Check' });
    const table = await within(section).findByRole('table', { name: 'Account check jobs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Created',
      'Accounts',
      'Own Name',
      'Other Name',
      'Not Found',
      'Failed',
      'Status',
      'Next Step',
    ]);
    const row = within(table).getAllByRole('row')[1]!;
    for (const figure of ['1,932', '1,792', '97', '43']) expect(within(row).getByText(figure)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Review Flags' }).getAttribute('href')).toBe(
      '/dashboard/tenant-admin/integrity',
    );
  });

  it('starts a check, and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = openWithChecks(
      { status: 200, body: [] },
      { 'POST /api/v1/records/account-check': { status: 202, body: buildBulkJob({ status: 'PENDING' }) } },
    );
    const section = await screen.findByRole('region', { name: 'Account Check' });
    expect(await within(section).findByText('No Account Checks Yet')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Start Account Check' }));
    expect(
      await screen.findByText('Account check started. The banks are being asked in the background.'),
    ).toBeTruthy();
    const posts = fetchMock.mock.calls.filter(
      ([input, init]) => init?.method === 'POST' && String(input) === '/api/v1/records/account-check',
    );
    expect(posts).toHaveLength(1);
  });

  it('says, as information, that no record has an account to ask about', async () => {
    const user = userEvent.setup();
    openWithChecks(
      { status: 200, body: [] },
      {
        'POST /api/v1/records/account-check': {
          status: 409,
          body: {
            message:
              'There are no records with an account number at a bank the portal knows. Upload a master list first.',
            code: 'NOTHING_TO_VERIFY',
          },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Start Account Check' }));
    expect(
      await screen.findByText(
        'There are no records with an account number at a bank the portal knows. Upload a master list first.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Could not start the account check/)).toBeNull();
  });

  it('keeps the start button off while a check is running', async () => {
    openWithChecks({
      status: 200,
      body: [{ ...finishedCheck, status: 'RUNNING', finishedAt: null, processedRecords: 500 }],
    });
    const section = await screen.findByRole('region', { name: 'Account Check' });
    await within(section).findByRole('table', { name: 'Account check jobs' });
    expect(
      within(section).getByRole('button', { name: 'Start Account Check' }).hasAttribute('disabled'),
    ).toBe(true);
  });
});
