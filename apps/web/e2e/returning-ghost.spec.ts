import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ApprovalsPage } from '@portal/contract/decisions';
import type { RecordsPage, UploadSummary } from '@portal/contract/records';
import type { QueuePage } from '@portal/contract/validation';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, type SignInUser } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { call, login } from './support/api.ts';
import { DEMO_USERS } from './support/demo-users.ts';

/*
 * Issue #30, item 3, through the web UI: with the second approver on, a record rejected (approved
 * by a second tenant admin) comes back in an upload with only its PSN changed, and the identity
 * provider finds the person. The upload counts it; the Validation Queue shows the new record held,
 * with the removed record, its decision and reason, and its Approve button disabled.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const PASSWORD = 'GhostReturns123!';
const ADMIN_HOME = { home: '/dashboard/tenant-admin/overview', title: 'Tenant Admin Dashboard' };
const maker: SignInUser = { email: `maker.${run}@ghost.example`, password: PASSWORD, ...ADMIN_HOME };
const checker: SignInUser = { email: `checker.${run}@ghost.example`, password: PASSWORD, ...ADMIN_HOME };

const [HEADER, ...ROWS] = fs.readFileSync(SAMPLE, 'utf8').trim().split(/\r?\n/);
/** The first sample row (the ghost), its PSN, and the same row with only the PSN changed. */
const GHOST_ROW = ROWS[0]!;
const GHOST_PSN = GHOST_ROW.split(',')[3]!;
const GHOST_NAME = GHOST_ROW.split(',')[1]!;
const NEW_PSN = `${GHOST_PSN}9`;
const RETURNED_ROW = GHOST_ROW.replace(`,${GHOST_PSN},`, `,${NEW_PSN},`);

const upload = (request: APIRequestContext, token: string, rows: string[]) =>
  call<UploadSummary>(request, 'POST', '/api/v1/records/upload', {
    token,
    multipart: {
      file: {
        name: 'master-list.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([HEADER, ...rows].join('\n')),
      },
    },
  });

async function verifyAll(request: APIRequestContext, token: string) {
  const started = await call<{ id: string }>(request, 'POST', '/api/v1/records/bulk-verify', {
    token,
    status: 202,
  });
  await expect
    .poll(
      async () =>
        (await call<{ id: string; status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token })).find(
          (j) => j.id === started.id,
        )?.status,
      { timeout: 120_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');
}

const recordOf = async (request: APIRequestContext, token: string, psn: string) =>
  (await call<RecordsPage>(request, 'GET', `/api/v1/records?q=${psn}`, { token })).items.find(
    (r) => r.psn === psn,
  )!;

test.describe('a ghost returning under a new PSN', () => {
  test('is held in the queue with its evidence while the second approver is on', async ({
    page,
    request,
  }) => {
    test.setTimeout(300_000);
    const { tenantId } = await createTenantOnDemoSimulator(
      request,
      { name: `Ghost Returns State ${run}`, subdomain: `ghost-${run}`, stateCode: 'GR' },
      { fullName: 'Mako Maker', email: maker.email, password: maker.password },
    );
    const admin = await login(request, maker);
    // A tenant admin the maker made never checks the maker's actions (issue #30 item 1): the global
    // admin makes the checker.
    await call(request, 'POST', '/api/v1/auth/register', {
      token: await login(request, DEMO_USERS.globalAdmin),
      data: {
        fullName: 'Chika Checker',
        email: checker.email,
        password: PASSWORD,
        role: 'TENANT_ADMIN',
        tenantId,
      },
      status: 201,
    });
    const second = await login(request, checker);
    await call(request, 'PUT', '/api/v1/tenant-admin/settings', {
      token: admin,
      data: { secondApprover: true },
    });

    await test.step('the ghost is rejected, approved by the second admin', async () => {
      expect(await upload(request, admin, ROWS.slice(0, 3))).toMatchObject({ sharesRemovedIdentity: 0 });
      await verifyAll(request, admin);
      const ghost = await recordOf(request, admin, GHOST_PSN);
      expect(ghost.status).toBe('PENDING_GRADE_VALIDATION');
      await call(request, 'POST', `/api/v1/records/${ghost.id}/validate`, {
        token: admin,
        data: { decision: 'REJECT', reasonCode: 'NOT_ON_NOMINAL_ROLL', comments: 'Not on the nominal roll' },
      });
      const pending = await call<ApprovalsPage>(request, 'GET', '/api/v1/approvals', { token: second });
      const approval = pending.items.find((i) => i.recordId === ghost.id)!;
      await call(request, 'POST', `/api/v1/approvals/${approval.id}/approve`, { token: second, data: {} });
      expect((await recordOf(request, admin, GHOST_PSN)).status).toBe('REJECTED');
    });

    await test.step('the same row comes back with only its PSN changed: the upload counts it', async () => {
      expect(await upload(request, admin, [RETURNED_ROW, ...ROWS.slice(1, 3)])).toMatchObject({
        newRecordsCreated: 1,
        sharesRemovedIdentity: 1,
      });
      await verifyAll(request, admin);
      expect((await recordOf(request, admin, NEW_PSN)).status).toBe('PENDING_GRADE_VALIDATION');
    });

    await test.step('the queue shows it held, with the removed record, its decision and reason', async () => {
      await signIn(page, maker);
      await page.goto('/dashboard/tenant-admin/validation');
      const table = page.getByRole('table', { name: 'Records pending approval' });
      const row = table.getByRole('row', { name: new RegExp(GHOST_NAME) });
      await expect(row).toHaveCount(1);
      const evidence = row.getByRole('note', { name: 'Why this record is held' });
      await expect(evidence).toContainText('Held: identity of a removed record');
      await expect(evidence).toContainText(
        `Same bank account, BVN, NIN, SSID as ${GHOST_PSN} ${GHOST_NAME}, rejected (Not on the nominal roll) on`,
      );
      await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
      await expect(row.getByRole('checkbox')).toBeDisabled();
      // The other records of the file are not held.
      await expect(table.getByRole('note', { name: 'Why this record is held' })).toHaveCount(1);
      await settle(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await saveScreen(page, 'returning-ghost-queue-1280');
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(evidence).toBeVisible();
      await settle(page);
      await saveScreen(page, 'returning-ghost-queue-390');
    });

    await test.step('approving it anyway is refused, naming the removed record', async () => {
      const returned = await recordOf(request, admin, NEW_PSN);
      const refused = await call<{ message: string }>(
        request,
        'POST',
        `/api/v1/records/${returned.id}/validate`,
        {
          token: admin,
          data: { decision: 'APPROVE' },
          status: 409,
        },
      );
      expect(refused.message).toContain(`${GHOST_PSN} ${GHOST_NAME}`);
      const queue = await call<QueuePage>(
        request,
        'GET',
        `/api/v1/records/queue/pending-approval?q=${NEW_PSN}`,
        {
          token: admin,
        },
      );
      expect(Object.keys(queue.held)).toEqual([returned.id]);
    });
  });
});
