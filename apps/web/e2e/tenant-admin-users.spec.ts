import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { DEMO_USERS } from './support/demo-users.ts';
import { signIn, signOut } from './support/login-page.ts';
import { saveScreen } from './support/screens.ts';
import { goTo } from './support/navigation.ts';

const tenantAdmin = DEMO_USERS.tenantAdmin;
const USERS_PATH = '/dashboard/tenant-admin/users';
const AMBER = 'rgb(255, 193, 7)';
const BLUE = 'rgb(25, 118, 210)';

const run = Date.now().toString(36);
const newReviewer = {
  fullName: `Ngozi Reviewer ${run}`,
  email: `ngozi.${run}@demo.local`,
  home: DEMO_USERS.reviewer.home,
  title: DEMO_USERS.reviewer.title,
};
const newAgent = { fullName: `Musa Field ${run}`, email: `musa.${run}@demo.local`, password: 'Field12345!' };

async function openUsersTab(page: Page) {
  await goTo(page, 'User Management');
  await expect(page).toHaveURL(USERS_PATH);
  await expect(page.getByRole('heading', { level: 2, name: 'User Management' })).toBeVisible();
  await expect(page.getByText('Loading Users...')).toHaveCount(0);
  await expect(page.getByText('Loading Reviewers...')).toHaveCount(0);
}

/** Opens a select by its label and clicks the options; leaves the list open. */
async function chooseOptions(page: Page, scope: Locator | Page, label: string, options: string[]) {
  await scope.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
}

async function closeListbox(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

const usersTable = (page: Page) => page.getByRole('table', { name: 'Tenant Users' });
const reviewersTable = (page: Page) => page.getByRole('table', { name: 'Reviewer Management' });
const rowOf = (table: Locator, name: string) =>
  table.getByRole('row').filter({ has: table.page().getByRole('rowheader', { name }) });
const roleBadge = (row: Locator) => row.locator('.MuiChip-root');
/** Cells after the row header: pending, ministries, departments, actions. */
const reviewerCell = (row: Locator, index: number) => row.getByRole('cell').nth(index);

/** The demo tenant's ministries and departments come from the master list the demo seed uploaded. */
test.describe('tenant admin: user management', () => {
  test('creates a reviewer with ministries, who can sign in, then edits the assignments and adds an agent', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, tenantAdmin);
    await openUsersTab(page);
    await expect(page.getByText('Manage assignments for users with the Reviewer role')).toBeVisible();
    await expect(usersTable(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreen(page, 'tenant-admin-users-tab');

    // The form: the email check refuses an existing address.
    const form = page.getByRole('form', { name: 'Add a New User' });
    const submit = form.getByRole('button', { name: 'Create User' });
    await expect(submit).toBeDisabled();
    await form.getByRole('textbox', { name: 'Full Name' }).fill(newReviewer.fullName);
    const email = form.getByRole('textbox', { name: 'Email' });
    await email.fill(DEMO_USERS.reviewer.email);
    await expect(form.getByText('This email is already taken')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.fill(newReviewer.email);
    await expect(form.getByText('This email is already taken')).toHaveCount(0);
    await expect(form.getByRole('img', { name: 'Email is available' })).toBeVisible();

    // A generated password: 12 characters, shown so it can be passed on.
    await form.getByRole('button', { name: 'Generate password' }).click();
    const password = form.getByLabel(/^Password/);
    await expect(password).toHaveAttribute('type', 'text');
    const generated = await password.inputValue();
    expect(generated).toHaveLength(12);

    // Role: the form offers exactly the three roles; the assignments appear for reviewers only.
    await form.getByRole('combobox', { name: /^Role/ }).click();
    await expect(page.getByRole('option')).toHaveText(['Tenant Admin', 'Reviewer', 'Agent']);
    await page.getByRole('option', { name: 'Reviewer' }).click();
    await expect(form.getByRole('combobox', { name: /^Assigned Departments/ })).toBeVisible();
    await chooseOptions(page, form, 'Assigned Ministries', ['Ministry of Health', 'Ministry of Finance']);
    await saveScreen(page, 'tenant-admin-users-reviewer-form');
    await closeListbox(page);
    await expect(form.getByRole('combobox', { name: /^Assigned Ministries/ })).toContainText(
      'Ministry of Health',
    );

    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('User created successfully!')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Full Name' })).toHaveValue('');
    await expect(form.getByRole('combobox', { name: /^Assigned Ministries/ })).toHaveCount(0);

    // The list reloads with the new reviewer and an amber badge; Reviewer Management shows two ministries.
    const userRow = rowOf(usersTable(page), newReviewer.fullName);
    await expect(userRow).toContainText(newReviewer.email);
    const badge = roleBadge(userRow);
    await expect(badge).toHaveText('Reviewer');
    await expect(badge).toHaveCSS('background-color', AMBER);
    await expect(userRow.getByRole('button', { name: `Edit ${newReviewer.fullName}` })).toBeDisabled();
    const reviewerRow = rowOf(reviewersTable(page), newReviewer.fullName);
    await expect(reviewerCell(reviewerRow, 1).getByRole('listitem')).toHaveCount(2);
    await expect(reviewerCell(reviewerRow, 1)).toContainText('Ministry of Finance');
    await expect(reviewerCell(reviewerRow, 1)).toContainText('Ministry of Health');
    await expect(reviewerCell(reviewerRow, 2)).toHaveText('\u2014');
    await saveScreen(page, 'tenant-admin-users-table');

    // The new reviewer signs in and lands on the reviewer dashboard.
    await signOut(page);
    await signIn(page, { ...newReviewer, password: generated });
    await expect(page).toHaveURL(/\/dashboard\/reviewer\//);
    await signOut(page);

    // Back as the tenant admin: add a department, remove a ministry.
    await signIn(page, tenantAdmin);
    await openUsersTab(page);
    await reviewerRow.getByRole('button', { name: `Edit assignments for ${newReviewer.fullName}` }).click();
    const editDialog = page.getByRole('dialog', { name: `Edit Assignments for ${newReviewer.fullName}` });
    await expect(editDialog).toBeVisible();
    const save = editDialog.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled();
    await chooseOptions(page, editDialog, 'Assigned Departments', ['Treasury']);
    await closeListbox(page);
    await expect(save).toBeEnabled();
    await chooseOptions(page, editDialog, 'Assigned Ministries', ['Ministry of Health']);
    await closeListbox(page);
    await expect(editDialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreen(page, 'tenant-admin-users-edit-assignments');
    await save.click();
    await expect(page.getByText('Reviewer assignments updated successfully.')).toBeVisible();
    await expect(editDialog).toHaveCount(0);
    await expect(reviewerCell(reviewerRow, 1).getByRole('listitem')).toHaveText(['Ministry of Finance']);
    await expect(reviewerCell(reviewerRow, 2).getByRole('listitem')).toHaveText(['Treasury']);

    // The 'Create New User' dialog: only Cancel closes it; it creates an agent.
    await page.getByRole('button', { name: 'Create Field Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(450);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    const create = dialog.getByRole('button', { name: 'Create User' });
    await expect(create).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Full Name' }).fill(newAgent.fullName);
    await dialog.getByRole('textbox', { name: 'Email Address' }).fill(newAgent.email);
    await dialog.getByLabel(/^Initial Password/).fill(newAgent.password);
    await dialog.getByRole('combobox', { name: /^Role/ }).click();
    await expect(page.getByRole('option')).toHaveText(['Agent', 'Self-Service User']);
    await page.getByRole('option', { name: 'Agent' }).click();
    await expectNoSeriousA11yViolations(page);
    await saveScreen(page, 'tenant-admin-users-create-dialog');
    await expect(create).toBeEnabled();
    await create.click();
    await expect(page.getByText('User created successfully!')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const agentRow = rowOf(usersTable(page), newAgent.fullName);
    await expect(roleBadge(agentRow)).toHaveText('Agent');
    await expect(roleBadge(agentRow)).toHaveCSS('background-color', BLUE);
  });
});
