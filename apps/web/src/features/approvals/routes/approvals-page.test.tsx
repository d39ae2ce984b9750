import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { APPROVAL_MESSAGES } from '@portal/contract/decisions';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import { buildApproval, buildExportApproval } from '../test/build-approval.ts';

const LIST = 'GET /api/v1/approvals?status=PENDING&page=1&pageSize=10';
const COUNT = 'GET /api/v1/approvals?status=PENDING&page=1&pageSize=1';
const pageOf = (items = [buildApproval(), buildExportApproval()], awaitingMe = 1) => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10, awaitingMe },
});

function open(more = {}) {
  return openScreen('/dashboard/tenant-admin/approvals', {
    ...TENANT_ADMIN_ME_REPLY,
    [LIST]: pageOf(),
    [COUNT]: pageOf([], 1),
    ...more,
  });
}

const card = (name: RegExp) => screen.getByRole('article', { name });
const bodyOf = (call: unknown[] | undefined) =>
  JSON.parse(String((call?.[1] as RequestInit).body)) as unknown;

describe("the 'Pending my approval' tab (issue #22)", () => {
  it('lists each action with what the approver needs, and counts what awaits me on the tab', async () => {
    open();
    const rejection = await screen.findByRole('article', { name: /Reject PSN001 Ada Ngozi Obi/ });
    expect(rejection.textContent).toContain('Rejection of a record');
    expect(rejection.textContent).toContain('by reviewer@demo.local');
    expect(rejection.textContent).toContain('Reason:Deceased');
    expect(rejection.textContent).toContain('Note:Died in May');
    expect(rejection.textContent).toContain('Status now:Pending Second Approval');
    expect(rejection.textContent).toContain('On a decline it returns to:Validated');
    expect(rejection.textContent).toContain('₦250,000.50');

    const file = card(/Payroll export of 1,812 records/);
    expect(file.textContent).toContain('Rows:1,812 (1,814 rows in the previous approved export)');
    expect(file.textContent).toContain('Added since then:1');
    expect(file.textContent).toContain('Removed since then:3');
    expect(file.textContent).toContain('Removed, by reason:Deceased: 2; deleted from the master list: 1');
    expect(file.textContent).toContain('ab'.repeat(32));

    // The side navigation's entry (issue #32; display:none in jsdom, which applies no media query).
    const entry = screen.getByRole('link', { name: /^Pending my approval/, hidden: true });
    expect(entry.textContent).toContain('1');
    expect(entry.getAttribute('aria-current')).toBe('page');
  });

  it('shows a new tenant admin and a settings change with what they change (issue #30)', async () => {
    open({
      [LIST]: pageOf([
        buildApproval({
          id: 'ap-3',
          kind: 'ADMIN_GRANT',
          recordId: null,
          record: null,
          reasonCode: null,
          reasonLabel: null,
          note: null,
          makerEmail: 'ada.admin@demo.local',
          summary: 'Make Sam Puppet (sam@demo.local) a tenant admin',
          account: {
            userId: 'u-1',
            fullName: 'Sam Puppet',
            email: 'sam@demo.local',
            role: 'TENANT_ADMIN',
            status: 'PENDING_APPROVAL',
          },
        }),
        buildApproval({
          id: 'ap-4',
          kind: 'SETTINGS_CHANGE',
          recordId: null,
          record: null,
          reasonCode: null,
          reasonLabel: null,
          note: null,
          makerEmail: 'ada.admin@demo.local',
          summary: 'Change the settings: secondApprover true → false; integrity.retirementAge 60 → 75',
          settingsChanges: [
            { setting: 'secondApprover', before: true, after: false },
            { setting: 'integrity.retirementAge', before: 60, after: 75 },
            { setting: 'integrity.rules.DUPLICATE_BVN', before: true, after: false },
          ],
        }),
      ]),
    });
    const grant = await screen.findByRole('article', { name: /Make Sam Puppet/ });
    expect(grant.textContent).toContain('New tenant admin');
    expect(grant.textContent).toContain('Email:sam@demo.local');
    expect(grant.textContent).toContain('Account now:Waiting for approval: cannot sign in');
    const change = card(/Change the settings/);
    expect(change.textContent).toContain('Settings change');
    expect(change.textContent).toContain('Require a second approver:On → Off');
    expect(change.textContent).toContain('Retirement age:60 → 75');
    expect(change.textContent).toContain('Integrity rule: BVN on several records:On → Off');
    expect(within(change).getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  it("one's own action: Approve disabled with the reason, Withdraw instead of Decline", async () => {
    const { user, fetchMock } = open({
      'POST /api/v1/approvals/ap-2/withdraw': {
        status: 200,
        body: buildExportApproval({ status: 'WITHDRAWN' }),
      },
    });
    const mine = await screen.findByRole('article', { name: /Payroll export/ });
    const approve = within(mine).getByRole('button', { name: 'Approve' }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);
    expect(mine.textContent).toContain(
      'You cannot approve your own payroll export: another tenant admin must.',
    );
    expect(within(mine).queryByRole('button', { name: 'Decline' })).toBeNull();
    await user.click(within(mine).getByRole('button', { name: 'Withdraw' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Withdraw Your Action' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await screen.findByText(APPROVAL_MESSAGES.withdrawn);
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => url === '/api/v1/approvals/ap-2/withdraw' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it("approves another's action", async () => {
    const { user, fetchMock } = open({
      'POST /api/v1/approvals/ap-1/approve': { status: 200, body: buildApproval({ status: 'APPROVED' }) },
    });
    const other = await screen.findByRole('article', { name: /Reject PSN001/ });
    await user.click(within(other).getByRole('button', { name: 'Approve' }));
    await screen.findByText(APPROVAL_MESSAGES.approved);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/approvals/ap-1/approve');
    expect(bodyOf(call)).toEqual({});
  });

  it('declining needs a note, and the server’s refusal is shown', async () => {
    const { user, fetchMock } = open({
      'POST /api/v1/approvals/ap-1/decline': {
        status: 403,
        body: { message: APPROVAL_MESSAGES.ownAction, code: 'FORBIDDEN' },
      },
    });
    const other = await screen.findByRole('article', { name: /Reject PSN001/ });
    await user.click(within(other).getByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the Action' });
    const confirm = within(dialog).getByRole('button', { name: 'Decline' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Why you decline/ }), '  ');
    expect(confirm.disabled).toBe(true);
    await user.type(
      within(dialog).getByRole('textbox', { name: /Why you decline/ }),
      'Seen at the headcount',
    );
    await user.click(confirm);
    await screen.findByText(`Could not save the decision: ${APPROVAL_MESSAGES.ownAction}`);
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/v1/approvals/ap-1/decline');
    expect(bodyOf(call)).toEqual({ note: 'Seen at the headcount' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Decline the Action' })).toBeNull());
  });

  it("the reviewer's tab follows their own decisions: Withdraw, never Approve", async () => {
    openScreen(
      '/dashboard/reviewer/approvals',
      { [LIST]: pageOf([buildApproval({ mine: true, makerEmail: 'reviewer@demo.local' })], 0) },
      { role: 'REVIEWER' },
    );
    const mine = await screen.findByRole('article', { name: /Reject PSN001/ });
    expect(screen.getByRole('heading', { level: 2, name: 'Awaiting a second approver' })).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(mine).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(within(mine).getByRole('button', { name: 'Withdraw' })).toBeTruthy();
    expect(mine.textContent).not.toContain('You cannot approve');
    expect(screen.getByRole('tab', { name: 'Awaiting approval', selected: true })).toBeTruthy();
  });

  it('says when nothing awaits approval, with no badge', async () => {
    open({ [LIST]: pageOf([], 0), [COUNT]: pageOf([], 0) });
    await screen.findByText('Nothing awaits your approval');
    expect(screen.queryByTestId('pending-approvals-badge')).toBeNull();
  });

  it("an export's card lists the people it adds and removes, with the decision that moved each (issue #30)", async () => {
    const person = (change: 'ADDED' | 'REMOVED', psn: string, fullName: string, action: string) => ({
      change,
      recordId: `r-${psn}`,
      psn,
      fullName,
      ministry: 'Ministry of Health',
      monthlyGrossPay: 185234.5,
      status: change === 'ADDED' ? 'VALIDATED' : 'REJECTED',
      cause: {
        kind: 'DECISION',
        action,
        label: action,
        status: null,
        reasonCode: change === 'ADDED' ? null : 'DECEASED',
        reasonLabel: change === 'ADDED' ? null : 'Deceased',
        decidedBy: 'maker@demo.local',
        approvedBy: change === 'ADDED' ? null : 'checker@demo.local',
        at: '2026-11-27T10:00:00.000Z',
      },
    });
    const page = (change: 'ADDED' | 'REMOVED', items: unknown[], total: number) => ({
      status: 200,
      body: { items, total, page: 1, pageSize: 10, change, previousExportId: 'ex-0' },
    });
    const { user } = open({
      'GET /api/v1/approvals/ap-2/export-changes?change=ADDED&page=1&pageSize=10': page(
        'ADDED',
        [person('ADDED', 'PSN100', 'Joy Joiner', 'RECORD_APPROVED')],
        1,
      ),
      'GET /api/v1/approvals/ap-2/export-changes?change=REMOVED&page=1&pageSize=10': page(
        'REMOVED',
        [person('REMOVED', 'PSN200', 'Lola Leaver', 'RECORD_INTEGRITY_CONFIRMED')],
        3,
      ),
    });
    const file = await screen.findByRole('article', { name: /Payroll export/ });
    const added = await within(file).findByRole('list', { name: 'People added' });
    expect(added.textContent).toContain('Joy Joiner · PSN100');
    expect(added.textContent).toContain('₦185,234.50');
    expect(added.textContent).toContain('Record approved by maker@demo.local on 2026-11-27');
    await user.click(within(file).getByRole('button', { name: 'Removed (3)' }));
    const removed = await within(file).findByRole('list', { name: 'People removed' });
    expect(removed.textContent).toContain('Lola Leaver · PSN200');
    expect(removed.textContent).toContain(
      'Integrity flag confirmed (Deceased) by maker@demo.local, approved by checker@demo.local on 2026-11-27',
    );
    expect(within(file).getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  });
});
