import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readSession, storeToken } from '../lib/auth-storage.ts';
import { buildToken } from '../test/build-token.ts';
import { pageLoad } from '../lib/page-load.ts';
import { renderApp } from '../test/render-app.tsx';
import { stubApi } from '../test/stub-fetch.ts';

const ME = {
  id: 'user-1',
  fullName: 'Ada Admin',
  email: 'admin@portal.local',
  role: 'GLOBAL_SUPER_ADMIN',
  status: 'ACTIVE',
  tenantId: null,
  tenantName: null,
};

describe('app shell', () => {
  it('starts with the skip link, which focuses <main>', async () => {
    const user = userEvent.setup();
    // A public screen of the app (/register-employee and /login are pages of their own).
    renderApp('/appeal');
    await screen.findByRole('heading', { name: 'Verify Your Identity' });
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(document.getElementById('main-content'));
    expect(document.activeElement?.tagName).toBe('MAIN');
  });

  it('links the product title home and hides Sign Out when logged out', () => {
    renderApp('/appeal');
    expect(screen.getByRole('link', { name: 'Verification Portal\u2122' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('shows the signed-in user and Sign Out when logged in', async () => {
    stubApi({ 'GET /api/v1/users/me': { status: 200, body: ME } });
    storeToken(buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null }));
    renderApp('/dashboard/global-admin');
    expect(await screen.findByText('Ada Admin')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  it.each([
    ['the server accepts', { status: 204 }],
    ['the server fails', { status: 500, body: { message: 'down', code: 'INTERNAL_ERROR' } }],
  ])('signs out to /login when %s', async (_label, logoutReply) => {
    const token = buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null });
    document.cookie = 'XSRF-TOKEN=csrf-abc; path=/';
    // The overview screen loads its own data meanwhile; answer by path, not by order.
    const fetchMock = stubApi({
      'GET /api/v1/users/me': { status: 200, body: ME },
      'POST /api/v1/auth/logout': logoutReply,
    });
    storeToken(token);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/global-admin/overview');

    await user.click(await screen.findByRole('button', { name: 'Sign Out' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in page is a page of its own (DECISIONS 200): Sign Out loads it.
    await waitFor(() => expect(pageLoad.replace).toHaveBeenCalledWith('/login'));
    expect(readSession()).toBeNull();
    const logoutCalls = fetchMock.mock.calls.filter(([url]) => url === '/api/v1/auth/logout');
    expect(logoutCalls).toHaveLength(1);
    const [, init] = logoutCalls[0] ?? [];
    expect(init?.method).toBe('POST');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('X-XSRF-TOKEN')).toBe('csrf-abc');
    expect(screen.queryByRole('button', { name: 'Sign Out' })).toBeNull();
  });

  it('marks /profile, /settings and /admin pages as elevated only', async () => {
    const { router } = renderApp('/appeal');
    expect(document.getElementById('main-content')?.className).not.toContain('elevated-page');
    await router.navigate('/dashboard');
    expect(document.getElementById('main-content')?.className).not.toContain('elevated-page');
  });
});
