import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { callsTo, stubApi, type ApiReplies } from '../../../test/stub-fetch.ts';
import { PERSON_ID, buildFieldDesk, buildFieldExercise, buildFieldPerson } from '../test/build-field.ts';

const DESK = 'GET /api/v1/agent/exercises';
const PERSON = `GET /api/v1/agent/people/${PERSON_ID}`;
const searchKey = (q: string) => `GET /api/v1/agent/people?${new URLSearchParams({ q })}`;

function openAgentScreen(path: string, replies: ApiReplies) {
  storeToken(buildToken({ sub: 'agent-1', role: 'AGENT' }));
  const fetchMock = stubApi({ [DESK]: { status: 200, body: buildFieldDesk() }, ...replies });
  const view = renderApp(path);
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
    const { user, fetchMock, router } = openAgentScreen('/dashboard/agent/verify', {
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
    expect(router.state.location.search).toBe(`?person=${PERSON_ID}`);
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
    const { user, fetchMock, router } = openAgentScreen('/dashboard/agent/verify', {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    await search(user, `https://lagos.portal.example/dashboard/agent/verify?person=${PERSON_ID}`);
    expect(within(await personCard()).getByRole('heading', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?person=${PERSON_ID}`);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/v1/agent/people?'))).toBe(false);
  });
});

describe('the printed QR code opens ?person=', { timeout: 20_000 }, () => {
  it('loads the person and shows the card; closing it leaves the desk', async () => {
    const { user, fetchMock, router } = openAgentScreen(`/dashboard/agent/verify?person=${PERSON_ID}`, {
      [PERSON]: { status: 200, body: buildFieldPerson() },
    });
    const card = within(await personCard());
    expect(await card.findByRole('heading', { name: 'Hafsat Abdullahi' })).toBeTruthy();
    expect(card.getByText('PSN635465')).toBeTruthy();
    expect(card.getByText('Next step: Claim the account')).toBeTruthy();
    expect(callsTo(fetchMock, PERSON)).toBe(1);

    await user.click(card.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('field-person-card')).toBeNull());
    expect(router.state.location.search).toBe('');
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
