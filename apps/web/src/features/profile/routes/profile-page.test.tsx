import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildMasterRecord } from '../../../test/build-master-record.ts';
import { openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';

const RECORD = buildMasterRecord({
  id: '3f1c2b9e-0000-4000-8000-000000000001',
  employeeId: 'DM/EDU/36290',
  ssid: 'SS17911867',
  nin: '43205086057',
  psn: 'PSN485152',
  ministry: 'Ministry of Education',
  ministryId: 'm-1',
  department: 'Secondary Education',
  departmentId: 'd-1',
  gradeLevel: 'GL 13',
  dateOfBirth: '1975-03-13',
  status: 'PENDING_GRADE_VALIDATION',
});
const REVERIFY = `POST /api/v1/agent/records/${RECORD.id}/verify`;

function openProfile(replies: ApiReplies) {
  return openScreen('/dashboard/user', replies, { sub: 'employee-1', role: 'SELF_SERVICE_USER' });
}

describe('employee profile', () => {
  it("lists the decisions on the employee's record, newest first, with statuses and reasons (issue #22)", async () => {
    openProfile({
      'GET /api/v1/users/me/record': { status: 200, body: { ...RECORD, status: 'REJECTED' } },
      'GET /api/v1/users/me/record/history': {
        status: 200,
        body: {
          items: [
            {
              at: '2026-11-20T09:00:00.000Z',
              from: 'UPLOADED',
              to: 'PENDING_GRADE_VALIDATION',
              reasonCode: null,
              reasonLabel: null,
            },
            {
              at: '2026-11-21T10:30:00.000Z',
              from: 'PENDING_GRADE_VALIDATION',
              to: 'REJECTED',
              reasonCode: 'DECEASED',
              reasonLabel: 'Deceased',
            },
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Decisions on your record' });
    const rows = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(rows).toEqual([
      'Nov 21, 2026, 11:30 AMPending Grade Validation → RejectedReason: Deceased',
      'Nov 20, 2026, 10:00 AMUploaded → Pending Grade Validation',
    ]);
  });

  it('says when no decision has been taken yet', async () => {
    openProfile({
      'GET /api/v1/users/me/record': { status: 200, body: RECORD },
      'GET /api/v1/users/me/record/history': { status: 200, body: { items: [] } },
    });
    expect(await screen.findByText('No decision has been taken on your record yet.')).toBeTruthy();
  });

  it('shows initials, name, Work ID and the details of the record', async () => {
    const { router } = openProfile({ 'GET /api/v1/users/me/record': { status: 200, body: RECORD } });
    expect(await screen.findByRole('heading', { level: 3, name: 'Ada Ngozi Obi' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/user/profile');
    expect(screen.getByText('AO')).toBeTruthy();
    expect(screen.getByTestId('work-id').textContent).toBe('DM/EDU/36290');
    const values = screen.getAllByRole('definition').map((dd) => dd.textContent);
    expect(values).toEqual([
      'Pending Grade Validation',
      'SS17911867',
      '43205086057',
      'Ministry of Education',
      'Secondary Education',
      'GL 13',
    ]);
    expect(screen.queryByRole('heading', { name: 'Action Required' })).toBeNull();
    const comingSoon = screen.getAllByRole('button', { name: 'Coming Soon' });
    expect(comingSoon).toHaveLength(2);
    expect(comingSoon.every((button) => (button as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByRole('heading', { name: 'Access Loans' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Liveness Check' })).toBeTruthy();
  });

  it("says 'Not Assigned' without a Work ID, 'N/A' for missing values and 'Unknown' for a strange status", async () => {
    openProfile({
      'GET /api/v1/users/me/record': {
        status: 200,
        body: { ...RECORD, employeeId: null, ssid: null, ministry: ' ', gradeLevel: null, status: 'ODD' },
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'Ada Ngozi Obi' });
    expect(screen.getByTestId('work-id').textContent).toBe('Not Assigned');
    expect(screen.getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      'Unknown',
      'N/A',
      '43205086057',
      'N/A',
      'Secondary Education',
      'N/A',
    ]);
  });

  it('re-verifies a record awaiting it: the answer shows, the form locks and the record reloads', async () => {
    const { fetchMock } = openProfile({
      'GET /api/v1/users/me/record': [
        { status: 200, body: { ...RECORD, status: 'AWAITING_REVALIDATION' } },
        { status: 200, body: RECORD },
      ],
      [REVERIFY]: [
        {
          status: 400,
          body: { message: 'Re-verification failed. Please check your details and try again.', code: 'X' },
        },
        {
          status: 200,
          body: {
            newStatus: 'PENDING_GRADE_VALIDATION',
            message: 'Re-verification successful! Your record is now pending final review.',
          },
        },
      ],
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Action Required' });
    expect(screen.getAllByRole('definition')[0]!.textContent).toBe('Awaiting Revalidation');
    const submit = within(card).getByRole('button', { name: 'Re-verify' });
    expect(submit).toHaveProperty('disabled', true);

    await user.type(within(card).getByRole('textbox', { name: /^SSID/ }), 'SS00000000');
    await user.type(within(card).getByRole('textbox', { name: /^NIN/ }), RECORD.nin!);
    await user.click(submit);
    expect((await within(card).findByRole('alert')).textContent).toBe(
      'Re-verification failed. Please check your details and try again.',
    );

    await user.clear(within(card).getByRole('textbox', { name: /^SSID/ }));
    await user.type(within(card).getByRole('textbox', { name: /^SSID/ }), RECORD.ssid!);
    await user.click(within(card).getByRole('button', { name: 'Re-verify' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Re-verification successful! Your record is now pending final review.',
    );
    expect(within(card).getByRole('textbox', { name: /^SSID/ })).toHaveProperty('disabled', true);
    expect(within(card).getByRole('button', { name: 'Re-verify' })).toHaveProperty('disabled', true);
    await waitFor(() =>
      expect(screen.getAllByRole('definition')[0]!.textContent).toBe('Pending Grade Validation'),
    );
    const sent = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/verify'));
    expect(JSON.parse(String(sent[1]![1]!.body))).toEqual({ ssid: RECORD.ssid, nin: RECORD.nin });
  });

  it('asks a suspended no-show to come forward, saying why their pay is held (issue #33)', async () => {
    openProfile({ 'GET /api/v1/users/me/record': { status: 200, body: { ...RECORD, status: 'SUSPENDED' } } });
    const card = await screen.findByRole('region', { name: 'Action Required' });
    expect(card.textContent).toContain(
      'Your pay is held because you did not appear in a verification exercise. Verify your identity with your SSID and NIN to come forward: your record then goes back to review.',
    );
    expect(screen.getAllByRole('definition')[0]!.textContent).toBe('Suspended');
    expect(within(card).getByRole('button', { name: 'Re-verify' })).toBeDefined();
  });

  it('a re-verification that ends MISMATCHED says so, not that it succeeded', async () => {
    openProfile({
      'GET /api/v1/users/me/record': [
        { status: 200, body: { ...RECORD, status: 'AWAITING_REVALIDATION' } },
        { status: 200, body: { ...RECORD, status: 'MISMATCHED' } },
      ],
      // The status decides the text, whatever message the server sent along.
      [REVERIFY]: {
        status: 200,
        body: {
          newStatus: 'MISMATCHED',
          message: 'Re-verification successful! Your record is now pending final review.',
        },
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Action Required' });
    await user.type(within(card).getByRole('textbox', { name: /^SSID/ }), RECORD.ssid!);
    await user.type(within(card).getByRole('textbox', { name: /^NIN/ }), RECORD.nin!);
    await user.click(within(card).getByRole('button', { name: 'Re-verify' }));
    const status = await within(card).findByRole('status');
    expect(status.textContent).toBe(
      'Re-verification done: your details differ from your identity record at the national identity provider. A reviewer will look at your record; you will see its status change here.',
    );
    expect(status.className).toContain('Warning');
    await waitFor(() => expect(screen.getAllByRole('definition')[0]!.textContent).toBe('Mismatched'));
  });

  it('says the record could not be loaded, with a retry', async () => {
    openProfile({
      'GET /api/v1/users/me/record': { status: 500, body: { message: 'boom', code: 'INTERNAL' } },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load your record. Please try again later.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('tells an account without a linked record so, and what to do next', async () => {
    openProfile({
      'GET /api/v1/users/me/record': { status: 404, body: { message: 'x', code: 'NOT_FOUND' } },
    });
    expect(await screen.findByText('No employee record is linked to this account yet.')).toBeTruthy();
    expect(
      screen.getByText(/Ask your tenant administrator to check that your record is in the master list/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
