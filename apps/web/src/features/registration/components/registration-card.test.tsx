import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getStoredToken, storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { CLAIM_CONSENT } from '@portal/contract/claims';

const EMPLOYEE_TOKEN = buildToken({ sub: 'employee-1', role: 'SELF_SERVICE_USER' });
const CLAIM = { recordId: 'opaque-claim-token', nextStep: 'CHALLENGE_PSN' };
const PASSED = { success: true, message: 'Identity confirmed. Create your credentials.' };

const heading = (name: string) => screen.findByRole('heading', { name });
const card = () => screen.getByTestId('registration-card');
const headersOf = (fetchMock: ReturnType<typeof stubApi>, url: string) =>
  new Headers(fetchMock.mock.calls.find(([input]) => String(input) === url)?.[1]?.headers);

const consentBox = () => screen.getByRole('checkbox', { name: /to the use of (my|their) NIN and SSID/ });

async function fillIdentity(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^SSID/ }), 'SS45837531');
  await user.type(screen.getByRole('textbox', { name: /^NIN/ }), '94274577030');
  if (!(consentBox() as HTMLInputElement).checked) await user.click(consentBox());
  await user.click(screen.getByRole('button', { name: 'Next' }));
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'ada@example.gov.ng');
  await user.type(screen.getByLabelText(/^Password/), 'Employee-Pass1');
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

// The app's card serves the public appeal (/appeal) and the agent's verify page; the claim page
// (/register-employee) is a page of its own on the field kit (routes/register-employee-page.test.tsx).
describe('registration card, public variant (the public appeal)', () => {
  it('shows the consent statement first; Next stays disabled until it is accepted (issue #22)', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/verification/initiate': { status: 200, body: CLAIM },
      'GET /api/v1/claims/tenant': { status: 200, body: { name: 'Lagos State' } },
    });
    const user = userEvent.setup();
    renderApp('/appeal?tenant=lagos');
    await heading('Verify Your Identity');
    // Whose portal it is, asked for the link's tenant (issue #31).
    expect(await within(card()).findByText('Lagos State employee portal')).toBeTruthy();
    expect(headersOf(fetchMock, '/api/v1/claims/tenant').get('X-Tenant')).toBe('lagos');
    expect(within(card()).getByText(CLAIM_CONSENT.title)).toBeTruthy();
    expect(within(card()).getByText(/Nigeria Data Protection Act 2023/)).toBeTruthy();
    expect((consentBox() as HTMLInputElement).checked).toBe(false);
    await user.type(screen.getByRole('textbox', { name: /^SSID/ }), 'SS45837531');
    await user.type(screen.getByRole('textbox', { name: /^NIN/ }), '94274577030');
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    await user.click(consentBox());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    await user.click(consentBox());
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/verification/initiate')).toBe(false);
  });

  it('shows a spinner instead of the label while the call runs', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const user = userEvent.setup();
    renderApp('/appeal');
    await heading('Verify Your Identity');
    await fillIdentity(user);

    const button = screen.getByRole('button', { name: 'Verifying...' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.querySelector('.MuiCircularProgress-root')).toBeTruthy();
    expect(within(button).queryByText('Next')).toBeNull();
    answer(
      new Response(JSON.stringify(CLAIM), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    expect(await heading('Security Confirmation')).toBeTruthy();
  });

  it('shows the server message of a failed step with a warning, or the fixed text without one', async () => {
    stubApi({
      'POST /api/v1/verification/initiate': [
        {
          status: 429,
          body: { message: 'Too many attempts. Please wait a moment and try again.', code: 'RATE' },
        },
        { status: 500, body: 'not json' },
      ],
    });
    const user = userEvent.setup();
    renderApp('/appeal');
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
    expect(screen.getByRole('heading', { name: 'Verify Your Identity' })).toBeTruthy();
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
    renderApp('/appeal');
    await heading('Verify Your Identity');
    await fillIdentity(user);
    await heading('Security Confirmation');
    await user.type(screen.getByRole('textbox', { name: /^PSN/ }), 'WRONG');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The provided PSN is incorrect.');
    expect(screen.getByRole('heading', { name: 'Security Confirmation' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Start Over' }));
    expect(await heading('Verify Your Identity')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^SSID/ })).toHaveProperty('value', '');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('hides Back to Login from a signed-in visitor', async () => {
    stubApi({});
    storeToken(EMPLOYEE_TOKEN);
    renderApp('/appeal');
    await heading('Verify Your Identity');
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
  });
});

describe('registration card, agent variant', () => {
  it("uses the agent's calls, keeps the agent signed in and starts again after the account is created", async () => {
    const agentToken = buildToken({ sub: 'agent-1', role: 'AGENT' });
    storeToken(agentToken);
    const fetchMock = stubApi({
      'POST /api/v1/agent/verify': { status: 200, body: CLAIM },
      'POST /api/v1/agent/challenge': { status: 200, body: PASSED },
      'POST /api/v1/auth/create-account': { status: 200, body: { token: EMPLOYEE_TOKEN } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/agent');

    expect(await screen.findByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/agent/verify');
    expect(screen.queryByRole('link', { name: 'Back to Login' })).toBeNull();
    await fillIdentity(user);
    await heading('Security Confirmation');
    await user.type(screen.getByRole('textbox', { name: /^PSN/ }), 'PSN479249');
    await user.click(screen.getByRole('button', { name: 'Confirm & Continue' }));
    await heading('Create Your Credentials');
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    await fillCredentials(user);

    expect(await screen.findByText('Account created successfully for the user!')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeTruthy();
    // The next claim starts in view, not below the fold where the last one ended (issue #31).
    expect(scrolled.mock.contexts).toContain(screen.getByTestId('registration-card'));
    expect(screen.getByRole('textbox', { name: /^SSID/ })).toHaveProperty('value', '');
    expect(getStoredToken()).toBe(agentToken);
    expect(router.state.location.pathname).toBe('/dashboard/agent/verify');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/v1/verification/initiate')).toBe(false);
    expect(headersOf(fetchMock, '/api/v1/agent/verify').get('X-Tenant')).toBeNull();
  });
});
