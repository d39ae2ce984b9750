import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { advanceSettled as advance, fakeTimersInEachTest } from '../../../test/fake-clock.ts';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { CreateUserForm } from './create-user-form.tsx';

/** No ministries nor departments yet; the email check answers `answer`. */
function stubEmailCheck(answer: { exists: boolean }) {
  stubApi({
    'GET /api/v1/tenant-admin/ministries': { status: 200, body: [] },
    'GET /api/v1/tenant-admin/departments': { status: 200, body: [] },
    'POST /api/v1/tenant-admin/users/check-email': { status: 200, body: answer },
  });
}

function renderForm() {
  return render(<CreateUserForm />, { wrapper: queryWrapper({ toasts: true }) });
}

function type(label: RegExp, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

/** The form with a name, a password and `email` typed in. */
function renderFilledForm(email: string) {
  renderForm();
  type(/^Full Name/, 'Ada Obi');
  type(/^Password/, 'Sup3r-Secret!');
  type(/^Email/, email);
}

describe('create-user form email check', { timeout: 20_000 }, () => {
  fakeTimersInEachTest();

  it('shows a spinner while checking, then "This email is already taken", and keeps Create User disabled', async () => {
    stubEmailCheck({ exists: true });
    renderFilledForm('reviewer@demo.local');
    await advance(0);

    expect(screen.getByRole('progressbar', { name: 'Checking email...' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create User' })).toHaveProperty('disabled', true);
    await advance(400);

    expect(screen.queryByRole('progressbar', { name: 'Checking email...' })).toBeNull();
    expect(screen.getByText('This email is already taken')).toBeTruthy();
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Create User' })).toHaveProperty('disabled', true);
  });

  it('enables Create User once the form is valid and the email is free', async () => {
    stubEmailCheck({ exists: false });
    renderFilledForm('ada.obi@demo.local');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Role/ }));
    await advance(0);
    fireEvent.click(screen.getByRole('option', { name: 'Agent' }));
    await advance(400);

    expect(screen.queryByText('This email is already taken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create User' })).toHaveProperty('disabled', false);
  });
});
