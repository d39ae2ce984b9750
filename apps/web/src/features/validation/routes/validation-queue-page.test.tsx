import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@portal/contract/roles';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { buildComparisonRow } from '../test/build-comparison-row.ts';
import { buildQueueRecord, queueReply } from '../test/build-queue-record.ts';

const PENDING = 'GET /api/v1/records/queue/pending-approval?page=1&pageSize=5';
const MISMATCHED = 'GET /api/v1/records/queue/mismatched?page=1&pageSize=5';
const FACETS = {
  status: 200,
  body: {
    ministries: [{ id: 'm-health', name: 'Ministry of Health' }],
    departments: [{ id: 'd-nursing', name: 'Nursing Services' }],
    grades: ['GL 08'],
    statuses: ['PENDING_GRADE_VALIDATION', 'MISMATCHED'],
  },
};
const REASON_CODES = 'GET /api/v1/tenant-admin/reason-codes';
const reasonCode = (code: string, label: string, active = true) => ({
  code,
  label,
  needsNote: code === 'OTHER',
  isDefault: true,
  active,
  createdByEmail: null,
  retiredAt: null,
  retiredByEmail: null,
  rejectedRecords: 0,
});
const REASON_CODES_REPLY = {
  status: 200,
  body: {
    items: [
      reasonCode('NOT_ON_NOMINAL_ROLL', 'Not on the nominal roll'),
      reasonCode('OTHER', 'Other (say why in the note)'),
      reasonCode('DECEASED', 'Deceased', false),
    ],
    rejectedWithoutCode: 0,
  },
};
const ada = buildQueueRecord();
const bola = buildQueueRecord({ id: 'r-2', fullName: 'Bola Ade', status: 'MISMATCHED', version: 7 });

function open(role: Role, routes: Parameters<typeof stubApi>[0]) {
  const fetchMock = stubApi({ 'GET /api/v1/records/queue/facets': FACETS, ...routes });
  storeToken(buildToken({ role }));
  renderApp(role === 'REVIEWER' ? '/dashboard/reviewer/queue' : '/dashboard/tenant-admin/validation');
  const calls = (key: string) =>
    fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);
  return { fetchMock, calls, user: userEvent.setup() };
}

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

describe('validation queue: the two variants', () => {
  it('the tenant admin sees every column, both counts, and Approve / Edit / Reject on pending rows', async () => {
    open('TENANT_ADMIN', { [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 4 }) });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    expect(headers(table)).toEqual([
      '',
      'Employee',
      'Department',
      'Ministry',
      'Grade',
      'Salary Grade ID',
      'Salary Structure',
      'Actions',
    ]);
    const row = within(table).getByRole('row', { name: /Ada Ngozi Obi/ });
    expect(within(row).getByText('AO')).toBeTruthy();
    expect(within(row).getByText('SG-0801')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Record' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Reject Record' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Pending Approval 1' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Mismatched Records 4' })).toBeTruthy();
  });

  it('the reviewer sees their tasks with the reduced columns, and no Reject on mismatched rows', async () => {
    const { user } = open('REVIEWER', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 1 }),
      [MISMATCHED]: queueReply([bola], { pendingApproval: 1, mismatched: 1 }),
    });
    expect(await screen.findByRole('heading', { name: 'My Validation Tasks' })).toBeTruthy();
    expect(screen.getByText('Review records assigned to you')).toBeTruthy();
    const pending = await screen.findByRole('table', { name: 'Records pending approval' });
    expect(headers(pending)).toEqual(['', 'Employee', 'Department', 'Ministry', 'Grade', 'Actions']);

    await user.click(screen.getByRole('tab', { name: /Mismatched Records/ }));
    const mismatched = await screen.findByRole('table', { name: 'Mismatched records' });
    const row = within(mismatched).getByRole('row', { name: /Bola Ade/ });
    expect(within(row).getByRole('button', { name: 'Resolve' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Edit Record' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Reject Record' })).toBeNull();
  });

  it('the tenant admin may also reject a mismatched record', async () => {
    const { user } = open('TENANT_ADMIN', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 1 }),
      [MISMATCHED]: queueReply([bola], { pendingApproval: 1, mismatched: 1 }),
    });
    await user.click(await screen.findByRole('tab', { name: /Mismatched Records/ }));
    const table = await screen.findByRole('table', { name: 'Mismatched records' });
    expect(within(table).getByRole('button', { name: 'Reject Record' })).toBeTruthy();
  });

  it('shows the empty states of both queues, without count badges', async () => {
    const empty = queueReply([], { pendingApproval: 0, mismatched: 0 });
    const { user } = open('REVIEWER', { [PENDING]: empty, [MISMATCHED]: empty });
    expect(await screen.findByRole('heading', { name: 'Queue is Clear' })).toBeTruthy();
    expect(screen.getByText('You have no records pending approval.')).toBeTruthy();
    expect(screen.queryByTestId('queue-count')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Mismatched Records' }));
    expect(await screen.findByRole('heading', { name: 'No Mismatches' })).toBeTruthy();
    expect(screen.getByText('You have no mismatched records to resolve.')).toBeTruthy();
  });
});

describe('validation queue: decisions', () => {
  it('approve sends the version the queue showed, toasts, and reloads the queue', async () => {
    const { user, calls } = open('TENANT_ADMIN', {
      [PENDING]: [
        queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
        queueReply([], { pendingApproval: 0, mismatched: 0 }),
      ],
      'POST /api/v1/records/r-1/validate': { status: 200, body: { ...ada, status: 'VALIDATED' } },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Record approved successfully!')).toBeTruthy();
    const [[, init]] = calls('POST /api/v1/records/r-1/validate') as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toEqual({ decision: 'APPROVE', comments: '', version: 3 });
    expect(await screen.findByRole('heading', { name: 'Queue is Clear' })).toBeTruthy();
  });

  it('a 409 (someone else acted first) shows its message and reloads the queue', async () => {
    const stale = 'This record is no longer awaiting a decision.';
    const { user, calls } = open('REVIEWER', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
      'POST /api/v1/records/r-1/validate': { status: 409, body: { message: stale, code: 'CONFLICT' } },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    const before = calls(PENDING).length;
    await user.click(within(table).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(screen.queryByText('Failed to approve record')).toBeNull();
    await waitFor(() => expect(calls(PENDING).length).toBeGreaterThan(before));
  });

  it('reject sends nothing without a reason code and comments or when cancelled, then sends both', async () => {
    const { user, calls } = open('REVIEWER', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
      [REASON_CODES]: REASON_CODES_REPLY,
      'POST /api/v1/records/r-1/validate': { status: 200, body: { ...ada, status: 'REJECTED' } },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    await user.click(within(table).getByRole('button', { name: 'Reject Record' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject Record' });
    const confirm = within(dialog).getByRole('button', { name: 'Reject Record' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), '   {Enter}');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST /api/v1/records/r-1/validate')).toHaveLength(0);

    await user.click(within(table).getByRole('button', { name: 'Reject Record' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject Record' });
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), '  Not on our staff ');
    expect(
      (within(dialog).getByRole('button', { name: 'Reject Record' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(await within(dialog).findByRole('combobox', { name: /Reason/ }));
    // Only the active codes are offered, by their labels.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Not on the nominal roll',
      'Other (say why in the note)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Not on the nominal roll' }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject Record' }));
    expect(await screen.findByText('Record rejected successfully!')).toBeTruthy();
    const sent = calls('POST /api/v1/records/r-1/validate') as [unknown, RequestInit][];
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1].body))).toEqual({
      decision: 'REJECT',
      comments: 'Not on our staff',
      reasonCode: 'NOT_ON_NOMINAL_ROLL',
      version: 3,
    });
  });

  it('with a second approver, the rejection says it awaits one and the tab’s badge counts it at once', async () => {
    const count = (awaitingMe: number) => ({
      status: 200,
      body: { items: [], total: awaitingMe, page: 1, pageSize: 1, awaitingMe },
    });
    const { user } = open('TENANT_ADMIN', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
      [REASON_CODES]: REASON_CODES_REPLY,
      'GET /api/v1/approvals?status=PENDING&page=1&pageSize=1': [count(0), count(1)],
      'POST /api/v1/records/r-1/validate': {
        status: 200,
        body: { ...ada, status: 'PENDING_SECOND_APPROVAL', statusBeforeApproval: ada.status },
      },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    await user.click(within(table).getByRole('button', { name: 'Reject Record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Record' });
    await user.click(await within(dialog).findByRole('combobox', { name: /Reason/ }));
    await user.click(screen.getByRole('option', { name: 'Other (say why in the note)' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Comments/ }), 'Transferred out');
    await user.click(within(dialog).getByRole('button', { name: 'Reject Record' }));
    expect(await screen.findByText(/^Sent for a second approver\./)).toBeTruthy();
    expect((await screen.findByTestId('pending-approvals-badge')).textContent).toContain('1');
  });

  it('resolve shows the comparison with the differing values marked; Edit Manually opens the editor', async () => {
    const { user, calls } = open('TENANT_ADMIN', {
      [PENDING]: queueReply([], { pendingApproval: 0, mismatched: 1 }),
      [MISMATCHED]: queueReply([bola], { pendingApproval: 0, mismatched: 1 }),
      // The editor opens with the record's audited view (issue #31: a list masks the numbers).
      'GET /api/v1/records/r-2': { status: 200, body: bola },
      'GET /api/v1/records/r-2/comparison': {
        status: 200,
        body: [
          buildComparisonRow({ field: 'fullName', originalValue: 'Bola Ade', sotValue: 'Bola Ade' }),
          buildComparisonRow({ field: 'gradeLevel', originalValue: 'GL 08', sotValue: 'GL 09' }),
        ],
      },
    });
    await user.click(await screen.findByRole('tab', { name: /Mismatched Records/ }));
    const table = await screen.findByRole('table', { name: 'Mismatched records' });
    await user.click(within(table).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Data Mismatch' });
    const comparison = await within(dialog).findByRole('table');
    expect(headers(comparison)).toEqual(['Field', 'Original Uploaded Data', 'Source of Truth Data', 'Match']);
    expect(within(comparison).getByRole('rowheader', { name: 'Grade Level, differs' })).toBeTruthy();
    expect(within(comparison).getByRole('rowheader', { name: 'Full Name' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Edit Manually' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Record' });
    expect(within(edit).getByText('Bola Ade')).toBeTruthy();
    const fullName = await within(edit).findByRole('textbox', { name: /Full Name/ });
    await user.clear(fullName);
    expect((within(edit).getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls('POST /api/v1/records/r-2/resolve-mismatch')).toHaveLength(0);
  });

  it("accepting the SoT's new grade asks for its Salary Grade ID, prefilled with the step kept", async () => {
    const graded = buildQueueRecord({ ...bola, salaryGradeId: 'CONPSS-08-10' });
    const { user, calls } = open('TENANT_ADMIN', {
      [PENDING]: queueReply([], { pendingApproval: 0, mismatched: 1 }),
      [MISMATCHED]: queueReply([graded], { pendingApproval: 0, mismatched: 1 }),
      'GET /api/v1/records/r-2/comparison': {
        status: 200,
        body: [buildComparisonRow({ field: 'gradeLevel', originalValue: 'GL 08', sotValue: 'GL 09' })],
      },
      'POST /api/v1/records/r-2/resolve-mismatch': { status: 200, body: { ...graded, status: 'VALIDATED' } },
    });
    await user.click(await screen.findByRole('tab', { name: /Mismatched Records/ }));
    const table = await screen.findByRole('table', { name: 'Mismatched records' });
    await user.click(within(table).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve Data Mismatch' });
    const field = await within(dialog).findByRole('textbox', { name: /Salary Grade ID for GL 09/ });
    expect((field as HTMLInputElement).value).toBe('CONPSS-09-10');
    const accept = within(dialog).getByRole('button', { name: 'Accept SoT Data & Validate' });
    // The old grade's id is refused before anything is sent.
    await user.clear(field);
    await user.type(field, 'CONPSS-08-10');
    expect(
      within(dialog).getByText('Salary Grade ID CONPSS-08-10 names another grade than GL 09.'),
    ).toBeTruthy();
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    await user.clear(field);
    await user.type(field, 'CONPSS-09-11');
    await user.click(accept);
    await waitFor(() => expect(calls('POST /api/v1/records/r-2/resolve-mismatch')).toHaveLength(1));
    const [sent] = calls('POST /api/v1/records/r-2/resolve-mismatch');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({ version: 7, salaryGradeId: 'CONPSS-09-11' });
  });

  it('edit sends the form with the kept date of birth and version; an unknown department shows on its field', async () => {
    const unknown = 'No department of this tenant has that name';
    const { user, calls } = open('REVIEWER', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
      'GET /api/v1/records/r-1': { status: 200, body: ada },
      'PUT /api/v1/records/r-1': [
        { status: 400, body: { message: unknown, code: 'BAD_REQUEST', details: { department: unknown } } },
        { status: 200, body: { ...ada, gradeLevel: 'GL 09' } },
      ],
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    await user.click(within(table).getByRole('button', { name: 'Edit Record' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Record' });
    const grade = await within(dialog).findByRole('textbox', { name: 'Grade Level' });
    await user.clear(grade);
    await user.type(grade, 'GL 09');
    const department = within(dialog).getByRole('combobox', { name: /Department/ });
    await user.clear(department);
    await user.type(department, 'Nursing');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(unknown)).toBeTruthy();

    await user.clear(department);
    await user.type(department, 'Nursing Services');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Record updated successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls('PUT /api/v1/records/r-1') as [unknown, RequestInit][];
    expect(JSON.parse(String(sent[1]![1].body))).toEqual({
      fullName: 'Ada Ngozi Obi',
      gradeLevel: 'GL 09',
      department: 'Nursing Services',
      ministry: 'Ministry of Health',
      salaryStructure: 'CONHESS',
      // Names no grade ('SG-0801'), so it stays as it is with the new grade.
      salaryGradeId: 'SG-0801',
      dateOfBirth: '1980-01-02',
      // The payroll columns go as they stand (none on this record).
      dateOfFirstAppointment: null,
      bank: null,
      accountNumber: null,
      bvn: null,
      monthlyGrossPay: null,
      version: 3,
    });
  });
});

describe('validation queue: approve selected', () => {
  it('approves the selected rows of the page after a confirm that says how many', async () => {
    const chidi = buildQueueRecord({ id: 'r-3', fullName: 'Chidi Eze', version: 3 });
    const { user, calls } = open('REVIEWER', {
      [PENDING]: queueReply([ada, chidi], { pendingApproval: 2, mismatched: 0 }),
      'POST /api/v1/records/bulk-approve': {
        status: 200,
        body: { approved: [ada.id, chidi.id], refused: [] },
      },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    const approve = screen.getByRole('button', { name: 'Approve selected' });
    expect(approve).toHaveProperty('disabled', true);
    await user.click(within(table).getByRole('checkbox', { name: 'Select every record of this page' }));
    expect(screen.getByRole('button', { name: 'Approve selected (2)' })).toHaveProperty('disabled', false);
    await user.click(within(table).getByRole('checkbox', { name: 'Select Chidi Eze' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Chidi Eze' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve Selected Records' });
    expect(dialog.textContent).toContain(
      'Approve 2 records? Each is validated and kept in its history as if approved alone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Approve 2 records' }));
    expect(await screen.findByText('2 records approved successfully!')).toBeTruthy();
    const [sent] = calls('POST /api/v1/records/bulk-approve');
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      records: [
        { id: ada.id, version: ada.version },
        { id: chidi.id, version: 3 },
      ],
    });
  });

  it('sends nothing when the confirm is cancelled, and names a refusal', async () => {
    const { user, calls } = open('TENANT_ADMIN', {
      [PENDING]: queueReply([ada], { pendingApproval: 1, mismatched: 0 }),
      'POST /api/v1/records/bulk-approve': {
        status: 200,
        body: {
          approved: [],
          refused: [{ id: ada.id, message: 'This record is no longer awaiting a decision.' }],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Records pending approval' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ada Ngozi Obi' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Selected Records' });
    expect(dialog.textContent).toContain('Approve 1 record?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('POST /api/v1/records/bulk-approve')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Approve Selected Records' })).getByRole('button', {
        name: 'Approve 1 record',
      }),
    );
    expect(
      await screen.findByText(
        '1 record could not be approved: This record is no longer awaiting a decision.',
      ),
    ).toBeTruthy();
  });
});
