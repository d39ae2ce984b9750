import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLAIM_CONSENT, CONSENT_VERSION } from '@portal/contract/claim-texts';
import { getStoredToken, storeToken } from '../../../lib/auth-storage.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { buildToken } from '../../../test/build-token.ts';
import { callsTo, stubApi } from '../../../test/stub-fetch.ts';
import { RegisterEmployeePage } from './register-employee-page.tsx';

/*
 * The claim page (/register-employee), a page of its own on the field kit (issue #32): the
 * registration card's behaviour as the app's card had it (SPEC §2, §4, §8), run on Preact by the
 * web-field project as the build runs it, and on React by the web project as the dev server does.
 */

const EMPLOYEE_TOKEN = buildToken({ sub: 'employee-1', role: 'SELF_SERVICE_USER' });
const CLAIM = { recordId: 'opaque-claim-token', nextStep: 'CHALLENGE_PSN' };
const PASSED = { success: true, message: 'Identity confirmed. Create your credentials.' };
const DROPPED =
  'The connection dropped before an answer came. Nothing was lost: check your signal, then try this step again.';

const renderPage = (search = '') => render(<RegisterEmployeePage search={search} />);
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const card = () => screen.getByTestId('registration-card');
const headersOf = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  new Headers(fetchMock.mock.calls.find(([input]) => String(input) === url)?.[1]?.headers);
const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string): unknown =>
  JSON.parse(String(fetchMock.mock.calls.find(([input]) => String(input) === url)?.[1]?.body));
const calledTo = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  fetchMock.mock.calls.some(([input]) => String(input) === url);

const consentBox = () => screen.getByRole('checkbox', { name: /to the use of (my|their) NIN and SSID/ });
const ssidInput = () => screen.getByRole('textbox', { name: /^SSID/ });
const ninInput = () => screen.getByRole('textbox', { name: /^NIN/ });

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(ssidInput(), 'SS45837531');
  await user.type(ninInput(), '94274577030');
  if (!(consentBox() as HTMLInputElement).checked) await user.click(consentBox());
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.gov.ng');
  await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'Employee-Pass1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('claim page, its frame', () => {
  it('is the app frame: skip link first, the title home, the links under the card, the foot note', async () => {
    stubApi({});
    const user = userEvent.setup();
    const { container } = renderPage();
    expect(await heading('Verify Your Identity')).toBeTruthy();
    expect(within(card()).getByText('Claim Your Secure Account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verification Portal\u2122' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    expect(
      screen
        .getByRole('link', {
          name: 'Suspended from the payroll and never claimed an account? Lodge an appeal',
        })
        .getAttribute('href'),
    ).toBe('/appeal');
    expect(screen.getByTestId('time-zone-note').textContent).toBe('Times in Africa/Lagos (GMT+1)');
    // Live once rendered: the pre-rendered copy is inert, this is not.
    await waitFor(() => expect(container.querySelector('[data-prerendered]')).toBeNull());
    expect(container.querySelector('[inert]')).toBeNull();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it("names the link's tenant, asks in its name and shows its zone; the appeal link keeps it", async () => {
    const fetchMock = stubApi({
      'GET /api/v1/claims/tenant': {
        status: 200,
        body: { name: 'Lagos State', timeZone: 'America/New_York' },
      },
    });
    renderPage('?tenant=lagos');
    // Whose portal it is, asked for the link's tenant (issue #31).
    expect(await within(card()).findByText('Lagos State employee portal')).toBeTruthy();
    expect(headersOf(fetchMock, '/api/v1/claims/tenant').get('X-Tenant')).toBe('lagos');
    expect(screen.getByTestId('time-zone-note').textContent).toMatch(
      /^Times in America\/New_York \(E[SD]T\)$/,
    );
    expect(
      screen.getByRole('link', { name: /never claimed an account\? Lodge an appeal/ }).getAttribute('href'),
    ).toBe('/appeal?tenant=lagos');
  });

  it('names no one when the tenant cannot be told', async () => {
    stubApi({
      'GET /api/v1/claims/tenant': { status: 404, body: { message: 'No tenant', code: 'NOT_FOUND' } },
    });
    renderPage('?tenant=-bad');
    await heading('Verify Your Identity');
    await waitFor(() => expect(screen.getByTestId('time-zone-note').textContent).toMatch(/Africa\/Lagos/));
    expect(within(card()).queryByText(/employee portal/)).toBeNull();
    expect(screen.getByRole('link', { name: /Lodge an appeal/ }).getAttribute('href')).toBe('/appeal');
  });
});

describe('claim page, public variant', () => {
  it('shows the consent statement first; Next stays disabled until it is accepted (issue #22)', async () => {
    const fetchMock = stubApi({ 'POST /api/v1/verification/initiate': { status: 200, body: CLAIM } });
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    expect(within(card()).getByText(CLAIM_CONSENT.title)).toBeTruthy();
    expect(within(card()).getByText(/Nigeria Data Protection Act 2023/)).toBeTruthy();
    expect(within(card()).getByText(`Statement version ${CONSENT_VERSION}`)).toBeTruthy();
    expect((consentBox() as HTMLInputElement).checked).toBe(false);
    expect(consentBox().getAttribute('aria-describedby')).toBe('claim-consent-title');
    await user.type(ssidInput(), 'SS45837531');
    await user.type(ninInput(), '94274577030');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(consentBox());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await user.click(consentBox());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.keyboard('{Enter}');
    expect(calledTo(fetchMock, '/api/v1/verification/initiate')).toBe(false);
  });

  it('types the NIN on a number pad and checks each field once it is left, as the contract does', async () => {
    stubApi({});
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    expect(ninInput().getAttribute('inputmode')).toBe('numeric');
    expect(screen.queryByText('SSID is required')).toBeNull();
    await user.click(ssidInput());
    await user.click(ninInput());
    expect(await screen.findByText('SSID is required')).toBeTruthy();
    expect(screen.queryByText('NIN is required')).toBeNull();
    expect(ssidInput().getAttribute('aria-invalid')).toBe('true');
    await user.type(ssidInput(), 'x'.repeat(65));
    expect(await screen.findByText('Cannot exceed 64 characters')).toBeTruthy();
    await user.clear(ssidInput());
    await user.type(ssidInput(), '   ');
    expect(await screen.findByText('SSID is required')).toBeTruthy();
  });

  it('claims in three steps with the tenant of the link, stores the token and goes home after 2 s', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/claims/tenant': { status: 200, body: { name: 'Lagos State' } },
      'POST /api/v1/verification/initiate': { status: 200, body: CLAIM },
      'POST /api/v1/verification/challenge': { status: 200, body: PASSED },
      'POST /api/v1/auth/create-account': { status: 200, body: { token: EMPLOYEE_TOKEN } },
    });
    const user = userEvent.setup();
    renderPage('?tenant=Lagos');

    expect(await heading('Verify Your Identity')).toBeTruthy();
    expect(within(card()).getByText('Step 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.type(ssidInput(), '  SS45837531 ');
    await user.type(ninInput(), '94274577030');
    await user.click(consentBox());
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await heading('Security Confirmation')).toBeTruthy();
    expect(within(card()).getByText('Step 2 of 3')).toBeTruthy();
    expect(headersOf(fetchMock, '/api/v1/verification/initiate').get('X-Tenant')).toBe('lagos');
    // What the schema hands on: the SSID trimmed.
    expect(bodyOf(fetchMock, '/api/v1/verification/initiate')).toEqual({
      ssid: 'SS45837531',
      nin: '94274577030',
      consentVersion: CONSENT_VERSION,
    });
    const psn = screen.getByRole('textbox', { name: /^PSN/ });
    expect(psn.getAttribute('placeholder')).toBe('Enter your PSN');
    // Focused when the step shows (an effect: after the paint on Preact).
    await waitFor(() => expect(document.activeElement).toBe(psn));
    await user.type(psn, 'PSN479249');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));

    expect(await heading('Create Your Credentials')).toBeTruthy();
    expect(headersOf(fetchMock, '/api/v1/verification/challenge').get('X-Tenant')).toBe('lagos');
    expect(bodyOf(fetchMock, '/api/v1/verification/challenge')).toEqual({
      recordId: 'opaque-claim-token',
      psn: 'PSN479249',
    });
    expect(screen.getByRole('status').textContent).toBe('Identity confirmed. Create your credentials.');
    expect(screen.getByTestId('registration-message').getAttribute('data-icon')).toBe('check');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /^Email/ })));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await fillCredentials(user);

      expect(
        await screen.findByText('Success! Your account has been created. Redirecting to your dashboard...'),
      ).toBeTruthy();
      expect(bodyOf(fetchMock, '/api/v1/auth/create-account')).toEqual({
        email: 'ada@example.gov.ng',
        password: 'Employee-Pass1',
        recordId: 'opaque-claim-token',
      });
      expect(getStoredToken()).toBe(EMPLOYEE_TOKEN);
      // Signed in now: no way back to the sign-in page, Sign Out instead; nothing more to send.
      expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
      expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
      expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveProperty('disabled', true);
      expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', true);
      expect(screen.queryByRole('button', { name: 'Start Over' })).toBeNull();
      // SPEC §4: after 2 s (the fake clock also moves with real time, hence the margin).
      await vi.advanceTimersByTimeAsync(1000);
      expect(pageLoad.replace).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1100);
      // The role's home, loaded: the app starts there (and opens the profile).
      expect(pageLoad.replace).toHaveBeenCalledWith('/dashboard/user');
    } finally {
      vi.useRealTimers();
    }
  });

  it('skips the PSN for a record without one, and sends the email as the schema hands it on', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/verification/initiate': { status: 200, body: { ...CLAIM, nextStep: 'CREATE_ACCOUNT' } },
      'POST /api/v1/auth/create-account': {
        status: 409,
        body: { message: 'This email is already taken', code: 'CONFLICT' },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    await fillIdentity(user);
    expect(await heading('Create Your Credentials')).toBeTruthy();
    expect(within(card()).getByText('Step 3 of 3')).toBeTruthy();
    const password = screen.getByLabelText(/^Password/, { selector: 'input' });
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), ' Ada@Example.GOV.ng ');
    await user.type(password, 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toHaveProperty('disabled', true);
    await user.type(password, '-enough');
    expect(screen.queryByText('Password must be at least 8 characters long')).toBeNull();
    expect(password.getAttribute('autocomplete')).toBe('new-password');
    await user.click(screen.getByRole('button', { name: 'toggle password visibility' }));
    expect(password.getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This email is already taken');
    expect(bodyOf(fetchMock, '/api/v1/auth/create-account')).toEqual({
      email: 'ada@example.gov.ng',
      password: 'short-enough',
      recordId: 'opaque-claim-token',
    });
    expect(getStoredToken()).toBeNull();
  });

  it('shows a spinner instead of the label while the call runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    await fillIdentity(user);

    const button = screen.getByRole('button', { name: 'Verifying...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.fk-spinner')).toBeTruthy();
    expect(within(button).queryByText('Next')).toBeNull();
    // The consent cannot be withdrawn while its check runs.
    expect(consentBox()).toHaveProperty('disabled', true);
    answer(
      new Response(JSON.stringify(CLAIM), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    expect(await heading('Security Confirmation')).toBeTruthy();
  });

  it('shows the server message of a failed step with a warning, or the fixed text without one', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/verification/initiate': [
        {
          status: 429,
          body: { message: 'Too many attempts. Please wait a moment and try again.', code: 'RATE' },
        },
        { status: 500, body: 'not json' },
        { status: 200, body: { recordId: 'claim-1', nextStep: 'SOMETHING_ELSE' } },
      ],
    });
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    await fillIdentity(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many attempts. Please wait a moment and try again.');
    expect(alert.getAttribute('data-icon')).toBe('warning');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Verification failed. Please check your SSID and NIN.',
      ),
    );
    // An answer that is not the contract's: the same fixed text, the step kept.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/v1/verification/initiate')).toBe(3));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'Verification failed. Please check your SSID and NIN.',
    );
    expect(screen.getByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
  });

  it('says a dropped network, keeps the step and its fields, and sends it again', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/verification/initiate': { status: 200, body: CLAIM },
      'POST /api/v1/verification/challenge': { status: 200, body: PASSED },
    });
    const answered = fetchMock.getMockImplementation()!;
    let online = false;
    fetchMock.mockImplementation(async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return answered(input, init);
    });
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    await fillIdentity(user);
    expect((await screen.findByTestId('registration-message')).textContent).toBe(DROPPED);
    expect(screen.getByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
    expect(ninInput()).toHaveProperty('value', '94274577030');
    expect((consentBox() as HTMLInputElement).checked).toBe(true);
    online = true;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await heading('Security Confirmation')).toBeTruthy();

    online = false;
    await user.type(screen.getByRole('textbox', { name: /^PSN/ }), 'PSN479249');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    await waitFor(() => expect(screen.getByTestId('registration-message').textContent).toBe(DROPPED));
    expect(screen.getByRole('textbox', { name: /^PSN/ })).toHaveProperty('value', 'PSN479249');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    expect(await heading('Create Your Credentials')).toBeTruthy();
  });

  it('stays on the PSN step with the answer of a wrong PSN; Start Over returns to step one', async () => {
    stubApi({
      'POST /api/v1/verification/initiate': { status: 200, body: CLAIM },
      'POST /api/v1/verification/challenge': {
        status: 200,
        body: { success: false, message: 'The provided PSN is incorrect.' },
      },
    });
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    await fillIdentity(user);
    await heading('Security Confirmation');
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    // Each new step starts at the card's top (issue #31).
    await waitFor(() => expect(scrolled.mock.contexts).toContain(card()));
    await user.type(screen.getByRole('textbox', { name: /^PSN/ }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The provided PSN is incorrect.');
    expect(screen.getByRole('heading', { name: 'Security Confirmation' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await heading('Verify Your Identity')).toBeTruthy();
    expect(ssidInput()).toHaveProperty('value', '');
    expect((consentBox() as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(ssidInput()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides Back to Login from a signed-in visitor, who has Sign Out to the sign-in page', async () => {
    const fetchMock = stubApi({ 'POST /api/v1/auth/logout': { status: 204 } });
    storeToken(EMPLOYEE_TOKEN);
    const user = userEvent.setup();
    renderPage();
    await heading('Verify Your Identity');
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/login'));
    expect(getStoredToken()).toBeNull();
    expect(headersOf(fetchMock, '/api/v1/auth/logout').get('Authorization')).toBe(`Bearer ${EMPLOYEE_TOKEN}`);
  });
});

describe('claim page, agent variant', () => {
  it("uses the agent's calls, keeps the agent signed in and starts again after the account is created", async () => {
    const agentToken = buildToken({ sub: 'agent-1', role: 'AGENT' });
    storeToken(agentToken);
    const fetchMock = stubApi({
      'POST /api/v1/agent/verify': { status: 200, body: CLAIM },
      'POST /api/v1/agent/challenge': { status: 200, body: PASSED },
      'POST /api/v1/auth/create-account': { status: 200, body: { token: EMPLOYEE_TOKEN } },
    });
    const user = userEvent.setup();
    renderPage('?tenant=lagos');

    expect(await heading('Verify Your Identity')).toBeTruthy();
    expect(screen.getByText("Enter the employee's SSID and NIN as on their employment record.")).toBeTruthy();
    expect(
      screen.getByText('You are registering an employee on their behalf; your own session stays signed in.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Lodge an appeal/ })).toBeNull();
    await fillIdentity(user);
    await heading('Security Confirmation');
    await user.type(screen.getByRole('textbox', { name: /^PSN/ }), 'PSN479249');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    await heading('Create Your Credentials');
    expect(screen.getByRole('textbox', { name: /^Email/ }).getAttribute('autocomplete')).toBe('off');
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    await fillCredentials(user);

    const toast = await screen.findByText('Account created successfully for the user!');
    expect(toast.closest('.fk-toasts')?.className).toContain('fk-toasts--center');
    expect(await heading('Verify Your Identity')).toBeTruthy();
    // The next claim starts in view, not below the fold where the last one ended (issue #31).
    await waitFor(() => expect(scrolled.mock.contexts).toContain(card()));
    expect(ssidInput()).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(ssidInput()));
    expect(getStoredToken()).toBe(agentToken);
    expect(pageLoad.replace).not.toHaveBeenCalled();
    expect(calledTo(fetchMock, '/api/v1/verification/initiate')).toBe(false);
    expect(calledTo(fetchMock, '/api/v1/claims/tenant')).toBe(false);
    expect(headersOf(fetchMock, '/api/v1/agent/verify').get('X-Tenant')).toBeNull();
    expect(headersOf(fetchMock, '/api/v1/agent/verify').get('Authorization')).toBe(`Bearer ${agentToken}`);
  });
});
