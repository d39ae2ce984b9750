import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import { TENANT_ADMIN_ME_REPLY, buildDashboardStats, openScreen } from '../../../test/open-screen.ts';
import { callsTo, type ApiReplies } from '../../../test/stub-fetch.ts';
import { appealsPage, buildAppeal } from '../../../test/build-appeal.ts';

const ok = (body: unknown) => ({ status: 200, body });
const OPEN = buildAppeal();
const AT_RISK = buildAppeal({
  id: 'a-2',
  fullName: 'Bello Musa',
  psn: 'PSN100002',
  status: 'AWAITING_EMPLOYEE',
  deadlineState: 'AT_RISK',
  daysLeft: 5,
  kind: 'NOT_ME',
  channel: 'LETTER',
  handler: { id: 'user-1', email: 'tenant.admin@demo.local' },
});
const LIST = 'GET /api/v1/appeals?page=1&pageSize=10';
const BADGE = 'GET /api/v1/appeals?status=OPEN&page=1&pageSize=1';

function open(path = '/dashboard/tenant-admin/appeals', more: ApiReplies = {}) {
  return openScreen(path, {
    ...TENANT_ADMIN_ME_REPLY,
    [LIST]: ok(appealsPage(OPEN, AT_RISK)),
    [BADGE]: ok({ ...appealsPage(OPEN), pageSize: 1 }),
    'GET /api/v1/appeals/a-1': ok(OPEN),
    ...more,
  });
}

describe('the appeals queue (issue #34 item 2)', () => {
  it('lists each appeal with its status, deadline state and days left, kind, PSN, channel and handler', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Appeals' });
    const row = within(table).getByRole('row', { name: /Bello Musa/ });
    expect(row.textContent).toContain('Awaiting the employee');
    expect(row.textContent).toContain('At risk · 5 days left');
    expect(row.textContent).toContain('Not me');
    expect(row.textContent).toContain('PSN100002');
    expect(row.textContent).toContain('Letter');
    expect(row.textContent).toContain('tenant.admin@demo.local');
    expect(within(table).getByRole('row', { name: /Ada Ngozi Obi/ }).textContent).toContain('Unassigned');
  });

  it('counts the appeals waiting for a handler on the Appeals destination', async () => {
    open('/dashboard/tenant-admin/overview', {
      'GET /api/v1/tenant-admin/dashboard/stats': ok(buildDashboardStats()),
    });
    const badge = await screen.findByTestId('open-appeals-badge');
    expect(badge.textContent).toContain('1 appeal waiting for a handler');
  });

  it('asks the server again with each filter, and says when nothing matches', async () => {
    const filtered =
      'GET /api/v1/appeals?page=1&pageSize=10&status=AWAITING_EMPLOYEE&deadline=AT_RISK&kind=NOT_ME';
    const { user, fetchMock } = open('/dashboard/tenant-admin/appeals', {
      'GET /api/v1/appeals?page=1&pageSize=10&status=AWAITING_EMPLOYEE': ok(appealsPage(AT_RISK)),
      'GET /api/v1/appeals?page=1&pageSize=10&status=AWAITING_EMPLOYEE&deadline=AT_RISK': ok(
        appealsPage(AT_RISK),
      ),
      [filtered]: ok(appealsPage()),
    });
    await screen.findByRole('table', { name: 'Appeals' });
    const choose = async (filter: string, option: string) => {
      await user.click(screen.getByRole('combobox', { name: filter }));
      await user.click(await screen.findByRole('option', { name: option }));
    };
    await choose('Status', 'Awaiting the employee');
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ada Ngozi Obi/ })).toBeNull());
    await choose('Deadline', 'At risk');
    await choose('Kind', 'Not me');
    expect(await screen.findByText('No appeal matches these filters.')).toBeTruthy();
    expect(callsTo(fetchMock, filtered)).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('row', { name: /Ada Ngozi Obi/ })).toBeTruthy();
  });
});

describe("an appeal's detail", () => {
  it('shows the record then and now, the grounds, the exchange and the attachments', async () => {
    const appeal = buildAppeal({
      messages: [
        {
          id: 'm-1',
          type: 'QUESTION',
          text: 'Which site did you attend?',
          byEmail: 'tenant.admin@demo.local',
          at: '2026-11-21T09:00:00.000Z',
        },
        {
          id: 'm-2',
          type: 'ANSWER',
          text: 'Ikeja, on the first day.',
          byEmail: 'ada@demo.local',
          at: '2026-11-22T09:00:00.000Z',
        },
      ],
      attachments: [
        {
          id: 'f-1',
          fileName: 'attendance.pdf',
          contentType: 'application/pdf',
          sizeBytes: 2048,
          uploadedByEmail: 'ada@demo.local',
          at: '2026-11-20T09:01:00.000Z',
        },
      ],
    });
    open('/dashboard/tenant-admin/appeals?appeal=a-1', { 'GET /api/v1/appeals/a-1': ok(appeal) });
    expect(await screen.findByRole('heading', { name: 'Appeal of Ada Ngozi Obi' })).toBeTruthy();
    expect(screen.getByText('Status when appealed').nextSibling?.textContent).toBe('Suspended');
    expect(screen.getByText(appeal.grounds)).toBeTruthy();
    const messages = screen.getByRole('list', { name: 'Questions and answers' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-message')),
    ).toEqual(['QUESTION', 'ANSWER']);
    expect(screen.getByRole('button', { name: 'Download attendance.pdf' })).toBeTruthy();
    // Not waiting for the employee: there is no answer to record from a letter.
    expect(screen.queryByRole('button', { name: 'Record an answer received by letter' })).toBeNull();
  });

  it('decides with a code and a note, and says so when the decision waits for a second approver', async () => {
    const held = buildAppeal({
      status: 'AWAITING_APPROVAL',
      pendingDecision: { decision: 'UPHELD', approvalId: 'ap-1' },
    });
    const { user, fetchMock } = open('/dashboard/tenant-admin/appeals?appeal=a-1', {
      'GET /api/v1/appeals/a-1': [ok(OPEN), ok(held)],
      'POST /api/v1/appeals/a-1/decide': ok(held),
    });
    await user.click(await screen.findByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide the appeal' });
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect(within(dialog).getByText('A note for the employee is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/v1/appeals/a-1/decide')).toBe(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Decision/ }));
    await user.click(await screen.findByRole('option', { name: 'Upheld' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: /Note for the employee/ }),
      'You were present.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));

    expect((await screen.findAllByText(APPEAL_MESSAGES.awaitsApproval)).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/decide') && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ decision: 'UPHELD', note: 'You were present.' });
    // The appeal now waits: no more actions on it.
    expect(screen.queryByRole('button', { name: 'Decide' })).toBeNull();
    expect(screen.getByText('Upheld: waiting for a second approver.')).toBeTruthy();
  });

  it("shows the server's refusal inside the decide dialog", async () => {
    const { user } = open('/dashboard/tenant-admin/appeals?appeal=a-1', {
      'POST /api/v1/appeals/a-1/decide': {
        status: 409,
        body: { message: APPEAL_MESSAGES.noLongerOff, code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Decide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide the appeal' });
    await user.click(within(dialog).getByRole('combobox', { name: /Decision/ }));
    await user.click(await screen.findByRole('option', { name: 'Partly upheld' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Note for the employee/ }), 'Partly.');
    await user.click(within(dialog).getByRole('button', { name: 'Decide' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(APPEAL_MESSAGES.noLongerOff);
  });
});
