import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { APPEAL_MESSAGES } from '@portal/contract/appeals';
import { buildMasterRecord } from '../../../test/build-master-record.ts';
import { openScreen } from '../../../test/open-screen.ts';
import { stubXhr } from '../../../test/fake-xhr.ts';
import { callsTo, type ApiReplies } from '../../../test/stub-fetch.ts';
import { appealsPage, buildAppeal } from '../../../test/build-appeal.ts';

const ok = (body: unknown) => ({ status: 200, body });
const MINE = 'GET /api/v1/appeals?page=1&pageSize=20';

function openProfile(status: string, replies: ApiReplies) {
  return openScreen(
    '/dashboard/user/profile',
    {
      'GET /api/v1/users/me/record': ok(buildMasterRecord({ status })),
      'GET /api/v1/users/me/record/history': ok({ items: [] }),
      ...replies,
    },
    { sub: 'employee-1', role: 'SELF_SERVICE_USER' },
  );
}

describe("the employee's appeal on their profile (issue #34 item 4)", () => {
  it("offers 'Appeal this decision' beside a suspension, and lodges the appeal with a PDF attached", async () => {
    const lodged = buildAppeal();
    const Xhr = stubXhr();
    const { user, fetchMock } = openProfile('SUSPENDED', {
      [MINE]: [ok(appealsPage()), ok(appealsPage(lodged))],
      'POST /api/v1/appeals': { status: 201, body: lodged },
      'GET /api/v1/appeals/a-1': ok(lodged),
    });
    await user.click(await screen.findByRole('button', { name: 'Appeal this decision' }));
    const dialog = await screen.findByRole('dialog', { name: 'Appeal this decision' });
    await user.click(within(dialog).getByRole('combobox', { name: /What happened/ }));
    await user.click(await screen.findByRole('option', { name: 'I was present' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Your grounds/ }), 'I was at the site.');
    // A text file is refused before anything is sent; the PDF stays.
    const input = within(dialog).getByTestId('appeal-files');
    // (As a browser's "All files" choice would give it: the accept list is only a hint.)
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(within(dialog).getByText(APPEAL_MESSAGES.attachmentType)).toBeTruthy();
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'attendance.pdf', { type: 'application/pdf' })] },
    });
    expect(within(dialog).getByText(/attendance\.pdf/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Lodge appeal' }));

    // The file goes after the appeal exists, to its attachments route, as multipart 'file'.
    await waitFor(() => expect(Xhr.last).not.toBeNull());
    expect(Xhr.last!.url).toBe('/api/v1/appeals/a-1/attachments');
    expect((Xhr.last!.body as FormData).get('file')).toBeInstanceOf(File);
    Xhr.last!.respond(201, {
      id: 'f-1',
      fileName: 'attendance.pdf',
      contentType: 'application/pdf',
      sizeBytes: 8,
      uploadedByEmail: null,
      at: '2026-11-20T09:01:00.000Z',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = fetchMock.mock.calls.find(
      ([url, init]) => String(url) === '/api/v1/appeals' && init?.method === 'POST',
    );
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      kind: 'WAS_PRESENT',
      grounds: 'I was at the site.',
    });
    expect(callsTo(fetchMock, 'POST /api/v1/appeals')).toBe(1);
    const section = await screen.findByRole('region', { name: 'Your appeals' });
    expect(within(section).getByText('Open')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal this decision' })).toBeNull();
  });

  it('has no appeal action for a record on the payroll, and no section without appeals', async () => {
    openProfile('VALIDATED', { [MINE]: ok(appealsPage()) });
    expect(await screen.findByText('Ada Ngozi Obi')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Appeal this decision' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Your appeals' })).toBeNull();
  });

  it('shows the question waiting with an answer box, and sends the answer', async () => {
    const waiting = buildAppeal({
      status: 'AWAITING_EMPLOYEE',
      messages: [
        {
          id: 'm-1',
          type: 'QUESTION',
          text: 'Which site did you attend?',
          byEmail: null,
          at: '2026-11-21T09:00:00.000Z',
        },
      ],
    });
    const { user, fetchMock } = openProfile('SUSPENDED', {
      [MINE]: ok(appealsPage(waiting)),
      'GET /api/v1/appeals/a-1': ok(waiting),
      'POST /api/v1/appeals/a-1/answer': ok({ ...waiting, status: 'OPEN' }),
    });
    const section = await screen.findByRole('region', { name: 'Your appeals' });
    expect(await within(section).findByText('Which site did you attend?')).toBeTruthy();
    expect(within(section).getByText(/A decision is due by Dec 20, 2026/)).toBeTruthy();
    await user.type(within(section).getByRole('textbox', { name: /Your answer/ }), 'Ikeja.');
    await user.click(within(section).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/v1/appeals/a-1/answer')).toBe(1));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/answer'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ text: 'Ikeja.' });
  });

  it('shows the decision with the reason the employee is given', async () => {
    const decided = buildAppeal({
      status: 'DECIDED',
      deadlineState: 'MET',
      daysLeft: null,
      decision: 'UPHELD',
      decisionNote: 'You were present at Ikeja; your record goes back to review.',
      decidedAt: '2026-11-25T09:00:00.000Z',
    });
    openProfile('PENDING_GRADE_VALIDATION', {
      [MINE]: ok(appealsPage(decided)),
      'GET /api/v1/appeals/a-1': ok(decided),
    });
    const decision = await screen.findByTestId('appeal-decision');
    expect(decision.textContent).toContain('Decision: Upheld');
    expect(decision.textContent).toContain(
      'Reason: You were present at Ikeja; your record goes back to review.',
    );
    // The employee is not shown the arrears (the handlers' business).
    expect(screen.queryByTestId('appeal-arrears')).toBeNull();
  });
});
