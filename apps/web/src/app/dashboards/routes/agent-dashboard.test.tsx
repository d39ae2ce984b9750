import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getStoredToken, storeToken } from '../../../lib/auth-storage.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { SESSION_KEYS } from '../../../lib/storage-keys.ts';
import { buildToken } from '../../../test/build-token.ts';
import { buildAppeal } from '../../../test/build-appeal.ts';
import { callsTo, stubApi, type ApiReplies } from '../../../test/stub-fetch.ts';
import {
  PERSON_ID,
  buildFieldDesk,
  buildFieldExercise,
  buildFieldPerson,
  buildReverifyPerson,
} from '../../../features/field/test/build-field.ts';
import { AgentDashboardPage } from './agent-dashboard.tsx';

/*
 * The field agent's dashboard (/dashboard/agent/verify), a page of its own on the field kit (issue
 * #32): the desk (issue #33 item 6) above the agent's claim card, the appeals' action on the
 * person's card (issue #34). Run on Preact by the web-field project as the build runs it, and on
 * React by the web project as the dev server does.
 */

const DESK = 'GET /api/v1/agent/exercises';
const PERSON = `GET /api/v1/agent/people/${PERSON_ID}`;
const REVERIFY = `POST /api/v1/agent/records/${PERSON_ID}/verify`;
const searchKey = (q: string) => `GET /api/v1/agent/people?${new URLSearchParams({ q })}`;

function openAgentScreen(path: string, replies: ApiReplies) {
  storeToken(buildToken({ sub: 'agent-1', role: 'AGENT' }));
  window.history.replaceState(null, '', path);
  const fetchMock = stubApi({ [DESK]: { status: 200, body: buildFieldDesk() }, ...replies });
  const view = render(<AgentDashboardPage />);
  return { ...view, fetchMock, user: userEvent.setup() };
}

const personCard = () => screen.findByTestId('field-person-card');

async function search(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(await screen.findByRole('textbox', { name: /^Search by name or number/ }), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe("the agent's desk (issue #33 item 6)", { timeout: 20_000 }, () => {
  it('shows each running exercise: closing day, documents to check, progress, help today, sites', async () => {
    openAgentScreen('/dashboard/agent/verify', {});
    const exercise = await screen.findByRole('article', { name: 'Finance headcount 2026' });
    const card = within(exercise);
    expect(card.getByText('Closes Dec 18, 2026')).toBeTruthy();
    expect(card.getByText('First appointment letter')).toBeTruthy();
    expect(card.getByText('Last promotion letter')).toBeTruthy();
    expect(card.getByText('50 of 200 appeared')).toBeTruthy();
    expect(card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(card.getByText('148 remaining')).toBeTruthy();
    expect(card.getByText('You helped 7 today')).toBeTruthy();
    expect(card.getByText('Lokoja Secretariat Hall B')).toBeTruthy();
    // The SPEC's texts of the dashboard and the identity check stay where they were.
    expect(screen.getByText('Data collection and field operations')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Agent Operations' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeTruthy();
  });

  it('says so when no exercise runs in the assignment today', async () => {
    openAgentScreen('/dashboard/agent/verify', { [DESK]: { status: 200, body: buildFieldDesk([]) } });
    expect(
      await screen.findByText('No verification exercise is running in your assignment today.'),
    ).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('keeps the exercise without documents or sites readable', async () => {
    openAgentScreen('/dashboard/agent/verify', {
      [DESK]: {
        status: 200,
        body: buildFieldDesk([buildFieldExercise({ documents: [], todaySchedule: [] })]),
      },
    });
    const exercise = within(await screen.findByRole('article', { name: 'Finance headcount 2026' }));
    expect(exercise.getByText('The exercise names no documents.')).toBeTruthy();
    expect(exercise.getByText('No site is scheduled for today.')).toBeTruthy();
  });
});

describe('find a person', { timeout: 20_000 }, () => {
  it('lists the matches with PSN, posting, claim and next step; choosing one shows the card', async () => {
    const { user, fetchMock } = openAgentScreen('/dashboard/agent/verify', {
      [searchKey('Hafsat')]: { status: 200, body: { people: [buildFieldPerson()], more: false } },
    });
    await search(user, 'Hafsat');

    const results = await screen.findByRole('list', { name: 'Find a person' });
    const result = within(results).getByRole('button', { name: /Hafsat Abdullahi/ });
    expect(within(result).getByText(/PSN635465/)).toBeTruthy();
    expect(within(result).getByText('Ministry of Finance \u00b7 Treasury')).toBeTruthy();
    expect(within(result).getByText('Not claimed')).toBeTruthy();
    expect(within(result).getByText('Last appeared: Never')).toBeTruthy();
    expect(within(result).getByText('Next step: Claim the account')).toBeTruthy();
    expect(screen.getByText('1 person found')).toBeTruthy();

    await user.click(result);
    const card = within(await personCard());
    expect(card.getByRole('heading', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(card.getByText('DM/FIN/99796')).toBeTruthy();
    expect(window.location.search).toBe(`?person=${PERSON_ID}`);
    // The search's answer is the card's: no second call for the same person.
    expect(callsTo(fetchMock, PERSON)).toBe(0);
    // The card takes the results' place (on a phone they would push it off the screen); closing
    // it brings them back.
    expect(screen.queryByRole('list', { name: 'Find a person' })).toBeNull();
    await user.click(card.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('list', { name: 'Find a person' })).toBeTruthy();
  });

  it("leaves the identity check ready for a CLAIM, the NIN still empty for the person's own", async () => {
    const { user } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    await user.click(
      await within(await personCard()).findByRole('button', { name: 'Start the identity check' }),
    );

    expect((await screen.findByTestId('claim-for')).textContent).toContain(
      'Identity check for Hafsat Abdullahi',
    );
    const ssid = screen.getByRole('textbox', { name: /^SSID/ });
    await waitFor(() => expect(document.activeElement).toBe(ssid));
    expect(screen.getByRole('textbox', { name: /^NIN/ })).toHaveProperty('value', '');
    expect(ssid).toHaveProperty('value', '');
  });

  it('offers no identity check for someone who already appeared', async () => {
    openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: {
        status: 200,
        body: buildFieldPerson({
          claimed: true,
          lastAppearedOn: '2026-11-28',
          nextStep: 'NONE',
          status: 'VALIDATED',
        }),
      },
    });
    const card = within(await personCard());
    expect(await card.findByText('Nov 28, 2026')).toBeTruthy();
    expect(card.getByText('Claimed')).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Start the identity check' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Re-verify with them' })).toBeNull();
  });

  it('says when no one matches, and when more match than are listed', async () => {
    const many = Array.from({ length: 20 }, (_, i) =>
      buildFieldPerson({
        id: `3f0c2a52-8d4e-4c1b-9a6f-2b7d9e1c4a${String(i).padStart(2, '0')}`,
        fullName: `Musa ${i}`,
      }),
    );
    const { user } = openAgentScreen('/dashboard/agent/verify', {
      [searchKey('Zzz')]: { status: 200, body: { people: [], more: false } },
      [searchKey('Musa')]: { status: 200, body: { people: many, more: true } },
    });
    await search(user, 'Zzz');
    expect(await screen.findByText('No one in your assignment matches \u201cZzz\u201d.')).toBeTruthy();

    await user.clear(screen.getByRole('textbox', { name: /^Search by name or number/ }));
    await search(user, 'Musa');
    expect(await screen.findByText('More people match: type more of the name.')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Find a person' })).getAllByRole('button')).toHaveLength(
      20,
    );
  });

  it('opens the person of a scanned QR link typed into the search, without a search call', async () => {
    const { user, fetchMock } = openAgentScreen('/dashboard/agent/verify', {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    await search(user, `https://lagos.portal.example/dashboard/agent/verify?person=${PERSON_ID}`);
    expect(within(await personCard()).getByRole('heading', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(window.location.search).toBe(`?person=${PERSON_ID}`);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/agent/people?'))).toBe(false);
  });
});

describe('the printed QR code opens ?person=', { timeout: 20_000 }, () => {
  it('loads the person and shows the card; closing it leaves the desk', async () => {
    const { user, fetchMock } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    const card = within(await personCard());
    expect(await card.findByRole('heading', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(card.getByText('PSN635465')).toBeTruthy();
    expect(card.getByText('Next step: Claim the account')).toBeTruthy();
    expect(callsTo(fetchMock, PERSON)).toBe(1);

    await user.click(card.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('field-person-card')).toBeNull());
    expect(window.location.search).toBe('');
  });

  it('says "not in your assignment or not found" on a 404', async () => {
    openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 404, body: { message: 'Person not found', code: 'NOT_FOUND' } },
    });
    const card = within(await personCard());
    expect(
      await card.findByText(
        'This person is not in your assignment, or was not found. Check the code or search by name.',
      ),
    ).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Start the identity check' })).toBeNull();
  });
});

describe('re-verify with them (a person whose next step is REVERIFY)', { timeout: 20_000 }, () => {
  const SSID = 'SS20458812';
  const NIN = '40187362951';

  async function openReverifyForm(replies: ApiReplies) {
    const view = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, replies);
    const card = within(await personCard());
    await view.user.click(await card.findByRole('button', { name: 'Re-verify with them' }));
    const form = within(card.getByRole('form', { name: 'Re-verify Hafsat Abdullahi' }));
    await view.user.type(form.getByRole('textbox', { name: /^SSID/ }), SSID);
    await view.user.type(form.getByRole('textbox', { name: /^NIN/ }), NIN);
    await view.user.click(form.getByRole('button', { name: 'Re-verify' }));
    return { ...view, card, form };
  }

  it('is offered for REVERIFY only: a CLAIM gets the identity check instead', async () => {
    openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    const claim = within(await personCard());
    expect(await claim.findByRole('button', { name: 'Start the identity check' })).toBeTruthy();
    expect(claim.queryByRole('button', { name: 'Re-verify with them' })).toBeNull();
    expect(claim.queryByRole('form')).toBeNull();
  });

  it('opens the form on request, SSID focused, no identity check offered', async () => {
    const { user } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildReverifyPerson() },
    });
    const card = within(await personCard());
    expect(card.queryByRole('form')).toBeNull();
    expect(card.queryByRole('button', { name: 'Start the identity check' })).toBeNull();
    await user.click(await card.findByRole('button', { name: 'Re-verify with them' }));

    const form = within(card.getByRole('form', { name: 'Re-verify Hafsat Abdullahi' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByRole('textbox', { name: /^SSID/ })));
    expect(form.getByRole('button', { name: 'Re-verify' })).toHaveProperty('disabled', true);
    expect(card.queryByRole('button', { name: 'Re-verify with them' })).toBeNull();
  });

  it("sends the person's record id with exactly SSID and NIN, shows the answer, reads card and desk again", async () => {
    const { fetchMock, card, form } = await openReverifyForm({
      [PERSON]: [
        { status: 200, body: buildReverifyPerson() },
        {
          status: 200,
          body: buildReverifyPerson({
            status: 'PENDING_GRADE_VALIDATION',
            nextStep: 'NONE',
            lastAppearedOn: '2026-11-29',
          }),
        },
      ],
      [REVERIFY]: {
        status: 200,
        body: { newStatus: 'PENDING_GRADE_VALIDATION', message: 'ignored: the status decides the text' },
      },
    });

    expect((await form.findByRole('status')).textContent).toBe(
      'Re-verification successful! Your record is now pending final review.',
    );
    const sent = fetchMock.mock.calls.filter(([url, init]) => `${init?.method} ${String(url)}` === REVERIFY);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ ssid: SSID, nin: NIN });

    // The person appeared: the card says so, and the form keeps the answer, locked.
    expect(await card.findByText('Next step: Nothing to do')).toBeTruthy();
    expect(card.getByText('Nov 29, 2026')).toBeTruthy();
    expect(callsTo(fetchMock, PERSON)).toBe(2);
    await waitFor(() => expect(callsTo(fetchMock, DESK)).toBe(2));
    expect(form.getByRole('textbox', { name: /^SSID/ })).toHaveProperty('disabled', true);
    expect(form.getByRole('button', { name: 'Re-verify' })).toHaveProperty('disabled', true);
  });

  it('says a check that found a mismatch is not a success', async () => {
    const { form } = await openReverifyForm({
      [PERSON]: { status: 200, body: buildReverifyPerson() },
      [REVERIFY]: { status: 200, body: { newStatus: 'MISMATCHED', message: 'x' } },
    });
    const status = await form.findByRole('status');
    expect(status.textContent).toContain('your details differ from your identity record');
    expect(status.className).toContain('fk-alert--warning');
  });

  it.each([
    [404, 'Record not found'],
    [409, 'This record is not awaiting re-verification.'],
  ])("shows the server's message on a %i and reads nothing again", async (status, message) => {
    const { fetchMock, form } = await openReverifyForm({
      [PERSON]: { status: 200, body: buildReverifyPerson() },
      [REVERIFY]: { status, body: { message, code: status === 404 ? 'NOT_FOUND' : 'CONFLICT' } },
    });
    expect((await form.findByRole('alert')).textContent).toBe(message);
    expect(form.queryByRole('status')).toBeNull();
    expect(callsTo(fetchMock, PERSON)).toBe(1);
    // Still open to a second try (a wrong SSID typed, a refusal read out).
    expect(form.getByRole('textbox', { name: /^SSID/ })).toHaveProperty('disabled', false);
  });
});

describe('an appeal lodged with the person present (issue #34 item 1)', { timeout: 20_000 }, () => {
  it('is offered for a suspended person: the appeal names their record', async () => {
    const lodged = buildAppeal({ id: 'a-9', recordId: PERSON_ID, channel: 'AGENT' });
    const { user, fetchMock } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson({ status: 'SUSPENDED', nextStep: 'NONE' }) },
      'POST /api/v1/appeals': { status: 201, body: lodged },
    });
    const card = within(await personCard());
    await user.click(await card.findByRole('button', { name: 'Lodge an appeal with them' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Appeal for Hafsat Abdullahi' }));
    await user.selectOptions(
      dialog.getByRole('combobox', { name: /What happened/ }),
      dialog.getByRole('option', { name: 'I was on approved leave' }),
    );
    await user.type(dialog.getByRole('textbox', { name: /Their grounds/ }), 'Maternity leave, letter shown.');
    await user.click(dialog.getByRole('button', { name: 'Lodge appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/v1/appeals')).toBe(1);
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/v1/appeals' && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      recordId: PERSON_ID,
      kind: 'APPROVED_LEAVE',
      grounds: 'Maternity leave, letter shown.',
    });
  });

  it('is not offered for a person on the payroll', async () => {
    openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson({ status: 'VALIDATED', nextStep: 'NONE' }) },
    });
    const card = within(await personCard());
    expect(await card.findByText(/Hafsat Abdullahi/)).toBeTruthy();
    expect(card.queryByRole('button', { name: 'Lodge an appeal with them' })).toBeNull();
  });
});

describe("the agent's dashboard, a page of its own (issue #32)", { timeout: 20_000 }, () => {
  const ME = 'GET /api/v1/users/me';
  const INITIATE = 'POST /api/v1/agent/verify';
  const CHALLENGE = 'POST /api/v1/agent/challenge';
  const ACCOUNT = 'POST /api/v1/auth/create-account';

  it("keeps SPEC's texts and roles: title, subtitle, the panel, the identity check; Sign Out, no 'Back to Login'", async () => {
    const { user, container } = openAgentScreen('/dashboard/agent/verify', {
      [ME]: { status: 200, body: { fullName: 'Femi Field-Agent', email: 'agent@demo.local' } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeTruthy();
    expect(screen.getByText('Data collection and field operations')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Agent Operations' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Exercises running today' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Find a person' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign Out' })).toBeTruthy();
    expect(await screen.findByText('Femi Field-Agent')).toBeTruthy();
    // The agent's words, the NIN on a phone's number pad.
    expect(screen.getByRole('checkbox', { name: /to the use of their NIN and SSID/ })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^NIN/ }).getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(container.querySelector('[data-prerendered]')).toBeNull());
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
  });

  it('goes to the sign-in page when the session ends while it is open', async () => {
    storeToken(buildToken({ sub: 'agent-1', role: 'AGENT', exp: Math.floor(Date.now() / 1000) + 1 }));
    stubApi({ [DESK]: { status: 200, body: buildFieldDesk() } });
    render(<AgentDashboardPage />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Find a person' })).toBeTruthy();
    expect(pageLoad.replace).not.toHaveBeenCalled();
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/login'), { timeout: 3000 });
  });

  it("shows the sign-in page's welcome once", async () => {
    sessionStorage.setItem(
      SESSION_KEYS.handedOverToast,
      JSON.stringify({ message: 'Login successful! Welcome back.', variant: 'success', durationMs: 5000 }),
    );
    openAgentScreen('/dashboard/agent/verify', {});
    expect(await screen.findByText('Login successful! Welcome back.')).toBeTruthy();
    expect(sessionStorage.getItem(SESSION_KEYS.handedOverToast)).toBeNull();
  });

  it('makes an account for the person: the toast at the top centre, the card starts again, the desk reads its people again', async () => {
    const { user, fetchMock } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: [
        { status: 200, body: buildFieldPerson() },
        {
          status: 200,
          body: buildFieldPerson({ claimed: true, nextStep: 'NONE', lastAppearedOn: '2026-11-29' }),
        },
      ],
      [INITIATE]: { status: 200, body: { recordId: 'claim-1', nextStep: 'CHALLENGE_PSN' } },
      [CHALLENGE]: {
        status: 200,
        body: { success: true, message: 'Identity confirmed. Create your credentials.' },
      },
      [ACCOUNT]: { status: 201, body: { token: buildToken({ role: 'SELF_SERVICE_USER' }) } },
    });
    const agentToken = getStoredToken();
    const card = within(await personCard());
    await user.click(await card.findByRole('button', { name: 'Start the identity check' }));
    await user.type(screen.getByRole('textbox', { name: /^SSID/ }), 'SS45837531');
    await user.type(screen.getByRole('textbox', { name: /^NIN/ }), '94274577030');
    await user.click(screen.getByRole('checkbox', { name: /to the use of their NIN and SSID/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /^PSN/ }), 'PSN635465');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'hafsat@example.gov.ng');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Employee-Pass1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    const toast = (await screen.findByText('Account created successfully for the user!')).closest(
      '.fk-toasts',
    );
    expect(toast?.className).toContain('fk-toasts--center');
    expect(await screen.findByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeTruthy();
    expect(screen.queryByTestId('claim-for')).toBeNull();
    // The agent stays signed in: the new account's token is not kept.
    expect(getStoredToken()).toBe(agentToken);
    expect(await card.findByText('Claimed')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, DESK)).toBe(2));
    expect(callsTo(fetchMock, PERSON)).toBe(2);
  });

  it("Back closes the person's card (the address keeps the person)", async () => {
    const { user } = openAgentScreen('/dashboard/agent/verify', {
      [searchKey('Hafsat')]: { status: 200, body: { people: [buildFieldPerson()], more: false } },
    });
    await search(user, 'Hafsat');
    await user.click(
      within(await screen.findByRole('list', { name: 'Find a person' })).getByRole('button', {
        name: /Hafsat/,
      }),
    );
    expect(await personCard()).toBeTruthy();
    window.history.back();
    await waitFor(() => expect(screen.queryByTestId('field-person-card')).toBeNull());
    expect(window.location.search).toBe('');
  });
});

describe("the agent's appeal: documents go after it, one by one", { timeout: 20_000 }, () => {
  it('attaches the chosen file, says so in a toast, and closes', async () => {
    const lodged = buildAppeal({ id: 'a-9', recordId: PERSON_ID, channel: 'AGENT' });
    const { user, fetchMock } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson({ status: 'REJECTED', nextStep: 'NONE' }) },
      'POST /api/v1/appeals': { status: 201, body: lodged },
      'POST /api/v1/appeals/a-9/attachments': { status: 201, body: { id: 'att-1' } },
    });
    await user.click(
      await within(await personCard()).findByRole('button', { name: 'Lodge an appeal with them' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Appeal for Hafsat Abdullahi' }));
    // Nothing chosen: the form says what is missing and sends nothing.
    await user.click(dialog.getByRole('button', { name: 'Lodge appeal' }));
    expect(dialog.getByText('Grounds are required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/v1/appeals')).toBe(0);

    await user.selectOptions(dialog.getByRole('combobox', { name: /What happened/ }), 'WAS_PRESENT');
    await user.type(dialog.getByRole('textbox', { name: /Their grounds/ }), 'Was at the site.');
    await user.upload(
      dialog.getByTestId('appeal-files'),
      new File(['%PDF-1.7'], 'attendance.pdf', { type: 'application/pdf' }),
    );
    expect(dialog.getByText(/attendance\.pdf/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Lodge appeal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/v1/appeals/a-9/attachments')).toBe(1);
    expect(await screen.findByText(/lodged/i, { selector: '.fk-toast__message' })).toBeTruthy();
  });
});
