import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { DEFAULT_REASON_CODES, REASON_CODE_MESSAGES, type ReasonCode } from '@portal/contract/decisions';
import {
  INTEGRITY_RULES,
  INTEGRITY_RULE_DESCRIPTIONS,
  INTEGRITY_RULE_LABELS,
} from '@portal/contract/integrity';
import { SETTINGS_MESSAGES, TenantSettingsSchema } from '@portal/contract/settings';
import { TENANT_ADMIN_ME_REPLY, openScreen } from '../../../test/open-screen.ts';

const SETTINGS = TenantSettingsSchema.parse({});
const code = (c: (typeof DEFAULT_REASON_CODES)[number], more: Partial<ReasonCode> = {}): ReasonCode => ({
  ...c,
  isDefault: true,
  active: true,
  createdByEmail: null,
  retiredAt: null,
  retiredByEmail: null,
  rejectedRecords: c.code === 'DECEASED' ? 12 : 0,
  ...more,
});
const CODES = {
  items: DEFAULT_REASON_CODES.map((c) => code(c)),
  rejectedWithoutCode: 3,
};

function open(more = {}) {
  return openScreen('/dashboard/tenant-admin/settings', {
    ...TENANT_ADMIN_ME_REPLY,
    'GET /api/v1/tenant-admin/settings': { status: 200, body: SETTINGS },
    'GET /api/v1/tenant-admin/reason-codes': { status: 200, body: CODES },
    ...more,
  });
}

const lastCall = (fetchMock: ReturnType<typeof open>['fetchMock'], method: string, url: string) =>
  fetchMock.mock.calls.filter(([u, init]) => u === url && init?.method === method).at(-1);

describe('the tenant admin’s Settings tab (issue #22)', () => {
  it('switches the second approver on, saying what it does', async () => {
    const { user, fetchMock } = open({
      'PUT /api/v1/tenant-admin/settings': { status: 200, body: { ...SETTINGS, secondApprover: true } },
    });
    const toggle = await screen.findByRole('switch', { name: 'Require a second approver' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(toggle.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /take effect only once a different tenant admin approves them/,
    );
    await user.click(toggle);
    await screen.findByText('A second approver is now required.');
    const put = lastCall(fetchMock, 'PUT', '/api/v1/tenant-admin/settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ secondApprover: true });
    expect(
      (screen.getByRole('switch', { name: 'Require a second approver' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('with the second approver on, switching it off says the change waits and shows it (issue #30)', async () => {
    const on = { ...SETTINGS, secondApprover: true, pendingChanges: [] };
    const pending = {
      ...on,
      pendingChanges: [
        {
          approvalId: '7b0c8d43-5f41-4a47-9a4e-0b8d1f2f0c11',
          makerEmail: 'ada.admin@example.gov.ng',
          createdAt: '2026-11-28T01:00:00.000Z',
          changes: [{ setting: 'secondApprover', before: true, after: false }],
        },
      ],
    };
    const { user } = open({
      'GET /api/v1/tenant-admin/settings': { status: 200, body: on },
      'PUT /api/v1/tenant-admin/settings': { status: 200, body: pending },
    });
    const toggle = await screen.findByRole('switch', { name: 'Require a second approver' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    await user.click(toggle);
    await screen.findByText(SETTINGS_MESSAGES.awaitsApproval);
    // Still on: the change waits, shown with its values and its maker.
    expect(
      (screen.getByRole('switch', { name: 'Require a second approver' }) as HTMLInputElement).checked,
    ).toBe(true);
    const alert = screen.getByText('Waiting for a second approver').closest('[role="status"]')!;
    expect(alert.textContent).toContain('Waiting for a second approver');
    expect(alert.textContent).toContain('Require a second approver: On → Off');
    expect(alert.textContent).toContain('Requested by ada.admin@example.gov.ng');
  });

  it('lists the codes with their rejected records; OTHER cannot be retired, another can after a confirmation', async () => {
    const { user, fetchMock } = open({
      'DELETE /api/v1/tenant-admin/reason-codes/DECEASED': {
        status: 200,
        body: code(DEFAULT_REASON_CODES[1], { active: false }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Reason codes' });
    const deceased = within(table).getByRole('row', { name: /^Deceased/ });
    expect(deceased.textContent).toContain('DECEASED');
    expect(deceased.textContent).toContain('12');
    expect(
      screen.getByText('3 rejected records have no reason code (rejected before reason codes existed).'),
    ).toBeTruthy();
    const other = within(table).getByRole('row', { name: /^Other/ });
    expect((within(other).getByRole('button', { name: /^Retire/ }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(deceased).getByRole('button', { name: 'Retire Deceased' }));
    const confirm = screen.getByRole('dialog', { name: 'Retire Reason Code' });
    await user.click(within(confirm).getByRole('button', { name: 'Retire' }));
    await screen.findByText(REASON_CODE_MESSAGES.retiredDone);
    expect(lastCall(fetchMock, 'DELETE', '/api/v1/tenant-admin/reason-codes/DECEASED')).toBeTruthy();
  });

  it('adds a code checked by the contract’s rules, and shows the server’s refusal', async () => {
    const { user, fetchMock } = open({
      'POST /api/v1/tenant-admin/reason-codes': {
        status: 409,
        body: { message: REASON_CODE_MESSAGES.exists('ON_SECONDMENT'), code: 'CONFLICT' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add Reason Code' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Reason Code' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Code/ }), '1x');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText(REASON_CODE_MESSAGES.codeFormat)).toBeTruthy();
    expect(within(dialog).getByText(REASON_CODE_MESSAGES.labelRequired)).toBeTruthy();
    expect(lastCall(fetchMock, 'POST', '/api/v1/tenant-admin/reason-codes')).toBeUndefined();

    const codeField = within(dialog).getByRole('textbox', { name: /^Code/ });
    await user.clear(codeField);
    await user.type(codeField, 'on_secondment');
    await user.type(within(dialog).getByRole('textbox', { name: /^Label/ }), 'On secondment');
    await user.click(within(dialog).getByRole('checkbox', { name: /note is required/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await within(dialog).findByText(REASON_CODE_MESSAGES.exists('ON_SECONDMENT'));
    const post = lastCall(fetchMock, 'POST', '/api/v1/tenant-admin/reason-codes');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      code: 'ON_SECONDMENT',
      label: 'On secondment',
      needsNote: true,
    });
  });

  // Issue #31 item 12: one time zone per tenant, a setting like the others.
  it('saves the time zone, and then every screen shows times in it', async () => {
    const { user, fetchMock } = open({
      'PUT /api/v1/tenant-admin/settings': {
        status: 200,
        body: { ...SETTINGS, timeZone: 'Europe/London', pendingChanges: [] },
      },
    });
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    expect((field as HTMLInputElement).value).toBe('Africa/Lagos');
    expect(screen.getByTestId('time-zone-note').textContent).toBe('Times in Africa/Lagos (GMT+1)');
    // In the page's footer landmark, as all content is in one (axe's 'region').
    expect(within(screen.getByRole('contentinfo')).getByTestId('time-zone-note')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, 'Europe/Lon');
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    await screen.findByText('Time zone saved: times are now shown in Europe/London.');
    const put = lastCall(fetchMock, 'PUT', '/api/v1/tenant-admin/settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ timeZone: 'Europe/London' });
    // The zone in force reaches the screens through `me`, asked again.
    const meCalls = fetchMock.mock.calls.filter(([u]) => u === '/api/v1/users/me').length;
    expect(meCalls).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's refusal of a time zone under the field", async () => {
    const { user } = open({
      'PUT /api/v1/tenant-admin/settings': {
        status: 400,
        body: {
          code: 'VALIDATION_ERROR',
          message: 'Validation failed',
          details: { timeZone: "'Europe/London' is not a time zone" },
        },
      },
    });
    const field = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.clear(field);
    await user.type(field, 'Europe/Lon');
    await user.click(await screen.findByRole('option', { name: 'Europe/London' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(
      await screen.findByText("Could not save the time zone: 'Europe/London' is not a time zone"),
    ).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Time zone' }).getAttribute('aria-invalid')).toBe('true');
  });

  // Issue #34: the days an appeal has before its deadline.
  it('saves the appeal deadline within the contract’s bounds, and says when it waits', async () => {
    const { user, fetchMock } = open({
      'PUT /api/v1/tenant-admin/settings': {
        status: 200,
        body: { ...SETTINGS, appealDeadlineDays: 45, pendingChanges: [] },
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Appeal deadline (days)' });
    expect((field as HTMLInputElement).value).toBe('30');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    const save = () => screen.getByRole('button', { name: 'Save deadline' });
    expect(save().hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, '200');
    expect(screen.getByText('The appeal deadline must be between 7 and 180')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    await user.clear(field);
    await user.type(field, '45');
    await user.click(save());
    await screen.findByText('Appeal deadline saved: 45 days for appeals lodged from now on.');
    const put = lastCall(fetchMock, 'PUT', '/api/v1/tenant-admin/settings');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ appealDeadlineDays: 45 });
  });

  it('with the second approver on, a new appeal deadline waits', async () => {
    const { user } = open({
      'PUT /api/v1/tenant-admin/settings': { status: 200, body: { ...SETTINGS, secondApprover: true } },
    });
    const field = await screen.findByRole('textbox', { name: 'Appeal deadline (days)' });
    await user.clear(field);
    await user.type(field, '60');
    await user.click(screen.getByRole('button', { name: 'Save deadline' }));
    expect(await screen.findByText(SETTINGS_MESSAGES.awaitsApproval)).toBeTruthy();
  });

  // Issue #21, #35: the integrity rules' thresholds and switches, as the API has had them.
  describe('the integrity rules', () => {
    const rulesList = () => screen.getByRole('list', { name: 'Integrity rules' });
    const ruleSwitch = (name: string) =>
      within(rulesList()).getByRole('switch', { name }) as HTMLInputElement;

    it('lists every rule with what it looks for; switching two off sends only those two', async () => {
      const saved = {
        ...SETTINGS,
        integrity: {
          ...SETTINGS.integrity,
          rules: { ...SETTINGS.integrity.rules, DUPLICATE_BVN: false, NOT_ON_NOMINAL_ROLL: false },
        },
        pendingChanges: [],
      };
      const { user, fetchMock } = open({ 'PUT /api/v1/tenant-admin/settings': { status: 200, body: saved } });
      await screen.findByRole('list', { name: 'Integrity rules' });
      for (const rule of INTEGRITY_RULES) {
        const toggle = ruleSwitch(INTEGRITY_RULE_LABELS[rule]);
        expect(toggle.checked).toBe(true);
        expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toBe(
          INTEGRITY_RULE_DESCRIPTIONS[rule],
        );
      }
      const save = screen.getByRole('button', { name: 'Save rules' });
      expect(save.hasAttribute('disabled')).toBe(true);
      await user.click(ruleSwitch('BVN on several records'));
      await user.click(ruleSwitch('Not on the nominal roll'));
      await user.click(ruleSwitch('Past retirement age'));
      await user.click(ruleSwitch('Past retirement age'));
      await user.click(screen.getByRole('button', { name: 'Save rules' }));
      await screen.findByText('Rules saved: the rules are running again.');
      const put = lastCall(fetchMock, 'PUT', '/api/v1/tenant-admin/settings');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({
        integrity: { rules: { NOT_ON_NOMINAL_ROLL: false, DUPLICATE_BVN: false } },
      });
      expect(ruleSwitch('BVN on several records').checked).toBe(false);
      expect(ruleSwitch('Past retirement age').checked).toBe(true);
      expect(screen.getByRole('button', { name: 'Save rules' }).hasAttribute('disabled')).toBe(true);
    });

    it('with the second approver on, a rule switched off waits and the switch shows the rule in force', async () => {
      const on = { ...SETTINGS, secondApprover: true, pendingChanges: [] };
      const pending = {
        ...on,
        pendingChanges: [
          {
            approvalId: '7b0c8d43-5f41-4a47-9a4e-0b8d1f2f0c12',
            makerEmail: 'ada.admin@example.gov.ng',
            createdAt: '2026-11-28T01:00:00.000Z',
            changes: [{ setting: 'integrity.rules.SHARES_REMOVED_IDENTITY', before: true, after: false }],
          },
        ],
      };
      const { user } = open({
        'GET /api/v1/tenant-admin/settings': { status: 200, body: on },
        'PUT /api/v1/tenant-admin/settings': { status: 200, body: pending },
      });
      await screen.findByRole('list', { name: 'Integrity rules' });
      await user.click(ruleSwitch('Identity of a removed record'));
      await user.click(screen.getByRole('button', { name: 'Save rules' }));
      await screen.findByText(SETTINGS_MESSAGES.awaitsApproval);
      expect(ruleSwitch('Identity of a removed record').checked).toBe(true);
      const alert = screen.getByText('Waiting for a second approver').closest('[role="status"]')!;
      expect(alert.textContent).toContain('Integrity rule: Identity of a removed record: On → Off');
    });

    it('checks the thresholds with the contract’s bounds and sends only the one changed', async () => {
      const saved = {
        ...SETTINGS,
        integrity: { ...SETTINGS.integrity, retirementAge: 65 },
        pendingChanges: [],
      };
      const { user, fetchMock } = open({ 'PUT /api/v1/tenant-admin/settings': { status: 200, body: saved } });
      const age = await screen.findByRole('textbox', { name: 'Retirement age' });
      const service = screen.getByRole('textbox', { name: 'Service limit (years)' });
      expect((age as HTMLInputElement).value).toBe('60');
      expect((service as HTMLInputElement).value).toBe('35');
      expect(age.getAttribute('inputmode')).toBe('numeric');
      const save = () => screen.getByRole('button', { name: 'Save thresholds' });
      expect(save().hasAttribute('disabled')).toBe(true);
      await user.clear(age);
      await user.type(age, '80');
      expect(screen.getByText('Retirement age must be between 50 and 75')).toBeTruthy();
      expect(save().hasAttribute('disabled')).toBe(true);
      await user.clear(age);
      await user.type(age, '65');
      await user.click(save());
      await screen.findByText('Thresholds saved: the rules are running again with them.');
      const put = lastCall(fetchMock, 'PUT', '/api/v1/tenant-admin/settings');
      expect(JSON.parse(String(put?.[1]?.body))).toEqual({ integrity: { retirementAge: 65 } });
      expect((screen.getByRole('textbox', { name: 'Retirement age' }) as HTMLInputElement).value).toBe('65');
    });

    it("shows the server's refusal of a threshold under its field", async () => {
      const { user } = open({
        'PUT /api/v1/tenant-admin/settings': {
          status: 400,
          body: {
            code: 'VALIDATION_ERROR',
            message: 'Validation failed',
            details: { 'integrity.serviceLimitYears': 'Service limit must be between 10 and 50' },
          },
        },
      });
      const service = await screen.findByRole('textbox', { name: 'Service limit (years)' });
      await user.clear(service);
      await user.type(service, '40');
      await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
      await screen.findByText('Could not save the integrity rules: Validation failed');
      expect(service.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Service limit must be between 10 and 50')).toBeTruthy();
    });
  });
});
