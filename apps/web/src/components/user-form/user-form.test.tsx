import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterUserSchema } from '@portal/contract/tenant-users';
import { useUserForm, type UseUserFormOptions } from './use-user-form.ts';
import { UserForm, type UserFormProps } from './user-form.tsx';

const schema = RegisterUserSchema.omit({ tenantId: true });
type Sent = (typeof schema)['_zod']['output'];
const TEXTS = {
  title: 'New account',
  fullName: 'Full Name',
  email: 'Email Address',
  password: 'Password',
  togglePassword: 'Show password',
  role: 'Role',
  submit: 'Create User',
  creating: 'Creating...',
  reset: 'Reset',
};

function Harness(props: Pick<UseUserFormOptions<Sent>, 'send' | 'onFailed'> & Partial<UserFormProps>) {
  const state = useUserForm({
    schema,
    empty: { fullName: '', email: '', password: '', role: 'TENANT_USER' },
    send: props.send,
    onCreated: () => undefined,
    onFailed: props.onFailed,
  });
  return (
    <UserForm state={state} roles={[{ value: 'TENANT_USER', label: 'User' }]} texts={TEXTS} {...props} />
  );
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Full Name' }), 'Ada Obi');
  await user.type(screen.getByRole('textbox', { name: 'Email Address' }), ' Ada@Demo.local');
  await user.type(screen.getByLabelText(/^Password/), 'Sup3r-Secret!');
}

describe('the user form', () => {
  it('sends what the schema makes of the values, then empties the fields', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async (_values: Sent) => ({}));
    render(<Harness send={send} onFailed={() => ({})} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveProperty('value', ''),
    );
    expect(send.mock.calls).toEqual([
      [{ fullName: 'Ada Obi', email: 'ada@demo.local', password: 'Sup3r-Secret!', role: 'TENANT_USER' }],
    ]);
    expect(screen.getByLabelText(/^Password/)).toHaveProperty('value', '');
  });

  it('puts a refusal on the fields onFailed names and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onFailed = vi.fn(() => ({ email: 'This email is already taken' }));
    render(<Harness send={() => Promise.reject(new Error('409'))} onFailed={onFailed} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('This email is already taken')).toBeTruthy();
    expect(onFailed).toHaveBeenCalledWith(new Error('409'));
    expect(screen.getByRole('textbox', { name: 'Email Address' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveProperty('value', 'Ada Obi');
  });

  it('Reset empties the fields and hides a shown password', async () => {
    const user = userEvent.setup();
    render(<Harness send={vi.fn()} onFailed={() => ({})} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('text');
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(screen.getByRole('textbox', { name: 'Email Address' })).toHaveProperty('value', '');
    expect(screen.getByLabelText(/^Password/).getAttribute('type')).toBe('password');
  });

  it('as a dialog, Cancel empties the fields and closes it; the submit waits for valid values', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const dialog = { open: true, cancel: 'Cancel', onClose };
    render(<Harness send={vi.fn()} onFailed={() => ({})} dialog={dialog} submitOnlyWhenValid />);
    expect(screen.getByRole('dialog', { name: 'New account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create User' })).toHaveProperty('disabled', true);
    await fillIn(user);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Create User' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveProperty('value', '');
  });
});
