import { INTEGRITY_RULES } from '@portal/contract/integrity';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';
import { hrListsReply } from '../../../test/build-hr-list.ts';
import { buildIntegrityFlag, buildIntegritySummary } from '../../../test/build-integrity-summary.ts';

const SUMMARY = buildIntegritySummary({
  flaggedRecords: 13,
  monthlyAmount: 1715002.04,
  payUnknownRecords: 2,
  rules: buildIntegritySummary().rules.map((r) =>
    r.code === 'PAST_RETIREMENT_AGE'
      ? { ...r, flaggedRecords: 3, monthlyAmount: 475000.25 }
      : r.code === 'IMPLAUSIBLE_BIRTH_DATE'
        ? { ...r, enabled: false }
        : r,
  ),
  byMinistry: [
    {
      ministryId: 'm-1',
      ministry: 'Ministry of Health',
      flaggedRecords: 13,
      monthlyAmount: 1715002.04,
      payUnknownRecords: 2,
    },
  ],
});
const FLAG = buildIntegrityFlag();
const reasonCode = (code: string, label: string, more: object = {}) => ({
  code,
  label,
  needsNote: false,
  isDefault: true,
  active: true,
  createdByEmail: null,
  retiredAt: null,
  retiredByEmail: null,
  rejectedRecords: 0,
  ...more,
});
const page = (items = [FLAG]) => ({
  status: 200,
  body: { items, total: items.length, page: 1, pageSize: 10 },
});

function open(more = {}) {
  return openScreen('/dashboard/tenant-admin/integrity', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/integrity/summary': { status: 200, body: SUMMARY },
    'GET /api/v1/integrity/flags?status=OPEN&page=1&pageSize=10': page(),
    'GET /api/v1/hr-lists': hrListsReply(),
    ...more,
  });
}

describe('the Integrity tab (issue #21)', () => {
  it('shows the totals, one card per rule with ₦ a month, and the flags with their evidence', async () => {
    open();
    const rules = await screen.findByRole('list', { name: 'Rules' });
    expect(within(rules).getAllByRole('listitem')).toHaveLength(INTEGRITY_RULES.length);
    const retirement = within(rules).getByRole('button', {
      name: /^Past retirement age: 3 records, ₦475,000.25 a month/,
    });
    expect(retirement.getAttribute('aria-pressed')).toBe('false');
    // A switched-off rule says so, also to a screen reader, and is not faded (issue #31: 3.03:1).
    const off = within(rules).getByRole('button', { name: /^Implausible birth date \(Switched off\): / });
    expect(getComputedStyle(off.parentElement!).opacity).not.toBe('0.7');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('Records flagged13');
    expect(totals.textContent).toContain('₦ at stake a month₦1,715,002.04');
    expect(totals.textContent).toContain('2 flagged records without a monthly pay (counted as ₦0)');
    // The chart's figures, for screen readers too.
    const chartTable = screen.getByRole('table', { name: /Monthly pay of the flagged records/ });
    expect(within(chartTable).getByRole('row', { name: /Ministry of Health/ }).textContent).toContain(
      '₦1,715,002.04',
    );
    expect(screen.getByText(/Rules evaluated as of Nov 24, 2026/)).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Integrity flags' });
    const row = within(table).getByRole('row', { name: /Ada Ngozi Obi/ });
    expect(row.textContent).toContain(
      'Aged 61 on Nov 24, 2026: born Mar 10, 1965 (date of birth as uploaded)',
    );
    expect(row.textContent).toContain('₦250,000.50');
  });

  it('filters the list by the rule of a card', async () => {
    const { user, fetchMock } = open({
      'GET /api/v1/integrity/flags?rule=PAST_RETIREMENT_AGE&status=OPEN&page=1&pageSize=10': page(),
    });
    await user.click(await screen.findByRole('button', { name: /^Past retirement age/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain(
        '/api/v1/integrity/flags?rule=PAST_RETIREMENT_AGE&status=OPEN&page=1&pageSize=10',
      ),
    );
    expect(screen.getByRole('button', { name: /^Past retirement age/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('searches the flags by name, PSN or Work ID on the server, with the rule filter, from the first page', async () => {
    const okon = buildIntegrityFlag({ id: 'f-2', fullName: 'Okon Bassey', psn: 'PSN1002' });
    const { user, fetchMock } = open({
      'GET /api/v1/integrity/flags?status=OPEN&page=1&pageSize=10': {
        status: 200,
        body: { items: [FLAG, okon], total: 2, page: 1, pageSize: 10 },
      },
      'GET /api/v1/integrity/flags?status=OPEN&q=okon&page=1&pageSize=10': page([okon]),
      'GET /api/v1/integrity/flags?rule=PAST_RETIREMENT_AGE&status=OPEN&q=okon&page=1&pageSize=10': page([
        okon,
      ]),
      'GET /api/v1/integrity/flags?status=OPEN&q=zz&page=1&pageSize=10': page([]),
    });
    const table = await screen.findByRole('table', { name: 'Integrity flags' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const box = screen.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' });
    await user.type(box, 'okon');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Okon Bassey/ })).toBeTruthy();
    const urls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => u.includes('/flags'));
    // Typing settles before the list is asked: one call for 'okon', none for 'o', 'ok', 'oko'.
    expect(urls().filter((u) => u.includes('q='))).toEqual([
      '/api/v1/integrity/flags?status=OPEN&q=okon&page=1&pageSize=10',
    ]);
    // The search stays with a rule's filter.
    await user.click(screen.getByRole('button', { name: /^Past retirement age/ }));
    await waitFor(() =>
      expect(urls()).toContain(
        '/api/v1/integrity/flags?rule=PAST_RETIREMENT_AGE&status=OPEN&q=okon&page=1&pageSize=10',
      ),
    );
    await user.click(screen.getByRole('button', { name: /^Past retirement age/ }));
    // A search without matches says so, and its Clear search empties the box.
    await user.clear(box);
    await user.type(box, 'zz');
    expect(await screen.findByText('No flag matches the search and filters.')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    expect((box as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('table', { name: 'Integrity flags' })).toBeTruthy();
  });

  it('confirms a ghost with a reason from the tenant’s codes, warning that the record leaves the payroll', async () => {
    const { user, fetchMock } = open({
      'GET /api/v1/tenant-admin/reason-codes': {
        status: 200,
        body: {
          items: [
            reasonCode('RETIRED', 'Retired'),
            reasonCode('ON_SECONDMENT', 'On secondment', { isDefault: false }),
            reasonCode('DECEASED', 'Deceased', { active: false }),
            reasonCode('OTHER', 'Other (say why in the note)', { needsNote: true }),
          ],
          rejectedWithoutCode: 0,
        },
      },
      'POST /api/v1/integrity/flags/f-1/decision': {
        status: 200,
        body: buildIntegrityFlag({ status: 'CONFIRMED', recordStatus: 'REJECTED' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Decide on the flag of Ada Ngozi Obi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide on an Integrity Flag' });
    // Before a decision, the button names neither (issue #31: it read 'Dismiss Flag').
    const save = within(dialog).getByRole('button', { name: 'Choose a Decision' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: /^Confirm/ }));
    expect(within(dialog).getByText(/leaves the payroll export/)).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Retired', 'On secondment', 'Other (say why in the note)']);
    await user.click(screen.getByRole('option', { name: 'Other (say why in the note)' }));
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Ghost' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true); // Other needs a note
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Not seen at the headcount');
    await user.click(confirm);
    expect(await screen.findByText(/Ada Ngozi Obi confirmed as a ghost/)).toBeTruthy();
    const sent = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/decision'))!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({
      decision: 'CONFIRM',
      reasonCode: 'OTHER',
      note: 'Not seen at the headcount',
    });
  });

  it('with a second approver, a confirmation says it awaits one', async () => {
    const { user } = open({
      'GET /api/v1/tenant-admin/reason-codes': {
        status: 200,
        body: { items: [reasonCode('RETIRED', 'Retired')], rejectedWithoutCode: 0 },
      },
      'POST /api/v1/integrity/flags/f-1/decision': {
        status: 200,
        body: buildIntegrityFlag({ recordStatus: 'PENDING_SECOND_APPROVAL' }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Decide on the flag of Ada Ngozi Obi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decide on an Integrity Flag' });
    await user.click(within(dialog).getByRole('radio', { name: /^Confirm/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /Reason/ }));
    await user.click(screen.getByRole('option', { name: 'Retired' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Ghost' }));
    expect(await screen.findByText(/^Sent for a second approver\./)).toBeTruthy();
  });

  it("reads the flags again when the tenant's first run finishes on the open screen", async () => {
    const never = { ...SUMMARY, status: 'RUNNING', evaluatedAt: null, progress: { done: 1, total: 5 } };
    const { fetchMock } = open({
      'GET /api/v1/integrity/summary': [
        { status: 200, body: never },
        { status: 200, body: SUMMARY },
      ],
      'GET /api/v1/integrity/flags?status=OPEN&page=1&pageSize=10': [page([]), page()],
    });
    expect(await screen.findByText(/Evaluating… Step 1 of 5/)).toBeTruthy();
    // The summary is polled until the run is current; then the list is asked for again.
    const table = await screen.findByRole('table', { name: 'Integrity flags' }, { timeout: 10_000 });
    expect(within(table).getByRole('rowheader', { name: new RegExp(FLAG.fullName) })).toBeTruthy();
    const flagCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('/integrity/flags'));
    expect(flagCalls).toHaveLength(2);
  });

  it("shows 'Evaluating…' with the run's progress while the rules run", async () => {
    open({
      'GET /api/v1/integrity/summary': {
        status: 200,
        body: { ...SUMMARY, status: 'RUNNING', progress: { done: 2, total: 5 } },
      },
    });
    expect(await screen.findByText(/Evaluating… Step 2 of 5/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Evaluating…' }).getAttribute('aria-valuenow')).toBe('40');
  });
});
