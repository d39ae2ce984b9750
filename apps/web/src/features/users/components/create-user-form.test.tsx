import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('create-user form assignments (issue #33: agents as reviewers)', { timeout: 20_000 }, () => {
  const M1 = { id: '00000000-0000-4000-8000-000000000001', name: 'Ministry of Health' };

  async function chooseRole(name: string) {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Role/ }));
    fireEvent.click(await screen.findByRole('option', { name }));
  }

  it('offers ministries and departments to an agent as to a reviewer, and sends them', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/tenant-admin/ministries': { status: 200, body: [M1] },
      'GET /api/v1/tenant-admin/departments': { status: 200, body: [] },
      'POST /api/v1/tenant-admin/users/check-email': { status: 200, body: { exists: false } },
      'POST /api/v1/tenant-admin/users': {
        status: 201,
        body: {
          id: '00000000-0000-4000-8000-0000000000dd',
          fullName: 'Ada Obi',
          email: 'field.agent@demo.local',
          role: 'AGENT',
          tenantId: 'tenant-1',
          status: 'ACTIVE',
        },
      },
    });
    renderFilledForm('field.agent@demo.local');
    expect(screen.queryByRole('combobox', { name: /^Assigned Ministries/ })).toBeNull();

    await chooseRole('Reviewer');
    expect(
      await screen.findByText('The reviewer works the records of these ministries and departments.'),
    ).toBeTruthy();
    await chooseRole('Agent');
    expect(
      await screen.findByText(
        'The agent finds the people of these ministries and departments; none: the whole tenant.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^Assigned Departments/ })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Assigned Ministries/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ministry of Health' }));
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    const submit = screen.getByRole('button', { name: 'Create User' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    fireEvent.click(submit);

    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url) === '/api/v1/tenant-admin/users' && init?.method === 'POST',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('User created successfully!')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/v1/tenant-admin/users' && init?.method === 'POST',
    );
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({
      role: 'AGENT',
      assignedMinistryIds: [M1.id],
      assignedDepartmentIds: [],
    });
  });

  it('drops the assignments when the role changes to one without them', async () => {
    stubEmailCheck({ exists: false });
    renderFilledForm('ada.obi@demo.local');
    await chooseRole('Agent');
    expect(await screen.findByRole('combobox', { name: /^Assigned Ministries/ })).toBeTruthy();
    await chooseRole('Tenant Admin');
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /^Assigned Ministries/ })).toBeNull());
  });
});
