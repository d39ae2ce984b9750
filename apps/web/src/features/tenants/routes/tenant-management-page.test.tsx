import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BULK_LEGAL_BASIS, type Tenant } from '@portal/contract/tenants';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { callsTo, stubApi } from '../../../test/stub-fetch.ts';

const TENANTS_URL = '/api/v1/global-admin/tenants';

function buildTenant(overrides: Partial<Tenant> = {}): Tenant {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    name: 'Demo State',
    subdomain: 'demo',
    stateCode: 'DM',
    description: null,
    subscriptionStatus: 'TRIAL',
    identitySourceConfig: null,
    accountProvider: null,
    createdAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

const lagos = buildTenant({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Lagos State',
  subdomain: 'lagos',
  stateCode: 'LA',
});

function openTenants(routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi(routes);
  storeToken(buildToken({ role: 'GLOBAL_SUPER_ADMIN', tenantId: null }));
  renderApp('/dashboard/global-admin/tenants');
  return fetchMock;
}

const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => url === TENANTS_URL && (init?.method ?? 'GET') === 'GET');

describe('tenant management', () => {
  it('lists the tenants with their medium created date', async () => {
    openTenants({ [`GET ${TENANTS_URL}`]: { status: 200, body: [buildTenant(), lagos] } });
    const table = await screen.findByRole('table', { name: 'Tenants' });
    const demoRow = within(table).getByRole('rowheader', { name: 'Demo State' }).closest('tr')!;
    expect(demoRow.textContent).toContain('Jan 5, 2025');
    expect(demoRow.textContent).toContain('Not Set');
    expect(within(table).getByRole('rowheader', { name: 'Lagos State' })).toBeTruthy();
  });

  it('removes a deleted tenant from the cached list after confirmation, without reloading it', async () => {
    const user = userEvent.setup();
    const fetchMock = openTenants({
      [`GET ${TENANTS_URL}`]: { status: 200, body: [buildTenant(), lagos] },
      [`DELETE ${TENANTS_URL}/${lagos.id}`]: { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'Tenants' });
    const lagosRow = within(table).getByRole('rowheader', { name: 'Lagos State' }).closest('tr')!;
    await user.click(within(lagosRow).getByRole('button', { name: 'Delete Tenant' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete Tenant' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete "Lagos State"? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tenant "Lagos State" deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Lagos State' })).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Demo State' })).toBeTruthy();
    expect(listCalls(fetchMock)).toHaveLength(1);
  });

  it('keeps the tenant when the dialog is cancelled', async () => {
    const user = userEvent.setup();
    const fetchMock = openTenants({ [`GET ${TENANTS_URL}`]: { status: 200, body: [lagos] } });
    await user.click(await screen.findByRole('button', { name: 'Delete Tenant' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('rowheader', { name: 'Lagos State' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
  });

  it('shows the empty state', async () => {
    openTenants({ [`GET ${TENANTS_URL}`]: { status: 200, body: [] } });
    expect(await screen.findByText('No Tenants Found')).toBeTruthy();
    expect(screen.getByText('Click "Create New Tenant" to get started.')).toBeTruthy();
  });

  it('says why the list did not load', async () => {
    openTenants({
      [`GET ${TENANTS_URL}`]: { status: 403, body: { message: 'Access denied', code: 'FORBIDDEN' } },
    });
    expect(await screen.findAllByText('Error loading tenants: Access denied')).not.toHaveLength(0);
  });

  it('appends a created tenant to the cached list and returns to it', async () => {
    const user = userEvent.setup();
    const created = buildTenant({
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Kano State',
      subdomain: 'kano',
      stateCode: 'KN',
    });
    const fetchMock = openTenants({
      [`GET ${TENANTS_URL}`]: { status: 200, body: [buildTenant()] },
      [`GET ${TENANTS_URL}/check-subdomain/kano`]: { status: 200, body: true },
      [`POST ${TENANTS_URL}`]: { status: 201, body: created },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Tenant' }));
    await user.type(screen.getByRole('textbox', { name: 'Tenant Name' }), 'Kano State');
    await user.type(screen.getByRole('textbox', { name: 'Subdomain' }), 'kano');
    await user.type(screen.getByRole('textbox', { name: 'State Code' }), 'kn');
    expect(screen.getByRole('textbox', { name: 'State Code' })).toHaveProperty('value', 'KN');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'kano-portal');
    await user.type(screen.getByRole('textbox', { name: 'API Base URL' }), 'https://optima.kano.example');
    // Pasted: typing 96 characters one by one is slow under a loaded test run.
    await user.click(screen.getByLabelText(/^AES Key/));
    await user.paste('a'.repeat(64));
    await user.click(screen.getByLabelText(/^IV/));
    await user.paste('b'.repeat(32));
    // The legal basis of bulk verification (issue #22): the default shows while it is empty.
    const legalBasis = screen.getByRole('textbox', { name: 'Legal basis' });
    expect(legalBasis.getAttribute('placeholder')).toBe(BULK_LEGAL_BASIS.default);
    await user.click(legalBasis);
    await user.paste('Kano State Public Service Rules, rule 020101.');
    const submit = screen.getByRole('button', { name: 'Create Tenant' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);

    expect(await screen.findByText('Tenant "Kano State" created successfully!')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Tenants' });
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(names).toEqual(['Demo State', 'Kano State']);
    expect(listCalls(fetchMock)).toHaveLength(1);
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      name: 'Kano State',
      subdomain: 'kano',
      stateCode: 'KN',
      providerName: 'OPTIMA',
      subscriptionStatus: 'TRIAL',
      legalBasis: 'Kano State Public Service Rules, rule 020101.',
      // The account name provider's section left blank: none.
      accountProvider: null,
    });
    // A whole form filled key by key: slower than the default 5 s when the suite runs in parallel.
  }, 15_000);

  it('returns to the page of the tenant just saved, not the first', async () => {
    const user = userEvent.setup();
    // Twelve tenants: at 10 a page, the last two are on the second page.
    const many = Array.from({ length: 12 }, (_, i) =>
      buildTenant({
        id: `33333333-3333-4333-8333-3333333333${String(i).padStart(2, '0')}`,
        name: `State ${String(i + 1).padStart(2, '0')}`,
        subdomain: `state-${i + 1}`,
        identitySourceConfig: JSON.stringify({
          providerName: 'OPTIMA',
          apiBaseUrl: 'https://optima.example',
          clientId: `state-${i + 1}`,
          validationUrl: null,
          secretsSet: { clientSecret: true, aesKey: true, iv: true },
          minWordSimilarity: 0.8,
          closeIsDifferent: false,
          legalBasis: null,
        }),
      }),
    );
    const last = many[11]!;
    openTenants({
      [`GET ${TENANTS_URL}`]: { status: 200, body: many },
      [`PUT ${TENANTS_URL}/${last.id}`]: { status: 200, body: last },
    });
    await screen.findByRole('table', { name: 'Tenants' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    const row = (await screen.findByRole('rowheader', { name: 'State 12' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit Tenant' }));
    const save = await screen.findByRole('button', { name: 'Save Changes' });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    await user.click(save);
    expect(await screen.findByText('Tenant "State 12" updated successfully!')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Tenants' });
    expect(within(table).getByRole('rowheader', { name: 'State 12' })).toBeTruthy();
    expect(screen.getByText('11–12 of 12')).toBeTruthy();
    // Cancel saves nothing: the list opens at its first page, as it did before any save.
    await user.click(within(table).getAllByRole('button', { name: 'Edit Tenant' })[0]!);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await screen.findByRole('table', { name: 'Tenants' });
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
  }, 20_000);

  it('creates a tenant with an account name provider: its section is sent, the secret with it', async () => {
    const user = userEvent.setup();
    const fetchMock = openTenants({
      [`GET ${TENANTS_URL}`]: { status: 200, body: [] },
      [`GET ${TENANTS_URL}/check-subdomain/kano`]: { status: 200, body: true },
      [`POST ${TENANTS_URL}`]: { status: 201, body: buildTenant({ name: 'Kano State', subdomain: 'kano' }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Create New Tenant' }));
    await user.type(screen.getByRole('textbox', { name: 'Tenant Name' }), 'Kano State');
    await user.type(screen.getByRole('textbox', { name: 'Subdomain' }), 'kano');
    await user.type(screen.getByRole('textbox', { name: 'State Code' }), 'KN');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'kano-portal');
    await user.type(screen.getByRole('textbox', { name: 'API Base URL' }), 'https://optima.kano.example');
    await user.click(screen.getByLabelText(/^AES Key/));
    await user.paste('a'.repeat(64));
    await user.click(screen.getByLabelText(/^IV/));
    await user.paste('b'.repeat(32));
    expect(screen.getByText('Account Name Provider')).toBeTruthy();
    // Half a provider is refused on its field, as the server would.
    await user.click(screen.getByRole('textbox', { name: 'Account Provider API Base URL' }));
    await user.paste('https://names.kano.example');
    const clientId = screen.getByRole('textbox', { name: 'Account Provider Client ID' });
    await user.click(clientId);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Create Tenant' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(clientId, 'kano-accounts');
    await user.click(screen.getByLabelText(/^Account Provider Client Secret/));
    await user.paste('kano-secret');
    // No connection test before the provider is saved.
    expect(screen.queryByRole('button', { name: 'Test Account Provider' })).toBeNull();
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect(await screen.findByText('Tenant "Kano State" created successfully!')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      accountProvider: {
        apiBaseUrl: 'https://names.kano.example',
        clientId: 'kano-accounts',
        clientSecret: 'kano-secret',
      },
    });
  }, 15_000);

  it("edits a tenant's account name provider: the secret never shown, blank keeps it; the connection test", async () => {
    const user = userEvent.setup();
    const withProvider = buildTenant({
      ...lagos,
      identitySourceConfig: JSON.stringify({
        providerName: 'OPTIMA',
        apiBaseUrl: 'https://optima.lagos.example',
        clientId: 'lagos-portal',
        validationUrl: null,
        secretsSet: { clientSecret: true, aesKey: true, iv: true },
        minWordSimilarity: 0.8,
        closeIsDifferent: false,
        legalBasis: null,
      }),
      accountProvider: {
        apiBaseUrl: 'https://names.lagos.example',
        clientId: 'lagos-accounts',
        clientSecretSet: true,
      },
    });
    const fetchMock = openTenants({
      [`GET ${TENANTS_URL}`]: { status: 200, body: [withProvider] },
      [`POST ${TENANTS_URL}/${lagos.id}/account-provider/test-connection`]: {
        status: 200,
        body: { ok: false, message: 'The provider refused the client ID and secret (401)' },
      },
      [`PUT ${TENANTS_URL}/${lagos.id}`]: { status: 200, body: withProvider },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Tenant' }));
    expect(screen.getByRole('textbox', { name: 'Account Provider API Base URL' })).toHaveProperty(
      'value',
      'https://names.lagos.example',
    );
    expect(screen.getByRole('textbox', { name: 'Account Provider Client ID' })).toHaveProperty(
      'value',
      'lagos-accounts',
    );
    const secret = screen.getByLabelText(/^Account Provider Client Secret/);
    expect(secret).toHaveProperty('value', '');
    expect(secret.closest('.MuiFormControl-root')!.textContent).toContain('Set');

    await user.click(screen.getByRole('button', { name: 'Test Account Provider' }));
    expect(await screen.findByText('The provider refused the client ID and secret (401)')).toBeTruthy();
    expect(callsTo(fetchMock, `POST ${TENANTS_URL}/${lagos.id}/account-provider/test-connection`)).toBe(1);
    expect(callsTo(fetchMock, `POST ${TENANTS_URL}/${lagos.id}/test-connection`)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Tenant "Lagos State" updated successfully!')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).accountProvider).toEqual({
      apiBaseUrl: 'https://names.lagos.example',
      clientId: 'lagos-accounts',
    });
  }, 15_000);
});
