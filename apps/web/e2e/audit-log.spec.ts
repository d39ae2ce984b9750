import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { QueuePage } from '@portal/contract/validation';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { call } from './support/api.ts';
import { goTo } from './support/navigation.ts';

/*
 * The audit log (issue #22) as a tenant admin reads it, in a tenant of its own: the sample master
 * list is uploaded and verified, uploaded again with one officer's grade changed, that officer's
 * comparison is opened and the record approved; the Audit Log filtered to the officer's PSN tells
 * that story, newest first, each change with its values before → after.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const admin: SignInUser = {
  email: `admin.${run}@audit.example`,
  password: 'AuditLog12345!',
  home: '/dashboard/tenant-admin/overview',
  title: 'Tenant Admin Dashboard',
};

const upload = (request: APIRequestContext, token: string, name: string, csv: string) =>
  call(request, 'POST', '/api/v1/records/upload', {
    token,
    multipart: { file: { name, mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });

test('a tenant admin filters the audit log to one record and reads its story', async ({ page, request }) => {
  test.setTimeout(180_000);
  await createTenantOnDemoSimulator(
    request,
    { name: `Audit State ${run}`, subdomain: `audit-${run}`, stateCode: 'AU' },
    { fullName: 'Aduke Auditor', email: admin.email, password: admin.password },
  );
  const token = (
    await call<{ token: string }>(request, 'POST', '/api/v1/auth/authenticate', {
      data: { email: admin.email, password: admin.password },
    })
  ).token;
  const sample = fs.readFileSync(SAMPLE, 'utf8');

  const psn = await test.step('the list is uploaded and verified', async () => {
    await upload(request, token, 'master-list.csv', sample);
    await call(request, 'POST', '/api/v1/records/bulk-verify', { token, status: 202 });
    await expect
      .poll(
        async () =>
          (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token }))[0]?.status,
        {
          timeout: 120_000,
          intervals: [500, 1000, 2000],
        },
      )
      .toBe('COMPLETED');
    const queue = await call<QueuePage>(request, 'GET', '/api/v1/records/queue/pending-approval?pageSize=1', {
      token,
    });
    return queue.items[0]!.psn!;
  });

  await test.step("the list comes again with the officer's grade changed; the comparison is opened; the record approved", async () => {
    const lines = sample.split(/\r?\n/);
    const at = lines.findIndex((line) => line.split(',')[3] === psn);
    const cells = lines[at]!.split(',');
    cells[8] = cells[8] === 'GL 07' ? 'GL 08' : 'GL 07';
    lines[at] = cells.join(',');
    await upload(request, token, 'master-list-corrected.csv', lines.join('\r\n'));
    const found = await call<{ items: { id: string; status: string; version: number }[] }>(
      request,
      'GET',
      `/api/v1/records?q=${psn}`,
      { token },
    );
    const record = found.items[0]!;
    await call(request, 'GET', `/api/v1/records/${record.id}/comparison`, { token });
    // The new grade disagrees with the provider's: accepting its values asks for the grade's id.
    if (record.status === 'MISMATCHED') {
      const grade = await call<{ details: { suggestedSalaryGradeId: string } }>(
        request,
        'POST',
        `/api/v1/records/${record.id}/resolve-mismatch`,
        { token, data: { version: record.version }, status: 400 },
      );
      await call(request, 'POST', `/api/v1/records/${record.id}/resolve-mismatch`, {
        token,
        data: { version: record.version, salaryGradeId: grade.details.suggestedSalaryGradeId },
      });
    } else
      await call(request, 'POST', `/api/v1/records/${record.id}/validate`, {
        token,
        data: {
          decision: 'APPROVE',
          comments: 'Grade confirmed with the posting letter',
          version: record.version,
        },
      });
  });

  await test.step('the Audit Log, filtered to the PSN, tells the story newest first', async () => {
    await signIn(page, admin);
    await goTo(page, 'Audit Log');
    await expect(page.getByRole('heading', { level: 2, name: 'Audit Log' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Record (PSN or name)' }).fill(psn);
    const log = page.getByRole('table', { name: 'Audit Log' });
    await expect(log.getByRole('row').nth(1)).toContainText(psn);
    const actions = log
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: /^Show details: / }) });
    await expect(actions.first()).toContainText(/Record approved|Mismatch resolved/);
    await expect(log).toContainText('Record viewed');
    await expect(log).toContainText('Record updated by upload');
    for (const row of await actions.all()) await expect(row).toContainText(psn);

    // The upload's change: the grade before → after.
    await log.getByRole('button', { name: /^Show details: Record updated by upload/ }).click();
    const changes = page.getByRole('table', { name: 'Record updated by upload: Before → After' });
    await expect(changes.getByRole('row', { name: /Grade level/ })).toContainText(/GL \d\d.*GL \d\d/);
    await page.mouse.move(0, 0);
    await expectNoSeriousA11yViolations(page);
    await saveScreen(page, 'audit-log-record-story');
  });
});
