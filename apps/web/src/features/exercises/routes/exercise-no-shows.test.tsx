import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CAMPAIGN_MESSAGES, type NoShowSuspension } from '@portal/contract/campaigns';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';
import { buildExercise, buildNoShowsPage, buildProgress, buildReport } from '../test/build-exercise.ts';

const ok = (body: unknown) => ({ status: 200, body });
const CLOSED = buildExercise({ state: 'CLOSED', today: '2026-12-14' });
const SUSPEND = 'POST /api/v1/campaigns/c-1/suspend-no-shows';
const NO_SHOWS = buildNoShowsPage({
  listed: true,
  total: 2,
  monthlyPay: 410_000.25,
  payUnknown: 1,
  suspendable: 2,
  items: [
    {
      recordId: 'r-1',
      fullName: 'Ada Ngozi Obi',
      psn: 'PSN1001',
      employeeId: 'E-1',
      ministry: 'Ministry of Health',
      department: 'Nursing Services',
      status: 'VERIFIED',
      monthlyGrossPay: 410_000.25,
    },
    {
      recordId: 'r-2',
      fullName: 'Okon Bassey',
      psn: null,
      employeeId: null,
      ministry: 'Ministry of Health',
      department: null,
      status: 'VERIFIED',
      monthlyGrossPay: null,
    },
  ],
});
const suspension = (more: Partial<NoShowSuspension>): NoShowSuspension => ({
  id: 's-1',
  campaignId: 'c-1',
  status: 'PENDING_APPROVAL',
  approvalId: 'a-1',
  listed: 2,
  listedMonthlyPay: 410_000.25,
  suspended: null,
  suspendedMonthlyPay: null,
  skipped: null,
  requestedByEmail: 'tenant.admin@demo.local',
  note: null,
  createdAt: '2026-12-14T09:00:00.000Z',
  decidedAt: null,
  ...more,
});

function open(more: ApiReplies = {}) {
  return openScreen('/dashboard/tenant-admin/exercises?exercise=c-1', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/campaigns/c-1': ok(CLOSED),
    'GET /api/v1/campaigns/c-1/progress': ok(buildProgress({ state: 'CLOSED', daysLeft: 0 })),
    'GET /api/v1/campaigns/c-1/no-shows?page=1&pageSize=10': ok(NO_SHOWS),
    'GET /api/v1/campaigns/c-1/suspensions': ok([]),
    'GET /api/v1/campaigns/c-1/reminders': ok([]),
    'GET /api/v1/campaigns/c-1/report': ok(buildReport({ state: 'CLOSED' })),
    ...more,
  });
}

describe("an exercise's no-shows (issue #33 item 5)", () => {
  it('lists them with their pay and the total a month', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'No-shows' });
    const table = await within(section).findByRole('table', { name: 'No-shows' });
    expect(within(table).getByRole('row', { name: /Ada Ngozi Obi/ }).textContent).toContain('₦410,000.25');
    expect(within(table).getByRole('row', { name: /Okon Bassey/ }).textContent).toContain('—');
    expect(screen.getByText('2 no-shows, ₦410,000.25 a month (1 without a known pay)')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it("suspends them with a note and says when the second approver's decision is awaited", async () => {
    const { user, fetchMock } = open({ [SUSPEND]: { status: 201, body: suspension({}) } });
    await user.click(await screen.findByRole('button', { name: 'Suspend no-shows' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend the no-shows' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Circular 12/2026');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await screen.findByText('The suspension of 2 no-shows was sent for approval to another tenant admin'),
    ).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ note: 'Circular 12/2026' });
  });

  it('says how many were suspended and the ₦ a month held once applied', async () => {
    const { user } = open({
      [SUSPEND]: {
        status: 201,
        body: suspension({
          status: 'APPLIED',
          approvalId: null,
          suspended: 2,
          suspendedMonthlyPay: 410_000.25,
          skipped: 0,
        }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend no-shows' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Suspend the no-shows' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    expect(await screen.findByText('2 no-shows suspended: ₦410,000.25 a month held')).toBeTruthy();
  });

  it("shows the server's 409 as an alert", async () => {
    const { user } = open({
      [SUSPEND]: { status: 409, body: { message: CAMPAIGN_MESSAGES.suspensionPending, code: 'CONFLICT' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Suspend no-shows' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Suspend the no-shows' })).getByRole('button', {
        name: 'Suspend',
      }),
    );
    const section = screen.getByRole('region', { name: 'No-shows' });
    expect((await within(section).findByRole('alert')).textContent).toContain(
      CAMPAIGN_MESSAGES.suspensionPending,
    );
  });

  it('cannot suspend again once every no-show is suspended, and says why', async () => {
    const suspended = {
      ...NO_SHOWS,
      suspendable: 0,
      items: NO_SHOWS.items.map((n) => ({ ...n, status: 'SUSPENDED' })),
    };
    open({ 'GET /api/v1/campaigns/c-1/no-shows?page=1&pageSize=10': ok(suspended) });
    const section = await screen.findByRole('region', { name: 'No-shows' });
    await within(section).findByRole('table', { name: 'No-shows' });
    const button = within(section).getByRole('button', { name: 'Suspend no-shows' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Nobody is left to suspend: every no-show is suspended already or awaits a decision on their record.',
    );
  });

  it('cannot ask twice while a suspension awaits its second approver', async () => {
    open({
      'GET /api/v1/campaigns/c-1/no-shows?page=1&pageSize=10': ok({ ...NO_SHOWS, suspensionPending: true }),
    });
    const section = await screen.findByRole('region', { name: 'No-shows' });
    await within(section).findByRole('table', { name: 'No-shows' });
    const button = within(section).getByRole('button', { name: 'Suspend no-shows' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(within(section).getByText(/awaits a second approver in Pending my approval/)).toBeTruthy();
  });

  it('can suspend while some no-shows are left to suspend, and says nothing of it', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'No-shows' });
    await within(section).findByRole('table', { name: 'No-shows' });
    const button = within(section).getByRole('button', { name: 'Suspend no-shows' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.getAttribute('aria-describedby')).toBeNull();
  });
});
