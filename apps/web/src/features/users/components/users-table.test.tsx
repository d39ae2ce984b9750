import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { UsersTable } from './users-table.tsx';

const USERS_URL = 'GET /api/v1/tenant-admin/users';
const user = (n: number, role: string) => ({
  id: `u${n}`,
  fullName: `Person Number${n}`,
  email: `p${n}@demo.local`,
  role,
  status: 'ACTIVE',
  createdAt: '2025-01-01T00:00:00.000Z',
});

function renderTable() {
  return render(<UsersTable />, { wrapper: queryWrapper() });
}

describe('tenant users table', { timeout: 20_000 }, () => {
  it('shows Loading Users..., then a page of 10 rows with initials, badges and disabled future actions', async () => {
    stubApi({
      [USERS_URL]: { status: 200, body: Array.from({ length: 12 }, (_, i) => user(i + 1, 'AGENT')) },
    });
    renderTable();
    expect(screen.getByText('Loading Users...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Tenant Users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]!.textContent).toContain('PN');
    expect(within(rows[0]!).getByText('Agent')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Edit Person Number1' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(within(rows[0]!).getByRole('button', { name: 'Delete Person Number1' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('1–10 of 12')).toBeTruthy();
  });

  it('shows the empty state when the tenant has no users', async () => {
    stubApi({ [USERS_URL]: { status: 200, body: [] } });
    renderTable();
    expect(await screen.findByText('No Users Found')).toBeTruthy();
    expect(screen.getByText('Create a new user using the form to get started.')).toBeTruthy();
  });

  it('only logs a failed load (SPEC §8), with no message for the user', async () => {
    stubApi({ [USERS_URL]: { status: 500, body: { message: 'down', code: 'INTERNAL_ERROR' } } });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTable();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/down/)).toBeNull();
  });
});
