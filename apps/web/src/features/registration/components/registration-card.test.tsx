import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { CLAIM_CONSENT } from '@portal/contract/claims';

const EMPLOYEE_TOKEN = buildToken({ sub: 'employee-1', role: 'SELF_SERVICE_USER' });
const CLAIM = { recordId: 'opaque-claim-token', nextStep: 'CHALLENGE_PSN' };

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

// The app's card serves the public appeal (/appeal); the claim page
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

// The agent's claim is the field kit's card on the agent's dashboard (agent.html, issue #32):
// app/dashboards/routes/agent-dashboard.test.tsx.
