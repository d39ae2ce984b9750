import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { CAMPAIGN_MESSAGES, type Schedule } from '@portal/contract/campaigns';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import type { ApiReplies } from '../../../test/stub-fetch.ts';
import { buildExercise, buildNoShowsPage, buildProgress, buildReport } from '../test/build-exercise.ts';

const ok = (body: unknown) => ({ status: 200, body });
const HEALTH = { id: '0b4f2c1e-5d6a-4c8e-9f10-2a3b4c5d6e7f', name: 'Ministry of Health' };
const NURSING = { id: '1c5e3d2f-6e7b-4d9f-8a21-3b4c5d6e7f80', name: 'Nursing Services' };
const SCHEDULE_PATH = '/api/v1/campaigns/c-1/schedule';
const SCHEDULE: Schedule = {
  campaignId: 'c-1',
  entries: [
    { day: '2026-11-25', site: 'Lokoja Town Hall', ministries: [HEALTH], departments: [] },
    { day: '2026-11-26', site: 'Lokoja Town Hall', ministries: [], departments: [NURSING] },
    { day: '2026-11-27', site: 'Okene LGA Office', ministries: [HEALTH], departments: [NURSING] },
  ],
};

function open(more: ApiReplies = {}, state: 'OPEN' | 'CLOSED' = 'OPEN') {
  return openScreen('/dashboard/tenant-admin/exercises?exercise=c-1', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/campaigns/c-1': ok(buildExercise({ state })),
    'GET /api/v1/campaigns/c-1/progress': ok(buildProgress({ state })),
    'GET /api/v1/campaigns/c-1/no-shows?page=1&pageSize=10': ok(buildNoShowsPage({ listed: false })),
    'GET /api/v1/campaigns/c-1/suspensions': ok([]),
    'GET /api/v1/campaigns/c-1/reminders': ok([]),
    'GET /api/v1/campaigns/c-1/report': ok(buildReport({ state })),
    'GET /api/v1/tenant-admin/ministries': ok([HEALTH]),
    'GET /api/v1/tenant-admin/departments': ok([NURSING]),
    [`GET ${SCHEDULE_PATH}`]: ok(SCHEDULE),
    ...more,
  });
}

const putBodies = (fetchMock: ReturnType<typeof open>['fetchMock']) =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input) === SCHEDULE_PATH)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe("an exercise's schedule (issue #33 item 1)", { timeout: 20_000 }, () => {
  it('shows each site with its days and postings, and a link to its printable list', async () => {
    open();
    const section = await screen.findByRole('region', { name: 'Schedule' });
    const town = await within(section).findByRole('article', { name: 'Lokoja Town Hall' });
    expect(within(town).getByText('2 days')).toBeTruthy();
    expect(within(town).getByText('Nov 25, 2026')).toBeTruthy();
    expect(within(town).getByText('Nursing Services')).toBeTruthy();
    const print = within(town).getByRole('link', { name: 'Print the list of Lokoja Town Hall' });
    expect(print.getAttribute('href')).toBe(
      '/dashboard/tenant-admin/site-list?exercise=c-1&site=Lokoja+Town+Hall',
    );
    const okene = within(section).getByRole('article', { name: 'Okene LGA Office' });
    expect(within(okene).getByText('Ministry of Health, Nursing Services')).toBeTruthy();
  });

  it('says so when no day is scheduled', async () => {
    open({ [`GET ${SCHEDULE_PATH}`]: ok({ campaignId: 'c-1', entries: [] }) });
    const section = await screen.findByRole('region', { name: 'Schedule' });
    expect(await within(section).findByText('No day is scheduled yet.')).toBeTruthy();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('checks each day with the contract, then saves the whole schedule and shows the answer', async () => {
    const saved: Schedule = {
      campaignId: 'c-1',
      entries: [{ day: '2026-11-25', site: 'Adankolo Hall', ministries: [HEALTH], departments: [] }],
    };
    const { user, fetchMock } = open({ [`PUT ${SCHEDULE_PATH}`]: ok(saved) });
    const section = await screen.findByRole('region', { name: 'Schedule' });
    await user.click(await within(section).findByRole('button', { name: 'Edit schedule' }));
    const form = within(section).getByRole('form', { name: 'Edit the schedule' });
    await user.click(within(form).getByRole('button', { name: 'Remove day 3' }));
    await user.click(within(form).getByRole('button', { name: 'Remove day 2' }));
    const first = within(within(form).getByRole('listitem', { name: 'Day 1' }));
    const site = first.getByRole('textbox', { name: /Site/ });
    await user.clear(site);
    await user.type(site, 'Adankolo Hall');

    // A day added without a ministry or department is refused here, with the server's words.
    await user.click(within(form).getByRole('button', { name: 'Add a day' }));
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    const added = within(within(form).getByRole('listitem', { name: 'Day 2' }));
    expect(await added.findByText(CAMPAIGN_MESSAGES.scheduleNeedsPosting)).toBeTruthy();
    expect(putBodies(fetchMock)).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Remove day 2' }));
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText('The schedule was saved')).toBeTruthy();
    expect(putBodies(fetchMock)).toEqual([
      {
        entries: [{ day: '2026-11-25', site: 'Adankolo Hall', ministryIds: [HEALTH.id], departmentIds: [] }],
      },
    ]);
    expect(await within(section).findByRole('article', { name: 'Adankolo Hall' })).toBeTruthy();
    expect(within(section).queryByRole('article', { name: 'Lokoja Town Hall' })).toBeNull();
  });

  it("shows the server's refusal once the exercise has closed, and keeps the form", async () => {
    const { user } = open(
      {
        [`PUT ${SCHEDULE_PATH}`]: {
          status: 409,
          body: { message: CAMPAIGN_MESSAGES.scheduleClosed, code: 'CONFLICT' },
        },
      },
      'CLOSED',
    );
    const section = await screen.findByRole('region', { name: 'Schedule' });
    await user.click(await within(section).findByRole('button', { name: 'Edit schedule' }));
    await user.click(within(section).getByRole('button', { name: 'Save schedule' }));
    expect((await within(section).findByRole('alert')).textContent).toContain(
      CAMPAIGN_MESSAGES.scheduleClosed,
    );
    expect(within(section).getByRole('form', { name: 'Edit the schedule' })).toBeTruthy();
  });
});

describe("a site's printable list on a page of its own", { timeout: 20_000 }, () => {
  it('shows only the list, with a way back to the exercise', async () => {
    openScreen('/dashboard/tenant-admin/site-list?exercise=c-1&site=Lokoja+Town+Hall', {
      ...TENANT_ADMIN_ME_REPLY,
      'GET /api/v1/campaigns/c-1/site-list?site=Lokoja+Town+Hall': ok({
        campaignId: 'c-1',
        campaignName: 'Health headcount 2026',
        site: 'Lokoja Town Hall',
        days: ['2026-11-25'],
        documents: ['National ID card'],
        people: [
          {
            id: 'r-1',
            fullName: 'Ada Ngozi Obi',
            psn: 'PSN1001',
            ministry: 'Ministry of Health',
            department: null,
            day: '2026-11-25',
            qr: 'https://demo.example/dashboard/agent/verify?person=r-1',
          },
        ],
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Health headcount 2026: site list' })).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Ada Ngozi Obi' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the exercise' }).getAttribute('href')).toBe(
      '/dashboard/tenant-admin/exercises?exercise=c-1',
    );
    // No dashboard around it: no navigation between destinations.
    expect(screen.queryByRole('link', { name: 'Verification Exercises' })).toBeNull();
  });
});
