import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import { CLAIM_MESSAGES } from '@portal/contract/claims';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';

const CLAIM = { recordId: 'opaque-claim-token', nextStep: 'CHALLENGE_PSN' };
const PASSED = { success: true, message: CLAIM_MESSAGES.challengePassed };
const LODGED = {
  reference: '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
  deadline: '2026-12-29T09:00:00.000Z',
  message: APPEAL_MESSAGES.lodgedPublic,
};
const IDENTITY = {
  'POST /api/v1/verification/initiate': { status: 200, body: CLAIM },
  'POST /api/v1/verification/challenge': { status: 200, body: PASSED },
  'GET /api/v1/claims/tenant': { status: 200, body: { name: 'Lagos State' } },
};
const GROUNDS = 'I was at the Lokoja site on the first day; my name was not called.';

const card = () => screen.getByTestId('registration-card');
const requestTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.find(([input]) => String(input) === url)?.[1];

/** Consent, SSID and NIN, then the PSN: the claim's identity check, as on /register-employee. */
async function checkIdentity(user: ReturnType<typeof userEvent.setup>) {
  expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeTruthy();
  await user.type(screen.getByRole('textbox', { name: /^SSID/ }), 'SS45837531');
  await user.type(screen.getByRole('textbox', { name: /^NIN/ }), '94274577030');
  await user.click(screen.getByRole('checkbox', { name: /to the use of my NIN and SSID/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.type(await screen.findByRole('textbox', { name: /^PSN/ }), 'PSN479249');
  await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Appeal' })).toBeTruthy();
}

async function fillAppeal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: /What happened/ }));
  await user.click(await screen.findByRole('option', { name: 'I was present' }));
  await user.type(screen.getByRole('textbox', { name: /Your grounds/ }), GROUNDS);
  await user.click(screen.getByRole('button', { name: 'Lodge Appeal' }));
}

describe('public appeal page (/appeal)', () => {
  it("lodges the appeal with the claim's id and tenant, then shows the reference and the deadline", async () => {
    const fetchMock = stubApi({
      ...IDENTITY,
      'POST /api/v1/appeals/public': { status: 201, body: LODGED },
    });
    const user = userEvent.setup();
    renderApp('/appeal?tenant=lagos');
    expect(await within(card()).findByText('Lagos State employee portal')).toBeTruthy();
    expect(within(card()).getByText('Appeal a suspension')).toBeTruthy();
    expect(within(card()).getByText('Step 1 of 3')).toBeTruthy();
    await checkIdentity(user);
    expect(within(card()).getByText('Step 3 of 3')).toBeTruthy();
    // The PSN step's 'Create your credentials' is the claim's; the appeal does not show it.
    expect(screen.queryByText(CLAIM_MESSAGES.challengePassed)).toBeNull();
    expect(screen.getByRole('button', { name: 'Lodge Appeal' })).toHaveProperty('disabled', true);
    await fillAppeal(user);

    const lodged = await screen.findByTestId('public-appeal-lodged');
    expect(within(lodged).getByRole('status').textContent).toBe(APPEAL_MESSAGES.lodgedPublic);
    expect(within(lodged).getByTestId('public-appeal-reference').textContent).toBe(LODGED.reference);
    expect(within(lodged).getByText('Dec 29, 2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Lodge Appeal' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Your grounds/ })).toBeNull();
    const sent = requestTo(fetchMock, '/api/v1/appeals/public');
    expect(JSON.parse(String(sent?.body))).toEqual({
      claimId: 'opaque-claim-token',
      kind: 'WAS_PRESENT',
      grounds: GROUNDS,
    });
    expect(new Headers(sent?.headers).get('X-Tenant')).toBe('lagos');
  });

  it("shows the server's 409 for a record that is not suspended, and keeps the form", async () => {
    stubApi({
      ...IDENTITY,
      'POST /api/v1/appeals/public': {
        status: 409,
        body: { message: APPEAL_MESSAGES.publicOnlySuspended, code: 'CONFLICT' },
      },
    });
    const user = userEvent.setup();
    renderApp('/appeal');
    await checkIdentity(user);
    await fillAppeal(user);
    expect((await screen.findByRole('alert')).textContent).toBe(APPEAL_MESSAGES.publicOnlySuspended);
    expect(screen.queryByTestId('public-appeal-lodged')).toBeNull();
    expect(screen.getByRole('textbox', { name: /Your grounds/ })).toHaveProperty('value', GROUNDS);
  });

  it('offers Start Over with the 400 of a spent claim, back to a fresh step one', async () => {
    stubApi({
      ...IDENTITY,
      'POST /api/v1/appeals/public': {
        status: 400,
        body: { message: CLAIM_MESSAGES.claimExpired, code: 'VALIDATION_ERROR' },
      },
    });
    const user = userEvent.setup();
    renderApp('/appeal');
    await checkIdentity(user);
    await fillAppeal(user);
    expect((await screen.findByRole('alert')).textContent).toBe(CLAIM_MESSAGES.claimExpired);
    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^SSID/ })).toHaveProperty('value', '');
  });

  it('says the connection dropped, as the claim does, and keeps the step for another try', async () => {
    const fetchMock = stubApi(IDENTITY);
    const user = userEvent.setup();
    renderApp('/appeal');
    await checkIdentity(user);
    const answered = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/v1/appeals/public') throw new TypeError('Failed to fetch');
      return answered(input, init);
    });
    await fillAppeal(user);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The connection dropped before an answer came. Nothing was lost: check your signal, then try this step again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Your Appeal' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Your grounds/ })).toHaveProperty('value', GROUNDS);
    expect(screen.getByRole('button', { name: 'Lodge Appeal' })).toHaveProperty('disabled', false);
  });
});
