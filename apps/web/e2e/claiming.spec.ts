import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF_COOKIE, CSRF_HEADER } from '@portal/contract/api-paths';
import { CLAIM_CONSENT, CONSENT_VERSION } from '@portal/contract/claims';
import type { MasterRecord } from '@portal/contract/records';
import { STORAGE_KEYS } from '../src/lib/storage-keys.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn, storedToken } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { settle } from './support/toasts.ts';
import { goTo } from './support/navigation.ts';

/*
 * Claiming accounts (issue #8). The journeys get a tenant of their own, pointed at the demo
 * identity simulator, so that what it claims does not touch the demo tenant the other journeys
 * read (the demo seed verified the sample there). Its admin uploads the sample master list
 * and runs bulk verification through the API; the journeys then claim verified records.
 */

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const run = Date.now().toString(36);
const SUBDOMAIN = `claims-${run}`;
const PASSWORD = 'Claims12345!';
const tenantAdmin = { email: `admin.${run}@claims.example`, password: PASSWORD };
const agent = {
  email: `agent.${run}@claims.example`,
  password: PASSWORD,
  home: '/dashboard/agent/verify',
  title: 'Agent Dashboard',
};

interface Setup {
  adminToken: string;
  /** Verified records (PENDING_GRADE_VALIDATION) with a PSN, each claimed by one journey. */
  records: MasterRecord[];
}
let setup: Setup;

/** A JSON call with a bearer token and the CSRF echo; fails the test on an unexpected status. */
async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; data?: unknown; headers?: Record<string, string>; status?: number } = {},
): Promise<T> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  const response = await request.fetch(url, {
    method,
    data: options.data,
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: csrf } : {}),
      ...options.headers,
    },
  });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(
    options.status ?? (response.status() === 201 || response.status() === 202 ? response.status() : 200),
  );
  return (await response.json().catch(() => undefined)) as T;
}

async function login(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (
    await call<{ token: string }>(request, 'POST', '/api/v1/auth/authenticate', { data: { email, password } })
  ).token;
}

async function upload(
  request: APIRequestContext,
  token: string,
  name: string,
  csv: Buffer,
): Promise<unknown> {
  const csrf = (await request.storageState()).cookies.find((cookie) => cookie.name === CSRF_COOKIE)?.value;
  const response = await request.post('/api/v1/records/upload', {
    headers: { Authorization: `Bearer ${token}`, [CSRF_HEADER]: csrf! },
    multipart: { file: { name, mimeType: 'text/csv', buffer: csv } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

/** The claims tenant, its admin and agent, the sample uploaded and verified. */
async function prepareTenant(request: APIRequestContext): Promise<Setup> {
  await createTenantOnDemoSimulator(
    request,
    { name: `Claims State ${run}`, subdomain: SUBDOMAIN, stateCode: 'CL' },
    { fullName: 'Clara Claims-Admin', ...tenantAdmin },
  );
  const adminToken = await login(request, tenantAdmin.email, tenantAdmin.password);
  await call(request, 'POST', '/api/v1/tenant-admin/users', {
    token: adminToken,
    data: { fullName: 'Femi Field-Agent', email: agent.email, password: agent.password, role: 'AGENT' },
    status: 201,
  });

  await upload(request, adminToken, 'master-list.csv', fs.readFileSync(SAMPLE));
  await call(request, 'POST', '/api/v1/records/bulk-verify', { token: adminToken, status: 202 });
  await expect
    .poll(
      async () =>
        (await call<{ status: string }[]>(request, 'GET', '/api/v1/bulk-jobs', { token: adminToken }))[0]
          ?.status,
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe('COMPLETED');

  const pending = await call<{ items: MasterRecord[] }>(
    request,
    'GET',
    '/api/v1/records?status=PENDING_GRADE_VALIDATION&pageSize=50',
    { token: adminToken },
  );
  // Lists mask the SSID and NIN (issue #31 item 3): the claims type them from each record's own view.
  const full = await Promise.all(
    pending.items.map((item) =>
      call<MasterRecord>(request, 'GET', `/api/v1/records/${item.id}`, { token: adminToken }),
    ),
  );
  const records = full.filter((record) => record.psn && record.ssid && record.nin && record.employeeId);
  expect(records.length).toBeGreaterThanOrEqual(3);
  return { adminToken, records };
}

const card = (page: Page) => page.getByTestId('registration-card');
const message = (page: Page) => page.getByTestId('registration-message');

/** The consent statement's checkbox (issue #22), in the employee's words or the agent's. */
const consent = (page: Page) => page.getByRole('checkbox', { name: /to the use of (my|their) NIN and SSID/ });

/** Steps 1 and 2 for a record: the consent, SSID + NIN, then the PSN. */
async function verifyIdentity(page: Page, record: MasterRecord): Promise<void> {
  await page.getByRole('textbox', { name: 'SSID' }).fill(record.ssid!);
  await page.getByRole('textbox', { name: 'NIN' }).fill(record.nin!);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await consent(page).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Security Confirmation' })).toBeVisible();
  await page.getByRole('textbox', { name: 'PSN' }).fill(record.psn!);
  await page.getByRole('button', { name: 'Confirm & Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Create Your Credentials' })).toBeVisible();
}

/** A claim straight through the public API (X-Tenant), answering the new account's email. */
async function claimThroughApi(
  request: APIRequestContext,
  record: MasterRecord,
  email: string,
): Promise<void> {
  const headers = { 'X-Tenant': SUBDOMAIN };
  const { recordId } = await call<{ recordId: string }>(request, 'POST', '/api/v1/verification/initiate', {
    headers,
    data: { ssid: record.ssid, nin: record.nin, consentVersion: CONSENT_VERSION },
  });
  await call(request, 'POST', '/api/v1/verification/challenge', {
    headers,
    data: { recordId, psn: record.psn },
  });
  await call(request, 'POST', '/api/v1/auth/create-account', {
    headers,
    data: { email, password: PASSWORD, recordId },
  });
}

test.describe.configure({ mode: 'serial' });

test.describe('claiming accounts', () => {
  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(180_000);
    const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    try {
      setup = await prepareTenant(request);
    } finally {
      await request.dispose();
    }
  });

  test('an employee on the tenant subdomain claims an account in three steps and sees their record', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const record = setup.records[0]!;
    const origin = new URL(baseURL!);
    const portal = `http://${SUBDOMAIN}.localhost:${origin.port}`;
    const email = `employee.${run}@claims.example`;

    await test.step('step one on the subdomain: the consent, SSID and NIN', async () => {
      await page.goto(`${portal}/register-employee`);
      await expect(page.getByRole('heading', { level: 1, name: 'Verify Your Identity' })).toBeVisible();
      await expect(card(page)).toContainText('Claim Your Secure Account');
      await expect(card(page)).toContainText('Step 1 of 3');
      await expect(page.getByRole('link', { name: 'Back to Login' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

      // The consent statement (issue #22) comes first; Next waits for it even with both fields filled.
      await expect(card(page)).toContainText(CLAIM_CONSENT.title);
      await expect(card(page)).toContainText('Nigeria Data Protection Act 2023');
      await expect(card(page)).toContainText(`Statement version ${CONSENT_VERSION}`);
      await expect(consent(page)).not.toBeChecked();
      await page.getByRole('textbox', { name: 'SSID' }).fill('SS00000000');
      await page.getByRole('textbox', { name: 'NIN' }).fill('10000000000');
      await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
      await saveScreen(page, 'claim-step-1-consent');
      await consent(page).check();
      // A pair that names no record: the generic failure, with its warning icon.
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(message(page)).toHaveText('Verification failed. Please check your SSID and NIN.');
      await expect(message(page)).toHaveAttribute('data-icon', 'warning');
      await expect(message(page).locator('svg')).toBeVisible();
      const box = await card(page).boundingBox();
      expect(box!.width).toBeLessThanOrEqual(500);
      await saveScreen(page, 'claim-step-1-identity');
      await expectNoSeriousA11yViolations(page);
      const desktop = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreen(page, 'claim-step-1-phone');
      await page.setViewportSize(desktop);

      await page.getByRole('textbox', { name: 'SSID' }).fill(record.ssid!);
      await page.getByRole('textbox', { name: 'NIN' }).fill(record.nin!);
      await page.getByRole('button', { name: 'Next' }).click();
    });

    await test.step('step two: the PSN', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Security Confirmation' })).toBeVisible();
      const psn = page.getByRole('textbox', { name: 'PSN' });
      await expect(psn).toHaveAttribute('placeholder', 'Enter your PSN');
      await expect(psn).toBeFocused();
      await psn.fill('PSN000000');
      await page.getByRole('button', { name: 'Confirm & Continue' }).click();
      await expect(message(page)).toHaveText('The provided PSN is incorrect.');
      await saveScreen(page, 'claim-step-2-security');
      await expectNoSeriousA11yViolations(page);
      await psn.fill(record.psn!);
      await page.getByRole('button', { name: 'Confirm & Continue' }).click();
    });

    await test.step('step three: the credentials; signed in and sent to the dashboard', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Create Your Credentials' })).toBeVisible();
      await expect(message(page)).toHaveText('Identity confirmed. Create your credentials.');
      await expect(message(page)).toHaveAttribute('data-icon', 'check');
      await expect(message(page).locator('svg')).toBeVisible();
      await page.getByRole('textbox', { name: 'Email' }).fill(email);
      await page.getByLabel(/^Password/).fill('short');
      await page.getByLabel(/^Password/).blur();
      await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
      await page.getByLabel(/^Password/).fill(PASSWORD);
      await expect(page.getByRole('button', { name: 'Create Account' })).toBeEnabled();
      await saveScreen(page, 'claim-step-3-credentials');
      await expectNoSeriousA11yViolations(page);

      await page.getByRole('button', { name: 'Create Account' }).click();
      await expect(message(page)).toHaveText(
        'Success! Your account has been created. Redirecting to your dashboard...',
      );
      await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);
      await saveScreen(page, 'claim-created');
      await expect(page).toHaveURL(`${portal}/dashboard/user/profile`);
      expect(await storedToken(page)).toBeTruthy();
    });

    await test.step('the user dashboard shows their record', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'User Dashboard' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'User Portal' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 3, name: record.fullName })).toBeVisible();
      await expect(page.getByTestId('work-id')).toHaveText(record.employeeId!);
      const details = page.getByRole('definition');
      await expect(details).toContainText([
        'Pending Grade Validation',
        record.ssid!,
        record.nin!,
        record.ministry!,
        record.department!,
        record.gradeLevel!,
      ]);
      await expect(page.getByRole('heading', { name: 'Action Required' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Coming Soon' })).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Coming Soon' }).first()).toBeDisabled();
      await settle(page);
      await saveScreen(page, 'user-dashboard-profile');
      await expectNoSeriousA11yViolations(page);
    });

    await test.step('a decision on their record shows on their profile, with its reason (issue #22)', async () => {
      const note = `Reviewed by ${tenantAdmin.email}: payroll office call`;
      // Signing in through this request context gives it the CSRF cookie a POST needs.
      const adminToken = await login(request, tenantAdmin.email, tenantAdmin.password);
      await call(request, 'POST', `/api/v1/records/${record.id}/validate`, {
        token: adminToken,
        data: { decision: 'REJECT', comments: note, reasonCode: 'NOT_ON_NOMINAL_ROLL' },
      });
      await page.reload();
      const decisions = page.getByRole('list', { name: 'Decisions on your record' });
      await expect(decisions.getByRole('listitem').first()).toContainText(
        'Pending Grade Validation → RejectedReason: Not on the nominal roll',
      );
      await expect(page.getByRole('definition').first()).toHaveText('Rejected');
      // Neither who decided nor the note reaches the employee.
      await expect(page.getByText(tenantAdmin.email)).toHaveCount(0);
      await expect(page.getByText(/payroll office call/)).toHaveCount(0);
      await settle(page);
      await saveScreen(page, 'user-dashboard-decisions');
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreen(page, 'user-dashboard-decisions-phone');
    });
  });

  test('an agent creates an account for an employee and stays on the verify screen', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const record = setup.records[1]!;
    const employeeEmail = `assisted.${run}@claims.example`;
    await signIn(page, agent);
    await expect(page).toHaveURL(agent.home);
    await expect(page.getByText('Data collection and field operations')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Agent Operations' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveCount(0);
    await settle(page);
    await saveScreen(page, 'agent-verify');
    await expectNoSeriousA11yViolations(page);
    const agentToken = await storedToken(page);

    await verifyIdentity(page, record);
    await page.getByRole('textbox', { name: 'Email' }).fill(employeeEmail);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();

    const toast = page.getByRole('alert').filter({ hasText: 'Account created successfully for the user!' });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const viewport = page.viewportSize()!;
    expect(toastBox!.y).toBeLessThan(viewport.height / 3);
    expect(Math.abs(toastBox!.x + toastBox!.width / 2 - viewport.width / 2)).toBeLessThan(40);
    await expect(toast.getByRole('button', { name: 'Close' })).toBeVisible();
    await saveScreen(page, 'agent-account-created');

    // Back to step one with an empty form, still the agent.
    await expect(page.getByRole('heading', { level: 3, name: 'Verify Your Identity' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'SSID' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'NIN' })).toHaveValue('');
    await expect(consent(page)).not.toBeChecked();
    await expect(page).toHaveURL(agent.home);
    expect(await storedToken(page)).toBe(agentToken);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 6_000 });

    // The employee's account works; the agent's session too.
    const employeeToken = await login(request, employeeEmail, PASSWORD);
    const mine = await call<MasterRecord>(request, 'GET', '/api/v1/users/me/record', {
      token: employeeToken,
    });
    expect(mine.id).toBe(record.id);
    const me = await call<{ role: string }>(request, 'GET', '/api/v1/users/me', { token: agentToken! });
    expect(me.role).toBe('AGENT');

    // The consent is in the tenant's audit log against the record, with the agent (issue #22).
    const audit = await call<{ items: { action: string; actorEmail: string | null; after: unknown }[] }>(
      request,
      'GET',
      `/api/v1/audit-events?action=CLAIM_CONSENT_ACCEPTED&record=${encodeURIComponent(record.psn!)}`,
      { token: setup.adminToken },
    );
    expect(audit.items).toEqual([
      expect.objectContaining({
        actorEmail: agent.email,
        after: expect.objectContaining({ consentVersion: CONSENT_VERSION, agentEmail: agent.email }),
      }),
    ]);
  });

  test('after an upload renames an employee, they re-verify and the record reaches the pending queue', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const record = setup.records[2]!;
    const email = `renamed.${run}@claims.example`;
    await claimThroughApi(request, record, email);

    // The same row with the name's words in reverse order: a change for the upload, the same
    // person for the identity provider (names compare regardless of word order).
    const renamed = record.fullName.split(/\s+/).reverse().join(' ');
    expect(renamed).not.toBe(record.fullName);
    const lines = fs.readFileSync(SAMPLE, 'utf8').split(/\r?\n/);
    const row = lines.find((line) => line.includes(`,${record.nin},`));
    expect(row).toBeTruthy();
    const csv = `${lines[0]}\n${row!.replace(`,${record.fullName},`, `,${renamed},`)}\n`;
    const summary = (await upload(request, setup.adminToken, 'renamed.csv', Buffer.from(csv))) as {
      recordsRequiringReverificationIds: string[];
    };
    expect(summary.recordsRequiringReverificationIds).toEqual([record.id]);

    await signIn(page, {
      email,
      password: PASSWORD,
      home: DEMO_USERS.employee.home,
      title: DEMO_USERS.employee.title,
    });
    const action = page.getByRole('region', { name: 'Action Required' });
    await expect(action).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: renamed })).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText('Awaiting Revalidation');
    await settle(page);
    await saveScreen(page, 'user-dashboard-action-required');
    await expectNoSeriousA11yViolations(page);

    await action.getByRole('textbox', { name: 'SSID' }).fill('SS00000000');
    await action.getByRole('textbox', { name: 'NIN' }).fill(record.nin!);
    await action.getByRole('button', { name: 'Re-verify' }).click();
    await expect(action.getByRole('alert')).toHaveText(
      'Re-verification failed. Please check your details and try again.',
    );

    await action.getByRole('textbox', { name: 'SSID' }).fill(record.ssid!);
    await action.getByRole('button', { name: 'Re-verify' }).click();
    await expect(action.getByRole('status')).toHaveText(
      'Re-verification successful! Your record is now pending final review.',
    );
    await expect(action.getByRole('textbox', { name: 'SSID' })).toBeDisabled();
    await expect(action.getByRole('button', { name: 'Re-verify' })).toBeDisabled();
    await expect(page.getByRole('definition').first()).toHaveText('Pending Grade Validation');
    await saveScreen(page, 'user-dashboard-reverified');
    await expectNoSeriousA11yViolations(page);

    const queue = await call<{ items: MasterRecord[] }>(
      request,
      'GET',
      `/api/v1/records/queue/pending-approval?pageSize=500&ministry=${encodeURIComponent(record.ministryId!)}&department=${encodeURIComponent(record.departmentId!)}`,
      { token: setup.adminToken },
    );
    const queued = queue.items.find((item) => item.id === record.id);
    expect(queued).toMatchObject({ fullName: renamed, status: 'PENDING_GRADE_VALIDATION' });
    expect(
      await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.authToken),
      'still signed in',
    ).toBeTruthy();

    // The tenant admin finds the renamed record in the Validation Queue's Pending Approval tab,
    // filtered to its ministry, department and grade.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, {
      ...tenantAdmin,
      home: DEMO_USERS.tenantAdmin.home,
      title: DEMO_USERS.tenantAdmin.title,
    });
    await goTo(admin, 'Validation Queue');
    await expect(admin).toHaveURL(/\/dashboard\/tenant-admin\/validation$/);
    for (const [label, value] of [
      ['Ministry', queued!.ministry],
      ['Department', queued!.department],
      ['Grade', queued!.gradeLevel],
    ] as const) {
      await admin.getByRole('combobox', { name: label }).click();
      await admin.getByRole('option', { name: value!, exact: true }).click();
      await admin.keyboard.press('Escape');
    }
    await admin.getByRole('combobox', { name: /Rows per page/ }).click();
    await admin.getByRole('option', { name: '25' }).click();
    await expect(admin.getByRole('tab', { name: /Pending Approval/, selected: true })).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: renamed })).toHaveCount(1);
    await adminContext.close();
  });
});
