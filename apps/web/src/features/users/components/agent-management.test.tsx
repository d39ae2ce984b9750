import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Agent } from '@portal/contract/people';
import { queryWrapper } from '../../../test/query-wrapper.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { AgentManagement } from './agent-management.tsx';

const M1 = { id: '00000000-0000-4000-8000-000000000001', name: 'Ministry of Health' };
const M2 = { id: '00000000-0000-4000-8000-000000000002', name: 'Ministry of Finance' };
const D1 = { id: '00000000-0000-4000-8000-000000000011', name: 'Treasury' };
const FIELD_AGENT: Agent = {
  id: '00000000-0000-4000-8000-0000000000bb',
  fullName: 'Tunde Bakare',
  email: 'tunde@demo.local',
  assignedMinistries: [],
  assignedDepartments: [],
};
const POSTED_AGENT: Agent = {
  ...FIELD_AGENT,
  id: '00000000-0000-4000-8000-0000000000cc',
  fullName: 'Amina Sani',
  email: 'amina@demo.local',
  assignedMinistries: [M1],
  assignedDepartments: [D1],
};

describe("field agents' assignments (issue #33)", { timeout: 20_000 }, () => {
  it("lists each agent's ministries and departments; none reads 'Whole tenant'", async () => {
    stubApi({
      'GET /api/v1/tenant-admin/agents': { status: 200, body: [FIELD_AGENT, POSTED_AGENT] },
      'GET /api/v1/tenant-admin/ministries': { status: 200, body: [M1, M2] },
      'GET /api/v1/tenant-admin/departments': { status: 200, body: [D1] },
    });
    render(<AgentManagement />, { wrapper: queryWrapper({ toasts: true }) });
    const table = await screen.findByRole('table', { name: 'Field Agents' });
    const whole = within(table).getByRole('row', { name: /Tunde Bakare/ });
    expect(within(whole).getByText('Whole tenant')).toBeTruthy();
    const posted = within(table).getByRole('row', { name: /Amina Sani/ });
    expect(within(posted).getByText('Ministry of Health')).toBeTruthy();
    expect(within(posted).getByText('Treasury')).toBeTruthy();
  });

  it("edits an agent's assignments through the agents' route and says so", async () => {
    const fetchMock = stubApi({
      'GET /api/v1/tenant-admin/agents': { status: 200, body: [FIELD_AGENT] },
      'GET /api/v1/tenant-admin/ministries': { status: 200, body: [M1, M2] },
      'GET /api/v1/tenant-admin/departments': { status: 200, body: [D1] },
      [`PUT /api/v1/tenant-admin/agents/${FIELD_AGENT.id}/assignments`]: {
        status: 200,
        body: { ...FIELD_AGENT, assignedMinistries: [M2] },
      },
    });
    const user = userEvent.setup();
    render(<AgentManagement />, { wrapper: queryWrapper({ toasts: true }) });
    await user.click(await screen.findByRole('button', { name: 'Edit assignments for Tunde Bakare' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Assignments for Tunde Bakare' });
    expect(
      within(dialog).getByText('With no ministry and no department, the agent works the whole tenant.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /^Assigned Ministries/ }));
    await user.click(await screen.findByRole('option', { name: 'Ministry of Finance' }));
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Agent assignments updated successfully.')).toBeTruthy();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(String(put?.[0])).toBe(`/api/v1/tenant-admin/agents/${FIELD_AGENT.id}/assignments`);
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ ministryIds: [M2.id], departmentIds: [] });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
