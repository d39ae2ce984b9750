import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readLoginLockout, readSession, saveLoginLockout, storeToken } from '../../../lib/auth-storage.ts';
import { takeHandedOverToast } from '../../../lib/handed-over-toast.ts';
import { pageLoad } from '../../../lib/page-load.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { buildToken } from '../../../test/build-token.ts';
import { callsTo, stubApi, stubFetch } from '../../../test/stub-fetch.ts';
import { LoginPage } from './login-page.tsx';

const INVALID = { status: 401, body: { message: 'Invalid credentials', code: 'UNAUTHORIZED' } };

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });
const passwordInput = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: /sign in|signing in/i });
const renderPage = () => render(<LoginPage />);

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.clear(emailInput());
  await user.type(emailInput(), email);
  await user.clear(passwordInput());
  await user.type(passwordInput(), password);
  await user.click(signInButton());
}

describe('login page', () => {
  it('shows the frame of the app: skip link first, the title home, no Sign Out, the claim link', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verification Portal\u2122' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(
      screen
        .getByRole('link', { name: 'Are you an employee? Claim your account here.' })
        .getAttribute('href'),
    ).toBe('/register-employee');
    expect(screen.getByTestId('time-zone-note').textContent).toMatch(/^Times in Africa\/Lagos/);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('main-content'));
  });

  it('is live once rendered: the pre-rendered copy is inert, this is not', async () => {
    const { container } = renderPage();
    await waitFor(() => expect(container.querySelector('[data-prerendered]')).toBeNull());
    expect(container.querySelector('[inert]')).toBeNull();
  });
});

describe('login form validation', () => {
  it('shows no error before a field is touched', () => {
    renderPage();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('shows the required messages once the fields are touched, tied to their fields', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(emailInput());
    await user.click(passwordInput());
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    const description = document.getElementById(emailInput().getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe('Email is required');
  });

  it('shows the format and length messages', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(emailInput(), 'not-an-email');
    await user.type(passwordInput(), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('ignores a submit while the form is invalid and focuses the first wrong field', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    renderPage();
    await user.click(signInButton());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(document.activeElement).toBe(emailInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(passwordInput().getAttribute('type')).toBe('password');
    const toggle = screen.getByRole('button', { name: 'toggle password visibility' });
    await user.click(toggle);
    expect(passwordInput().getAttribute('type')).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });
});

describe('login attempts', () => {
  it('counts down the remaining attempts, then blocks with a countdown banner', async () => {
    const fetchMock = stubFetch(INVALID, INVALID, INVALID);
    const user = userEvent.setup();
    renderPage();

    await signIn(user, 'ada@demo.local', 'wrong-password');
    expect(await screen.findByText('Invalid credentials. 2 attempt(s) remaining.')).toBeTruthy();
    await signIn(user, 'ada@demo.local', 'wrong-password');
    expect(await screen.findByText('Invalid credentials. 1 attempt(s) remaining.')).toBeTruthy();
    await signIn(user, 'ada@demo.local', 'wrong-password');
    expect(await screen.findByText('Too many failed attempts. Please try again in 15 minutes.')).toBeTruthy();

    const banner = await screen.findByTestId('lock-warning');
    expect(banner.textContent).toMatch(/Too many failed attempts\. Please try again in 1[45]:\d\d\./);
    expect(signInButton()).toHaveProperty('disabled', true);
    expect(readLoginLockout().failedAttempts).toBe(3);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/authenticate');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@demo.local', password: 'wrong-password' });
  });

  it('keeps a stored block after a reload and refuses to submit', async () => {
    saveLoginLockout({ failedAttempts: 3, blockedUntil: Date.now() + 90_000 });
    const fetchMock = stubFetch();
    renderPage();
    const banner = await screen.findByTestId('lock-warning');
    expect(banner.textContent).toMatch(/try again in 01:(30|29)\./);
    expect(signInButton()).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets the attempts and says so when the block has run out', async () => {
    saveLoginLockout({ failedAttempts: 3, blockedUntil: Date.now() - 1 });
    renderPage();
    expect(await screen.findByText('You can now try logging in again.')).toBeTruthy();
    expect(screen.queryByTestId('lock-warning')).toBeNull();
    expect(readLoginLockout()).toEqual({ failedAttempts: 0, blockedUntil: null });
    expect(signInButton()).toHaveProperty('disabled', false);
  });

  it('uses the auth error text for other failures without counting them', async () => {
    stubFetch({ status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } });
    const user = userEvent.setup();
    renderPage();
    await signIn(user, 'ada@demo.local', 'secret1');
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(readLoginLockout().failedAttempts).toBe(0);
  });

  it('names a dropped connection by its own message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const user = userEvent.setup();
    renderPage();
    await signIn(user, 'ada@demo.local', 'secret1');
    expect(await screen.findByText('Failed to fetch')).toBeTruthy();
    expect(readLoginLockout().failedAttempts).toBe(0);
  });
});

describe('successful login', () => {
  it('stores the token, resets the lockout, remembers the email and loads the role home with the welcome', async () => {
    saveLoginLockout({ failedAttempts: 2, blockedUntil: null });
    const token = buildToken({ role: 'REVIEWER' });
    stubFetch({ status: 200, body: { token } });
    const user = userEvent.setup();
    renderPage();

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn(user, '  Reviewer@Demo.local ', 'Demo12345!');

    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/dashboard/reviewer'));
    expect(readSession()?.token).toBe(token);
    expect(readLoginLockout()).toEqual({ failedAttempts: 0, blockedUntil: null });
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe('Reviewer@Demo.local');
    expect(takeHandedOverToast()).toEqual({
      message: 'Login successful! Welcome back.',
      variant: 'success',
      durationMs: 5000,
    });
    expect(signInButton().textContent).toBe('Signing In...');
  });

  it('forgets the remembered email when Remember me is cleared', async () => {
    localStorage.setItem(STORAGE_KEYS.rememberedEmail, 'ada@demo.local');
    stubFetch({ status: 200, body: { token: buildToken({ role: 'AGENT' }) } });
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(emailInput()).toHaveProperty('value', 'ada@demo.local'));
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.type(passwordInput(), 'Demo12345!');
    await user.click(signInButton());
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/dashboard/agent'));
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBeNull();
  });

  it('prefills and keeps ticked the remembered email', async () => {
    localStorage.setItem(STORAGE_KEYS.rememberedEmail, 'ada@demo.local');
    renderPage();
    await waitFor(() => expect(emailInput()).toHaveProperty('value', 'ada@demo.local'));
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true);
  });

  it('keeps a role without a dashboard here, signed in, with the welcome and Sign Out', async () => {
    const fetchMock = stubApi({
      'POST /api/v1/auth/authenticate': {
        status: 200,
        body: { token: buildToken({ role: 'TENANT_MANAGER' }) },
      },
      'GET /api/v1/users/me': {
        status: 200,
        body: { fullName: 'Tola Manager', email: 'manager@demo.local' },
      },
      'POST /api/v1/auth/logout': { status: 204 },
    });
    const user = userEvent.setup();
    renderPage();
    await signIn(user, 'manager@demo.local', 'Demo12345!');
    const toast = (await screen.findByText('Login successful! Welcome back.')).closest(
      '.notistack-MuiContent',
    );
    expect(toast && within(toast as HTMLElement).getByRole('button', { name: 'Close' })).toBeTruthy();
    expect(pageLoad.replace).not.toHaveBeenCalled();
    // Who is signed in, in the top bar as the app shows it.
    expect(await screen.findByText('Tola Manager')).toBeTruthy();

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await waitFor(() => expect(readSession()).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/v1/auth/logout')).toBe(1);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull());
  });
});

describe('a visitor already signed in', () => {
  it('goes to their home, also when another tab signs in', async () => {
    renderPage();
    expect(pageLoad.replace).not.toHaveBeenCalled();
    storeToken(buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null }));
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/dashboard/global-admin'));
  });
});
