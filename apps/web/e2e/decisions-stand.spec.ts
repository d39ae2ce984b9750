import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF_COOKIE } from '@portal/contract/api-paths';
import type { ExportJob } from '@portal/contract/exports';
import type { BulkJob } from '@portal/contract/verification';
import { deriveSalaryGradeId } from '@portal/contract/salary-grade';
import { createTenantOnDemoSimulator } from './support/journey-tenant.ts';
import { signIn } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { splitCsvLine } from './support/csv.ts';
import { goTo } from './support/navigation.ts';

/*
 * Issue #17, items 1 and 2, through the web UI: a grade mismatch resolved with 'Accept SoT Data &
 * Validate' takes the new grade's Salary Grade ID (prefilled, the step kept); a later upload of
 * the same file with one unrelated row changed does not undo it, and the payroll file carries the
 * resolved grade with its own Salary Grade ID.
 */
const run = Date.now().toString(36);
const admin = {
  fullName: 'Decisions Admin',
  email: `admin.${run}@decisions.example`,
  password: 'Decisions12345!',
  home: '/dashboard/tenant-admin/overview',
  title: 'Tenant Admin Dashboard',
};
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SAMPLE = path.join(REPO_ROOT, 'examples/master-list.csv');
const POPULATION = path.join(REPO_ROOT, 'examples/sot-population.csv');

const rowsOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map(splitCsvLine);

/** The first record of the sample whose grade alone differs at the provider, with its row index. */
function gradeMismatch() {
  const [header, ...rows] = rowsOf(SAMPLE);
  const [sotHeader, ...people] = rowsOf(POPULATION);
  const col = (name: string) => header!.indexOf(name);
  const sotCol = (name: string) => sotHeader!.indexOf(name);
  const byNin = new Map(people.map((p) => [p[sotCol('nin')], p]));
  for (const [index, row] of rows.entries()) {
    const person = byNin.get(row[col('NIN')]);
    if (!person || !person[sotCol('gradeLevel')]) continue;
    if (person[sotCol('gradeLevel')] !== row[col('Grade Level')] && person[sotCol('fullName')])
      return {
        index,
        psn: row[col('PSN')]!,
        name: row[col('Full Name')]!,
        grade: row[col('Grade Level')]!,
        salaryGradeId: row[col('Salary Grade ID')]!,
        sotGrade: person[sotCol('gradeLevel')]!,
      };
  }
  throw new Error('the sample has no grade mismatch');
}

async function token(request: APIRequestContext): Promise<Record<string, string>> {
  const auth = await request.post('/api/v1/auth/authenticate', {
    data: { email: admin.email, password: admin.password },
  });
  const csrf = (await request.storageState()).cookies.find((c) => c.name === CSRF_COOKIE)?.value;
  expect(csrf).toBeTruthy();
  return { Authorization: `Bearer ${((await auth.json()) as { token: string }).token}` };
}

async function uploadThroughUi(page: Page, file: string): Promise<void> {
  await goTo(page, 'File Upload');
  const another = page.getByRole('button', { name: 'Upload Another File' });
  if (await another.isVisible()) await another.click();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: /^Upload$/ }).click();
  await expect(page.getByTestId('summary-created')).toBeVisible({ timeout: 60_000 });
}

test.describe('decisions stand', () => {
  test('a resolved grade survives a re-upload and reaches the payroll with its own Salary Grade ID', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const target = gradeMismatch();
    const newSalaryGradeId = deriveSalaryGradeId(target.salaryGradeId, target.sotGrade)!;
    expect(newSalaryGradeId).toBeTruthy();
    await createTenantOnDemoSimulator(
      request,
      { name: `Decisions State ${run}`, subdomain: `decisions-${run}`, stateCode: 'DS' },
      admin,
    );
    await signIn(page, admin);

    await test.step('the master list is uploaded and verified', async () => {
      await uploadThroughUi(page, SAMPLE);
      await expect(page.getByTestId('summary-created')).toHaveText('2,000');
      await goTo(page, 'Bulk Verification');
      await page.getByRole('button', { name: 'Start New Bulk Verification' }).click();
      const headers = await token(request);
      await expect
        .poll(
          async () => {
            const [job] = (await (await request.get('/api/v1/bulk-jobs', { headers })).json()) as BulkJob[];
            return job?.status;
          },
          { timeout: 120_000, intervals: [1000] },
        )
        .toBe('COMPLETED');
    });

    await test.step('Resolve: the new grade asks for its Salary Grade ID, prefilled with the step kept', async () => {
      await page.goto('/dashboard/tenant-admin/validation?tab=mismatched');
      await page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }).fill(target.psn);
      const table = page.getByRole('table', { name: 'Mismatched records' });
      const row = table.getByRole('row', { name: new RegExp(target.name) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Resolve Data Mismatch' });
      const field = dialog.getByRole('textbox', {
        name: new RegExp(`Salary Grade ID for ${target.sotGrade}`),
      });
      await expect(field).toHaveValue(newSalaryGradeId);
      await saveScreen(page, 'resolve-salary-grade-id');
      await dialog.getByRole('button', { name: 'Accept SoT Data & Validate' }).click();
      await expect(page.getByText('Record resolved and validated successfully!')).toBeVisible();
      await expect(dialog).toHaveCount(0);
    });

    await test.step('the same file with one unrelated row changed updates that row only', async () => {
      const lines = fs.readFileSync(SAMPLE, 'utf8').split('\n');
      // Line 0 is the header; rename the person of another, unquoted line.
      const other = lines.findIndex((l, i) => i > 0 && i !== target.index + 1 && !l.includes('"'));
      const cells = lines[other]!.split(',');
      lines[other] = lines[other]!.replace(cells[1]!, `${cells[1]} Adebayo`);
      const changed = testInfo.outputPath('master-list-one-change.csv');
      fs.writeFileSync(changed, lines.join('\n'));
      await uploadThroughUi(page, changed);
      await expect(page.getByTestId('summary-created')).toHaveText('0');
      await expect(page.getByTestId('summary-updated')).toHaveText('1');
    });

    await test.step('Master Records still shows the resolved record validated at its new grade', async () => {
      await goTo(page, 'Master Records');
      await page.getByRole('searchbox', { name: 'Search by name, PSN or Work ID' }).fill(target.psn);
      const row = page.getByRole('row', { name: new RegExp(target.name) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(target.sotGrade);
      await expect(row).toContainText('Validated');
    });

    await test.step('the payroll file carries the new grade with its own Salary Grade ID', async () => {
      await goTo(page, 'Payroll Export');
      await page.getByRole('button', { name: 'Generate New Export' }).click();
      const headers = await token(request);
      await expect
        .poll(
          async () => {
            const [job] = (await (
              await request.get('/api/v1/records/export-logs', { headers })
            ).json()) as ExportJob[];
            return job?.status;
          },
          { timeout: 60_000, intervals: [1000] },
        )
        .toBe('COMPLETED');
      await page.reload();
      const downloading = page.waitForEvent('download');
      await page
        .getByRole('table')
        .getByRole('button', { name: /^Download/ })
        .first()
        .click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^payroll-DS-\d{4}-\d{2}-\d{2}-[0-9a-f-]{36}\.csv$/);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      const line = text.split('\r\n').find((l) => l.startsWith(`${target.psn},`));
      expect(line).toContain(`,${target.sotGrade},${newSalaryGradeId},`);
    });
  });
});
