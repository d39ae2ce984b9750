import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';

describe('global admin dashboard', () => {
  it('has the tabs Overview (dashboard icon), Tenant Management (corporate_fare icon) and Platform Events (history icon)', async () => {
    stubApi({});
    storeToken(buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null }));
    renderApp('/dashboard/global-admin');

    const overview = await screen.findByRole('tab', { name: 'Overview' });
    const tenants = screen.getByRole('tab', { name: 'Tenant Management' });
    const events = screen.getByRole('tab', { name: 'Platform Events' });
    // MUI names each icon's SVG after the icon (data-testid outside production builds).
    expect(within(overview).getByTestId('DashboardIcon')).toBeTruthy();
    expect(within(tenants).getByTestId('CorporateFareIcon')).toBeTruthy();
    expect(within(events).getByTestId('HistoryIcon')).toBeTruthy();
    expect(overview.getAttribute('aria-selected')).toBe('true');
  });
});
