import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CrossTenantPairs } from '@portal/contract/integrity';
import type { PlatformOverview } from '@portal/contract/tenants';
import { openScreen } from '../../../test/open-screen.ts';

const OVERVIEW: PlatformOverview = {
  systemHealth: {
    overallStatus: 'Operational',
    apiUptime7dPercent: 100,
    avgResponseTimeMs: 12,
    errorRate24hPercent: 0,
  },
  platform: {
    activeTenants: 3,
    verifications30d: 4000,
    totalRegisteredUsers: 12,
    subscriptions: { active: 1, trial: 2 },
  },
};

const PAIRS: CrossTenantPairs = {
  pairs: [
    {
      // The index orders a pair by id; the screen names it alphabetically.
      first: { id: 't1', name: 'Ogun State', stateCode: 'OG' },
      second: { id: 't2', name: 'Lagos State', stateCode: 'LA' },
      firstRecords: 9,
      secondRecords: 1204,
      byField: { NIN: 7, BVN: 1205, BANK_ACCOUNT: 3 },
    },
  ],
};

function open(pairs: { status: number; body: unknown }) {
  return openScreen(
    '/dashboard/global-admin/overview',
    {
      'GET /api/v1/users/me': {
        status: 200,
        body: {
          id: 'g',
          fullName: 'Global Admin',
          email: 'admin@portal.local',
          role: 'GLOBAL_SUPER_ADMIN',
          status: 'ACTIVE',
          tenantId: null,
        },
      },
      'GET /api/v1/global-admin/overview': { status: 200, body: OVERVIEW },
      'GET /api/v1/global-admin/integrity/cross-tenant': pairs,
    },
    { role: 'GLOBAL_SUPER_ADMIN', tenantId: null },
  );
}

describe('the global overview: tenants sharing identifiers (issue #36 item 4)', () => {
  it('counts each pair of tenants, by identifier, never naming a person', async () => {
    open({ status: 200, body: PAIRS });
    const section = await screen.findByRole('region', { name: 'The Same People on Two Payrolls' });
    const table = await within(section).findByRole('table', { name: 'Tenants sharing identifiers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Tenants', 'Records Flagged', 'Same NIN', 'Same BVN', 'Same Bank Account']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('Lagos State (LA) and Ogun State (OG)');
    for (const text of ['1,204 in Lagos State', '9 in Ogun State', '7', '1,205', '3'])
      expect(within(row).getByText(text)).toBeTruthy();
  });

  it('says so when no two tenants share an identifier', async () => {
    open({ status: 200, body: { pairs: [] } });
    const section = await screen.findByRole('region', { name: 'The Same People on Two Payrolls' });
    expect(await within(section).findByText('No two tenants share a NIN, BVN or bank account.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('offers a retry when the counts cannot be read, the rest of the overview still shown', async () => {
    open({ status: 500, body: { message: 'down', code: 'INTERNAL_ERROR' } });
    const section = await screen.findByRole('region', { name: 'The Same People on Two Payrolls' });
    expect(
      await within(section).findByText(/Could not load the tenants that share identifiers/),
    ).toBeTruthy();
    expect(within(section).getByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Platform Metrics (All Tenants)' })).toBeTruthy();
  });
});
