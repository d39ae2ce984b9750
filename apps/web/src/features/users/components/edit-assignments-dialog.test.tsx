import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reviewer } from '@portal/contract/people';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { EditAssignmentsDialog } from './edit-assignments-dialog.tsx';

const M1 = { id: '00000000-0000-4000-8000-000000000001', name: 'Ministry of Health' };
const M2 = { id: '00000000-0000-4000-8000-000000000002', name: 'Ministry of Finance' };
const D1 = { id: '00000000-0000-4000-8000-000000000011', name: 'Treasury' };
const REVIEWER: Reviewer = {
  id: '00000000-0000-4000-8000-0000000000aa',
  fullName: 'Ngozi Eze',
  email: 'ngozi@demo.local',
  pendingValidationCount: 3,
  assignedMinistries: [M1],
  assignedDepartments: [],
};

function renderDialog(onClose = vi.fn()) {
  render(
    <EditAssignmentsDialog person={REVIEWER} ministries={[M1, M2]} departments={[D1]} onClose={onClose} />,
    { wrapper: queryWrapper({ toasts: true }) },
  );
  return onClose;
}

async function toggle(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${field}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

describe('Edit Assignments dialog', { timeout: 20_000 }, () => {
  it('enables Save Changes only while the selection differs from the current one', async () => {
    const user = userEvent.setup();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Edit Assignments for Ngozi Eze' });
    const save = within(dialog).getByRole('button', { name: 'Save Changes' });
    expect(save).toHaveProperty('disabled', true);

    await toggle(user, 'Assigned Ministries', 'Ministry of Finance');
    expect(save).toHaveProperty('disabled', false);
    await toggle(user, 'Assigned Ministries', 'Ministry of Finance');
    expect(save).toHaveProperty('disabled', true);

    await toggle(user, 'Assigned Departments', 'Treasury');
    expect(save).toHaveProperty('disabled', false);
  });

  it('saves the new selection, says so and closes', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`PUT /api/v1/tenant-admin/reviewers/${REVIEWER.id}/assignments`]: {
        status: 200,
        body: { ...REVIEWER, assignedMinistries: [M1, M2] },
      },
    });
    const onClose = renderDialog();
    await toggle(user, 'Assigned Ministries', 'Ministry of Finance');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      ministryIds: [M1.id, M2.id],
      departmentIds: [],
    });
    expect(await screen.findByText('Reviewer assignments updated successfully.')).toBeTruthy();
  });

  it('keeps the dialog open with "Failed to update assignments." when the save fails', async () => {
    const user = userEvent.setup();
    stubApi({
      [`PUT /api/v1/tenant-admin/reviewers/${REVIEWER.id}/assignments`]: {
        status: 500,
        body: { message: 'down', code: 'INTERNAL_ERROR' },
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onClose = renderDialog();
    await toggle(user, 'Assigned Ministries', 'Ministry of Finance');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Failed to update assignments.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
