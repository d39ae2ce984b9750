import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditFieldLabel, type AuditEvent, type AuditPage } from '@portal/contract/audit';
import { storeToken } from '../../../lib/auth-storage.ts';
import { buildToken } from '../../../test/build-token.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { stubApi } from '../../../test/stub-fetch.ts';
import { auditQueryOf, NO_AUDIT_FILTERS } from '../audit-filters.ts';

const event: AuditEvent = {
  id: '41',
  at: '2026-11-20T09:15:00.000Z',
  actorEmail: 'ada@example.gov.ng',
  action: 'RECORD_EDITED',
  label: 'Record edited',
  entityType: 'record',
  entityId: 'r-1',
  recordId: 'r-1',
  psn: 'PSN100001',
  recordName: 'Ada Obi',
  address: '203.0.113.7',
  before: { gradeLevel: 'GL 07', fullName: 'Ada Obi', status: 'PENDING_GRADE_VALIDATION', reasonCode: null },
  after: { gradeLevel: 'GL 08', fullName: 'Ada Obi', status: 'REJECTED', reasonCode: 'DECEASED' },
  note: 'Promotion letter seen',
  summary: 'ada@example.gov.ng: record edited on record PSN100001 from 203.0.113.7.',
};
const pageOf = (items: AuditEvent[], total = items.length, totalExact = true): AuditPage => ({
  items,
  total,
  totalExact,
  page: 1,
  pageSize: 25,
});
const urls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([input]) => String(input));

afterEach(() => vi.unstubAllGlobals());

describe('audit field labels', () => {
  it('reads a field name as words, acronyms in capitals', () => {
    expect(auditFieldLabel('gradeLevel')).toBe('Grade level');
    expect(auditFieldLabel('ssid')).toBe('SSID');
    expect(auditFieldLabel('monthlyGrossKobo')).toBe('Monthly gross kobo');
    expect(auditFieldLabel('reverification_records')).toBe('Reverification records');
  });
});

describe('audit filters', () => {
  it('trims, leaves blanks out and puts a reversed range right', () => {
    expect(auditQueryOf(NO_AUDIT_FILTERS)).toEqual({
      actor: undefined,
      action: undefined,
      record: undefined,
      from: undefined,
      to: undefined,
    });
    expect(
      auditQueryOf({
        actor: ' ada@x.ng ',
        action: 'UPLOAD',
        record: '  Obi ',
        from: '2026-11-20',
        to: '2026-11-01',
      }),
    ).toEqual({ actor: 'ada@x.ng', action: 'UPLOAD', record: 'Obi', from: '2026-11-01', to: '2026-11-20' });
  });
});

describe('Audit Log tab', () => {
  it('asks the server for each filter, picks actions by label, and opens a row onto before → after', async () => {
    const fetchMock = stubApi({
      'GET /api/v1/audit-events?page=1&pageSize=25': { status: 200, body: pageOf([event], 240) },
      'GET /api/v1/tenant-admin/reason-codes': {
        status: 200,
        body: {
          items: [
            {
              code: 'DECEASED',
              label: 'Deceased',
              needsNote: false,
              isDefault: true,
              active: true,
              createdByEmail: null,
              retiredAt: null,
              retiredByEmail: null,
              rejectedRecords: 0,
            },
          ],
          rejectedWithoutCode: 0,
        },
      },
      'GET /api/v1/audit-events?action=RECORD_EDITED&page=1&pageSize=25': {
        status: 200,
        body: pageOf([event]),
      },
      'GET /api/v1/audit-events?action=RECORD_EDITED&record=PSN100001&page=1&pageSize=25': {
        status: 200,
        body: pageOf([event]),
      },
    });
    storeToken(buildToken({ role: 'TENANT_ADMIN' }));
    const user = userEvent.setup();
    renderApp('/dashboard/tenant-admin/audit');

    expect(await screen.findByRole('heading', { level: 2, name: 'Audit Log' })).toBeTruthy();
    expect(await screen.findByText('PSN100001')).toBeTruthy();
    // The record by its name too, not its PSN alone (issue #31).
    const record = screen
      .getByRole('table', { name: 'Audit Log' })
      .querySelector('tbody tr td:nth-of-type(4)');
    expect(record?.textContent).toBe('Ada ObiPSN100001');
    expect(screen.getByText('1–25 of 240')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Clear Filters' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Record edited' }));
    await user.type(screen.getByRole('textbox', { name: 'Record (PSN or name)' }), 'PSN100001');
    await waitFor(() =>
      expect(urls(fetchMock)).toContain(
        '/api/v1/audit-events?action=RECORD_EDITED&record=PSN100001&page=1&pageSize=25',
      ),
    );
    // Typing pauses before asking: no request for each letter.
    expect(urls(fetchMock).filter((u) => u.includes('record=PSN1000&'))).toEqual([]);

    const table = screen.getByRole('table', { name: 'Audit Log' });
    await user.click(within(table).getByRole('button', { name: /Show details: Record edited/ }));
    const changes = await screen.findByRole('table', { name: 'Record edited: Before → After' });
    const rows = within(changes)
      .getAllByRole('row')
      .map((r) => r.textContent);
    // A status and a reason code by their labels, not their codes (issue #31).
    expect(rows).toEqual([
      'FieldBeforeAfter',
      'Grade levelGL 07GL 08',
      'Full nameAda ObiAda Obi',
      'StatusPending Grade ValidationRejected',
      'Reason code—Deceased',
    ]);
    expect(screen.getByText(event.summary)).toBeTruthy();
    expect(screen.getByText('Promotion letter seen')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect((screen.getByRole('textbox', { name: 'Record (PSN or name)' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('shows a count above 10,000 as 10,000+', async () => {
    stubApi({
      'GET /api/v1/audit-events?page=1&pageSize=25': { status: 200, body: pageOf([event], 10_000, false) },
    });
    storeToken(buildToken({ role: 'TENANT_ADMIN' }));
    renderApp('/dashboard/tenant-admin/audit');
    // totalExact is false at the cap: the pager still pages, the line says there are more.
    expect(await screen.findByText('10,000+')).toBeTruthy();
  });
});
