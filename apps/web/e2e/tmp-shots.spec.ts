import { test, type Page } from '@playwright/test';
import { buildToken } from '../src/test/build-token.ts';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { appealsPage, buildAppeal } from '../src/features/appeals/test/build-appeal.ts';
import { buildMasterRecord } from '../src/test/build-master-record.ts';

const OUT = 'test-results/appeal-shots';
const A1 = buildAppeal({
  fullName: 'Oluwaseun Adebayo-Okonkwo',
  attachments: [
    { id: 'f-1', fileName: 'attendance-sheet-lokoja-2026-11-20.pdf', contentType: 'application/pdf', sizeBytes: 184320, uploadedByEmail: 'ada@demo.local', at: '2026-11-20T09:01:00.000Z' },
  ],
  messages: [
    { id: 'm-1', type: 'QUESTION', text: 'Which site did you attend, and on which day?', byEmail: 'tenant.admin@demo.local', at: '2026-11-21T09:00:00.000Z' },
    { id: 'm-2', type: 'ANSWER', text: 'Lokoja Secretariat Hall on the first day.', byEmail: 'ada.obi.long.address@demo.local', at: '2026-11-22T09:00:00.000Z' },
  ],
  status: 'AWAITING_EMPLOYEE',
});
const A2 = buildAppeal({ id: 'a-2', fullName: 'Bello Musa', deadlineState: 'AT_RISK', daysLeft: 3, kind: 'NOT_ME', channel: 'LETTER', handler: { id: 'u', email: 'reviewer@demo.local' } });
const A3 = buildAppeal({ id: 'a-3', fullName: 'Chinedu Eze', deadlineState: 'BREACHED', daysLeft: -4, status: 'AWAITING_APPROVAL', kind: 'WRONG_DATA' });
const MINE = buildAppeal({ status: 'AWAITING_EMPLOYEE', messages: [A1.messages[0]!] });
const DECIDED = buildAppeal({ id: 'a-9', status: 'DECIDED', deadlineState: 'MET', daysLeft: null, decision: 'REJECTED', decisionNote: 'The agent’s sheet does not list you for that day.', decidedAt: '2026-11-10T09:00:00.000Z', lodgedAt: '2026-10-20T09:00:00.000Z' });

async function mock(page: Page, role: 'TENANT_ADMIN' | 'SELF_SERVICE_USER') {
  const token = buildToken({ role, sub: role === 'TENANT_ADMIN' ? 'user-1' : 'employee-1' });
  await page.addInitScript(([k, t]) => localStorage.setItem(k!, t!), [STORAGE_KEYS.authToken, token]);
  await page.route('**/api/v1/**', async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname;
    const json = (body: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
    if (p === '/api/v1/users/me') return json({ id: 'user-1', fullName: 'Tia Admin', email: 'tenant.admin@demo.local', role, status: 'ACTIVE', tenantId: 't', tenantName: 'Demo State' });
    if (p === '/api/v1/appeals' && role === 'SELF_SERVICE_USER') return json(appealsPage(MINE, DECIDED));
    if (p === '/api/v1/appeals') return json(appealsPage(A1, A2, A3));
    if (p === '/api/v1/appeals/a-1') return json(role === 'SELF_SERVICE_USER' ? MINE : A1);
    if (p === '/api/v1/appeals/a-9') return json(DECIDED);
    if (p === '/api/v1/users/me/record') return json(buildMasterRecord({ status: 'REJECTED', fullName: 'Ada Ngozi Obi' }));
    if (p === '/api/v1/users/me/record/history') return json({ items: [] });
    return route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"x","code":"NOT_FOUND"}' });
  });
}

for (const width of [390, 1280]) {
  test(`shots ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await mock(page, 'TENANT_ADMIN');
    await page.goto('/dashboard/tenant-admin/appeals');
    await page.getByRole('table', { name: 'Appeals' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/queue-${width}.png`, fullPage: true });
    await page.goto('/dashboard/tenant-admin/appeals?appeal=a-1');
    await page.getByRole('heading', { name: /Appeal of/ }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/detail-${width}.png`, fullPage: true });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`detail ${width}: scrollWidth ${sw}`);
    await page.getByRole('button', { name: 'Decide' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${OUT}/decide-${width}.png` });
  });
  test(`employee ${width}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await mock(page, 'SELF_SERVICE_USER');
    await page.goto('/dashboard/user/profile');
    await page.getByRole('region', { name: 'Your appeals' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/profile-${width}.png`, fullPage: true });
    const sw = await page.evaluate(() => document.documentElement.scrollWidth);
    console.log(`profile ${width}: scrollWidth ${sw}`);
    const small = await page.evaluate(() =>
      [...document.querySelectorAll('main button, main [role=combobox], main a')]
        .map((e) => ({ t: (e.textContent || e.getAttribute('aria-label') || '').slice(0, 30), h: e.getBoundingClientRect().height }))
        .filter((x) => x.h > 0 && x.h < 48),
    );
    console.log(`profile ${width} small targets: ${JSON.stringify(small)}`);
  });
}
