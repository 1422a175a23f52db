// Staff's program administration in the browser (docs/decisions/024): a staff member creates a program (after the
// form's localized errors), an applicant starts a draft in it, staff close the program, and the applicant reads
// "Application has been closed"; the second-person setting (docs/decisions/036-review-rules.md) is on for a new program,
// turned off and on again, shown in the list and audited. The Programs screen is axe clean in es and en, at 360 px too.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { E2E_SIDE_PORT } from './support/ports.ts';
import { apiSignIn, applicationPath, applyTo, newApplicant } from './support/apply.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, t, type Account, type Locale } from './support/shell.ts';

async function makeStaff(email: string): Promise<void> {
  const response = await fetch(`http://127.0.0.1:${E2E_SIDE_PORT}/make-staff?${new URLSearchParams({ email }).toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`make-staff ${response.status}`);
}

async function newStaff(label: string): Promise<Account> {
  const staff = await createAccount(`${label}-staff`, { first_name: 'Directora', last_name: 'Programas' });
  await makeStaff(staff.email);
  return staff;
}

async function openPrograms(page: Page, staff: Account, locale: Locale): Promise<void> {
  await signIn(page, staff, 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto('/admin/programs');
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.programs.title') })).toBeVisible();
}

test('staff create a program, an applicant starts a draft, staff close it: the applicant reads "Application has been closed"', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const token = Date.now().toString(36);
  const name = `Aceleración ${token}`;
  const staff = await newStaff('admin-programs');
  await openPrograms(page, staff, 'es');

  // The form refuses a program that ends before it starts, with the field's message.
  await page.getByRole('button', { name: es('admin.programs.new') }).click();
  const form = page.getByRole('form', { name: es('admin.programs.newTitle') });
  await form.getByLabel(fieldLabel(es('admin.programs.field.sub_program'))).selectOption('accelerator');
  await form.getByLabel(fieldLabel(es('admin.programs.field.name_es'))).fill(name);
  await form.getByLabel(fieldLabel(es('admin.programs.field.name_en'))).fill(`Acceleration ${token}`);
  await form.getByLabel(fieldLabel(es('admin.programs.field.period'))).fill('2030-1');
  await form.getByLabel(fieldLabel(es('admin.programs.field.application_deadline'))).fill('2030-01-15T12:00');
  await form.getByLabel(fieldLabel(es('admin.programs.field.start_date'))).fill('2030-02-01');
  await form.getByLabel(fieldLabel(es('admin.programs.field.end_date'))).fill('2030-01-20');
  await form.getByRole('button', { name: es('admin.programs.create') }).click();
  await expect(form.getByText(es('api.adminPrograms.endAfterStart'))).toBeVisible();
  await expectNoAxeViolations(page, 'program form with errors (es)');
  await form.getByLabel(fieldLabel(es('admin.programs.field.end_date'))).fill('2030-07-31');
  // The second person (docs/decisions/036-review-rules.md): on for a new program, described, turned off with the keyboard.
  const secondPerson = form.getByRole('checkbox', { name: es('admin.programs.field.approval_needs_confirmation') });
  await expect(secondPerson).toBeChecked();
  await expect(secondPerson).toHaveAccessibleDescription(es('admin.programs.secondPersonHint'));
  await secondPerson.focus();
  await page.keyboard.press('Space');
  await expect(secondPerson).not.toBeChecked();
  await form.getByRole('button', { name: es('admin.programs.create') }).click();
  await expect(page.getByText(es('admin.programs.saved', { name }))).toBeVisible();

  // Found by its name without the accent.
  await page.getByLabel(fieldLabel(es('admin.programs.search'))).fill(`aceleracion ${token}`);
  await page.getByRole('button', { name: es('admin.programs.searchButton') }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // The deadline was typed in Puerto Rico time and reads back the same.
  await expect(row).toContainText('15 de enero de 2030');
  await expect(row).toContainText('12:00');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(row).toContainText(es('admin.programs.secondPersonOff'));
  await expectNoAxeViolations(page, 'programs list (es)');
  // The list's CSV: the search's one row, in Spanish, with its byte-order mark.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.programs.export') }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^programas-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFID,Nombre,Subprograma,Periodo,')).toBe(true);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(2);
  expect(csv).toContain(`,${name},Aceleradora,2030-1,2030-02-01,2030-07-31,`);
  await page.screenshot({ path: shotPath('admin-programs-list-es'), fullPage: true });

  // An applicant starts a draft in it.
  const { account, api } = await newApplicant('admin-programs-applicant');
  const staffApi = await apiSignIn(staff);
  const found = await staffApi.call<{ results: Array<{ id: number }> }>('GET', `/admin/programs?q=${token}`);
  const programId = found.results[0]?.id;
  if (programId === undefined) throw new Error('the new program is not in the staff list');
  const applicationId = await applyTo(api, programId);

  // Staff close it: the form says what closing does, then the draft is closed.
  await page.reload();
  await expect(row).toContainText(es('admin.programs.applicationCounts', { drafts: 1, submitted: 0 }));
  await row.getByRole('button', { name: es('admin.programs.editNamed', { name }) }).click();
  const edit = page.getByRole('form', { name: es('admin.programs.editTitle', { name }) });
  await edit.getByLabel(fieldLabel(es('admin.programs.field.status'))).selectOption('closed');
  // The setting reads back as saved, and is turned on again with the same save.
  const editSecondPerson = edit.getByRole('checkbox', { name: es('admin.programs.field.approval_needs_confirmation') });
  await expect(editSecondPerson).not.toBeChecked();
  await editSecondPerson.check();
  // The hint's plural (one draft) is worded by the app; the helper t() does not expand plurals.
  await expect(edit.getByText('Al cerrar el programa se cierran su borrador; las postulaciones enviadas no cambian.')).toBeVisible();
  await edit.getByRole('button', { name: es('admin.programs.save') }).click();
  await expect(page.getByText(es('admin.programs.saved', { name }))).toBeVisible();
  await expect(row).toContainText(es('programs.status.closed'));
  await expect(row).toContainText(es('admin.programs.secondPersonOn'));
  // Audited with the program: its history, beside the form, names the change.
  await row.getByRole('button', { name: es('admin.programs.editNamed', { name }) }).click();
  await expect(page.getByText(es('admin.history.op.updateAdminProgram', { who: 'Directora Programas' })).first()).toBeVisible();
  const audit = await staffApi.call<{ results: Array<{ operation: string; before: Record<string, unknown>; after: Record<string, unknown> }> }>(
    'GET',
    `/admin/audit?record_type=program&record_id=${programId}`,
  );
  expect(audit.results[0]).toMatchObject({ operation: 'updateAdminProgram', before: { approval_needs_confirmation: false }, after: { approval_needs_confirmation: true } });
  await page.getByRole('button', { name: es('admin.programs.cancel') }).click();

  const theirs = await browser.newContext({ locale: 'es-PR' });
  const theirPage = await theirs.newPage();
  await signIn(theirPage, account, 'es');
  await theirPage.goto(applicationPath(applicationId));
  await expect(theirPage.getByRole('heading', { name: es('application.state.closed') })).toBeVisible();
  await theirs.close();
});

test('the Programs screen is axe clean in English and at 360 px', async ({ page }) => {
  const staff = await newStaff('admin-programs-en');
  await page.setViewportSize({ width: 360, height: 800 });
  await openPrograms(page, staff, 'en');
  await page.getByRole('button', { name: t('en', 'admin.programs.new') }).click();
  await expect(page.getByRole('form', { name: t('en', 'admin.programs.newTitle') })).toBeVisible();
  await expectNoAxeViolations(page, 'programs (en, 360 px)');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath('admin-programs-en-360'), fullPage: true });
});
