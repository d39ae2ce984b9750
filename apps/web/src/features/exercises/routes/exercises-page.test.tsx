import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CAMPAIGN_MESSAGES } from '@portal/contract/campaigns';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import { callsTo, type ApiReplies } from '../../../test/stub-fetch.ts';
import { PROGRESS_POLL_MS } from '../api/get-progress.ts';
import { buildAppealFigures } from '../../../test/build-appeal-figures.ts';
import { buildExercise, buildNoShowsPage, buildProgress, buildReport } from '../test/build-exercise.ts';

const EXERCISE = buildExercise();
const LIST = 'GET /api/v1/campaigns';
const PROGRESS = 'GET /api/v1/campaigns/c-1/progress';
const ok = (body: unknown) => ({ status: 200, body });

/** The detail's calls besides the exercise and its progress. */
const DETAIL_REPLIES: ApiReplies = {
  'GET /api/v1/campaigns/c-1': ok(EXERCISE),
  'GET /api/v1/campaigns/c-1/no-shows?page=1&pageSize=10': ok(buildNoShowsPage()),
  'GET /api/v1/campaigns/c-1/suspensions': ok([]),
  'GET /api/v1/campaigns/c-1/reminders': ok([]),
  'GET /api/v1/campaigns/c-1/report': ok(buildReport()),
};

/** A date input takes its value whole, as a browser's date picker gives it (jsdom types no dates). */
const setDate = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

function open(path = '/dashboard/tenant-admin/exercises', more: ApiReplies = {}) {
  return openScreen(path, {
    ...TENANT_ADMIN_ME_REPLY,
    [LIST]: ok([EXERCISE]),
    [PROGRESS]: ok(buildProgress()),
    'GET /api/v1/tenant-admin/ministries': ok([
      { id: '0b4f2c1e-5d6a-4c8e-9f10-2a3b4c5d6e7f', name: 'Ministry of Health' },
    ]),
    'GET /api/v1/tenant-admin/departments': ok([
      { id: '1c5e3d2f-6e7b-4d9f-8a21-3b4c5d6e7f80', name: 'Nursing Services' },
    ]),
    ...DETAIL_REPLIES,
    ...more,
  });
}

describe('the Verification Exercises list (issue #33 item 4)', () => {
  it('shows each exercise with its state, window and appeared / in scope as a bar', async () => {
    open();
    const table = await screen.findByRole('table', { name: 'Verification exercises' });
    const row = within(table).getByRole('row', { name: /Health headcount 2026/ });
    expect(row.textContent).toContain('Open');
    expect(row.textContent).toContain('Nov 20, 2026 – Dec 4, 2026');
    expect(row.textContent).toContain('1 ministry');
    const bar = await within(row).findByRole('progressbar', { name: 'Appeared in Health headcount 2026' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(row.textContent).toContain('12 of 40 appeared');
  });

  it('says so when there is no exercise yet', async () => {
    open('/dashboard/tenant-admin/exercises', { [LIST]: ok([]) });
    expect(await screen.findByText('No verification exercise yet')).toBeTruthy();
  });

  it('opens an exercise from its name', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('link', { name: 'Open Health headcount 2026' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Health headcount 2026' })).toBeTruthy();
  });
});

describe('the new exercise form (issue #33 item 1)', () => {
  it("checks the fields with the contract's messages before anything is sent", async () => {
    const { user, fetchMock } = open();
    await user.click(await screen.findByRole('button', { name: 'New verification exercise' }));
    const form = screen.getByRole('form', { name: 'New verification exercise' });
    const grace = within(form).getByRole('spinbutton', { name: /Grace days/ });
    await user.clear(grace);
    await user.click(within(form).getByRole('button', { name: 'Create exercise' }));
    expect(await within(form).findByText(CAMPAIGN_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(form).getByText(CAMPAIGN_MESSAGES.closesOnRequired)).toBeTruthy();
    expect(within(form).getByText(CAMPAIGN_MESSAGES.graceDays)).toBeTruthy();

    // A closing day before the opening is refused on the closing day's field.
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Works headcount');
    setDate(within(form).getByLabelText(/Opening date/), '2030-03-10');
    setDate(within(form).getByLabelText(/Closing date/), '2030-03-01');
    await user.type(grace, '7');
    await user.click(within(form).getByRole('button', { name: 'Create exercise' }));
    expect(await within(form).findByText(CAMPAIGN_MESSAGES.closesBeforeOpens)).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/v1/campaigns')).toBe(0);
  });

  it('sends the scope, dates and documents, and shows a 409 of an overlapping exercise', async () => {
    const overlap = CAMPAIGN_MESSAGES.overlaps({
      name: 'Health headcount 2026',
      opensOn: '2026-11-20',
      closesOn: '2026-12-04',
      graceEndsOn: '2026-12-11',
    });
    const { user, fetchMock } = open('/dashboard/tenant-admin/exercises', {
      'POST /api/v1/campaigns': { status: 409, body: { message: overlap, code: 'CONFLICT' } },
    });
    await user.click(await screen.findByRole('button', { name: 'New verification exercise' }));
    const form = screen.getByRole('form', { name: 'New verification exercise' });
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'Second health headcount');
    await user.click(within(form).getByRole('combobox', { name: /Ministries/ }));
    await user.click(await screen.findByRole('option', { name: 'Ministry of Health' }));
    await user.keyboard('{Escape}');
    setDate(within(form).getByLabelText(/Opening date/), '2030-03-01');
    setDate(within(form).getByLabelText(/Closing date/), '2030-03-20');
    await user.type(within(form).getByRole('textbox', { name: 'Document' }), 'Payslip{Enter}');
    await user.click(within(form).getByRole('button', { name: 'Create exercise' }));

    expect((await within(form).findByRole('alert')).textContent).toContain(overlap);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Second health headcount',
      ministryIds: ['0b4f2c1e-5d6a-4c8e-9f10-2a3b4c5d6e7f'],
      departmentIds: [],
      opensOn: '2030-03-01',
      closesOn: '2030-03-20',
      graceDays: 7,
      documents: ['Payslip'],
    });
  });
});

describe("an exercise's progress (issue #33 item 4)", () => {
  it('shows appeared / in scope, the counts, the days by posting and by agent', async () => {
    open('/dashboard/tenant-admin/exercises?exercise=c-1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Health headcount 2026' })).toBeTruthy();
    expect(screen.getByText('Letter of first appointment · National ID card')).toBeTruthy();
    const bar = await screen.findByRole('progressbar', { name: 'Appeared of those in scope' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(bar.getAttribute('aria-valuetext')).toBe('12 of 40 appeared');
    expect(screen.getByText('11 days left · Counted Nov 24, 2026, 10:30 AM')).toBeTruthy();
    const figures = screen.getByRole('list', { name: 'Figures' });
    expect(figures.textContent).toContain('Remaining26');
    expect(figures.textContent).toContain('Excused2');
    expect(figures.textContent).toContain('Monthly pay of the remaining₦3,250,000.50');
    const postings = screen.getByRole('table', { name: 'Progress by ministry and department' });
    const row = within(postings).getByRole('row', { name: /Ministry of Health/ });
    expect(row.textContent).toContain('Nursing Services');
    expect(row.textContent).toContain('₦3,250,000.50');
    const agents = screen.getByRole('table', { name: 'People verified by field agents' });
    expect(within(agents).getByRole('row', { name: /agent@demo.local/ }).textContent).toContain(
      'Nov 23, 2026: 3',
    );
    // The chart's figures, for screen readers and phones.
    expect(screen.getByRole('table', { name: /People who first appeared on each of 5 days/ })).toBeTruthy();
    expect(screen.getByText(/The no-shows are listed the day after the grace period ends/)).toBeTruthy();
  });

  it("shows the appeals against the exercise's suspensions in the report (issue #34)", async () => {
    const appeals = buildAppealFigures({
      received: 9,
      decided: 6,
      decidedOnTime: 5,
      byDecision: { UPHELD: 3, PARTLY_UPHELD: 1, REJECTED: 2, WITHDRAWN: 0 },
      reinstated: 4,
      arrearsOwed: 1_234_567.5,
      arrearsPayUnknown: 1,
    });
    open('/dashboard/tenant-admin/exercises?exercise=c-1', {
      'GET /api/v1/campaigns/c-1/report': ok(buildReport({ appeals })),
    });
    const list = await screen.findByRole('list', { name: 'Appeals against these suspensions' });
    const text = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(text).toEqual([
      'Appeals received9',
      'Decided6',
      'Decided on time5',
      'Upheld3',
      'Partly upheld1',
      'Rejected2',
      'Withdrawn0',
      'Reinstated4',
      'Arrears owed₦1,234,567.50',
    ]);
    expect(screen.getByText(/1 reinstated person’s monthly pay is not known/)).toBeTruthy();
  });

  it('reads the progress again every 30 s while the exercise is open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = open('/dashboard/tenant-admin/exercises?exercise=c-1');
      await screen.findByRole('progressbar', { name: 'Appeared of those in scope' });
      const before = callsTo(fetchMock, PROGRESS);
      await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS + 100));
      await waitFor(() => expect(callsTo(fetchMock, PROGRESS)).toBe(before + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not poll a closed exercise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = open('/dashboard/tenant-admin/exercises?exercise=c-1', {
        'GET /api/v1/campaigns/c-1': ok(buildExercise({ state: 'CLOSED' })),
        [PROGRESS]: ok(buildProgress({ state: 'CLOSED', daysLeft: 0 })),
      });
      await screen.findByRole('progressbar', { name: 'Appeared of those in scope' });
      const before = callsTo(fetchMock, PROGRESS);
      await act(() => vi.advanceTimersByTimeAsync(PROGRESS_POLL_MS * 3));
      expect(callsTo(fetchMock, PROGRESS)).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's refusal to shorten in the Extend dialog", async () => {
    const { user } = open('/dashboard/tenant-admin/exercises?exercise=c-1', {
      'POST /api/v1/campaigns/c-1/extend': {
        status: 409,
        body: { message: CAMPAIGN_MESSAGES.closed, code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Extend' }));
    const dialog = screen.getByRole('dialog', { name: 'Extend the exercise' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Flooding in the north');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CAMPAIGN_MESSAGES.closed);
  });
});
