import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readLoginLockout, readSession, saveLoginLockout } from '../../../lib/auth-storage.ts';
import { STORAGE_KEYS } from '../../../lib/storage-keys.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubFetch } from '../../../test/stub-fetch.ts';

const INVALID = { status: 401, body: { message: 'Invalid credentials', code: 'UNAUTHORIZED' } };

const emailInput = () => screen.getByRole('textbox', { name: /email/i });
const passwordInput = () => screen.getByLabelText(/password/i, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: /sign in|signing in/i });

async function signIn(user: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  await user.clear(emailInput());
  await user.type(emailInput(), email);
  await user.clear(passwordInput());
  await user.type(passwordInput(), password);
  await user.click(signInButton());
}

describe('login form validation', () => {
  it('shows no error before a field is touched', () => {
    renderApp('/login');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('shows the required messages once the fields are touched', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(emailInput());
    await user.click(passwordInput());
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(await screen.findByText('Password is required')).toBeTruthy();
  });

  it('shows the format and length messages', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await user.type(emailInput(), 'not-an-email');
    await user.type(passwordInput(), '12345');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('ignores a submit while the form is invalid', async () => {
    const fetchMock = stubFetch();
    const user = userEvent.setup();
    renderApp('/login');
    await user.click(signInButton());
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    expect(passwordInput().getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'toggle password visibility' }));
    expect(passwordInput().getAttribute('type')).toBe('text');
  });
});

describe('login attempts', () => {
  it('counts down the remaining attempts, then blocks with a countdown banner', async () => {
    const fetchMock = stubFetch(INVALID, INVALID, INVALID);
    const user = userEvent.setup();
    renderApp('/login');

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
  });

  it('keeps a stored block after a reload and refuses to submit', async () => {
    saveLoginLockout({ failedAttempts: 3, blockedUntil: Date.now() + 90_000 });
    const fetchMock = stubFetch();
    renderApp('/login');
    const banner = await screen.findByTestId('lock-warning');
    expect(banner.textContent).toMatch(/try again in 01:(30|29)\./);
    expect(signInButton()).toHaveProperty('disabled', true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resets the attempts and says so when the block has run out', async () => {
    saveLoginLockout({ failedAttempts: 3, blockedUntil: Date.now() - 1 });
    renderApp('/login');
    expect(await screen.findByText('You can now try logging in again.')).toBeTruthy();
    expect(screen.queryByTestId('lock-warning')).toBeNull();
    expect(readLoginLockout()).toEqual({ failedAttempts: 0, blockedUntil: null });
    expect(signInButton()).toHaveProperty('disabled', false);
  });

  it('uses the auth error text for other failures without counting them', async () => {
    stubFetch({ status: 500, body: { message: 'boom', code: 'INTERNAL_ERROR' } });
    const user = userEvent.setup();
    renderApp('/login');
    await signIn(user, 'ada@demo.local', 'secret1');
    expect(await screen.findByText('Server error. Please try again later.')).toBeTruthy();
    expect(readLoginLockout().failedAttempts).toBe(0);
  });
});

describe('successful login', () => {
  it('stores the token, resets the lockout, remembers the email and opens the role home', async () => {
    saveLoginLockout({ failedAttempts: 2, blockedUntil: null });
    const token = buildToken({ role: 'REVIEWER' });
    stubFetch(
      { status: 200, body: { token } },
      { status: 401, body: { message: 'x', code: 'UNAUTHORIZED' } },
    );
    const user = userEvent.setup();
    const { router } = renderApp('/login');

    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await signIn(user, 'Reviewer@Demo.local', 'Demo12345!');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/reviewer/queue'));
    expect(readSession()?.token).toBe(token);
    expect(readLoginLockout()).toEqual({ failedAttempts: 0, blockedUntil: null });
    expect(localStorage.getItem(STORAGE_KEYS.rememberedEmail)).toBe('Reviewer@Demo.local');
    expect(await screen.findByText('Login successful! Welcome back.')).toBeTruthy();
    const toast = screen.getByText('Login successful! Welcome back.').closest('.notistack-MuiContent');
    expect(toast && within(toast as HTMLElement).getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('prefills and keeps ticked the remembered email', () => {
    localStorage.setItem(STORAGE_KEYS.rememberedEmail, 'ada@demo.local');
    renderApp('/login');
    expect(emailInput()).toHaveProperty('value', 'ada@demo.local');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toHaveProperty('checked', true);
  });
});
