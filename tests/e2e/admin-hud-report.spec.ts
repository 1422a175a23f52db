// The HUD beneficiary report in the browser (docs/decisions/031-hud-beneficiary-report.md): staff of their own import
// the fixture's income limits, open the report of a program of this test's own (two applicants, one approved),
// read its counts, switch to approved participants, download the CSV and read it back, and open the printable page;
// the household's annual income shows on the review page. axe clean in es and en and at 360 px.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv, splitAbout } from '../support/csv.ts';
import { expectNoAxeViolationsInBoth, householdsCounted, hudRaceRow, newStaff } from './support/admin.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { verifyDocumentsThroughApi } from './support/review.ts';
import { apiSignIn, applyTo, completeStepData, completeSteps, createProgram, incubatorSurvey, saveStep, stepOf, type Api } from './support/apply.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, signIn, switchLanguage, t, type Locale } from './support/shell.ts';

const FIXTURE = fileURLToPath(new URL('../fixtures/hud-income-limits-2026.csv', import.meta.url));
const SHOTS = '/tmp/shots-hud-report';

/** Sends an application with complete steps and step 4 as given (its income documents uploaded by completeSteps). */
async function submitted(api: Api, programId: number, household: Record<string, unknown>): Promise<number> {
  const id = await applyTo(api, programId);
  await completeSteps(api, id, [1, 2, 3, 4, 5, 6]);
  await saveStep(api, id, 4, { ...(await stepOf(api, id, 4)).data, ...household });
  await api.call('POST', `/applications/${id}/steps/4/submit`);
  await api.call('POST', `/applications/${id}/submit`);
  return id;
}

async function applicant(label: string, lastName: string): Promise<Api> {
  const api = await apiSignIn(await createAccount(label, { first_name: 'Hogar', last_name: lastName }));
  await api.call('PUT', '/me/survey', incubatorSurvey);
  return api;
}

const counted = (count: number) => householdsCounted('es', count);

const shot = async (page: Page, name: string) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('staff import income limits, read the HUD report, switch population, download the CSV and print it', async ({ page }) => {
  test.setTimeout(180_000);
  const token = Math.random().toString(36).slice(2, 8);
  // A year of this run's own, so the years other tests import do not change what this one reads.
  const year = 2000 + Math.floor(Math.random() * 90);
  const programId = await createProgram(`Programa HUD ${token}`, 'incubator', `HUD program ${token}`);
  // Ponce's limits for 3 people in the fixture: 30% 10800, 50% 18000, 80% 28800.
  const first = await submitted(await applicant(`hud-a-${token}`, `Uno ${token}`), programId, { annual_income: 20000 });
  const secondId = await submitted(await applicant(`hud-b-${token}`, `Dos ${token}`), programId, {
    annual_income: 9000,
    race: ['asian', 'white'],
    ethnicity: 'not_hispanic_or_latino',
  });
  expect(completeStepData[1].city).toBe('Ponce');
  const staff = await newStaff(`hud-${token}`);
  const staffApi = await apiSignIn(staff);
  await staffApi.call('POST', `/admin/applications/${secondId}/review/start`);
  // Approving rests on a verified checklist (docs/decisions/036-review-rules.md).
  await verifyDocumentsThroughApi(staff, secondId);
  await staffApi.call('POST', `/admin/applications/${secondId}/review/decision`, { decision: 'approved', reason: 'Cumple los requisitos.' });

  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await signIn(page, staff, 'es');
  // The report is in the staff navigation.
  await page.getByRole('navigation', { name: es('admin.nav.label') }).getByRole('link', { name: es('admin.nav.hudReport') }).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.hud.title') })).toBeVisible();

  // Import the fixture for this run's year.
  await page.getByLabel(fieldLabel(es('admin.hud.limits.yearField'))).fill(String(year));
  await page.getByLabel(fieldLabel(es('admin.hud.limits.file'))).setInputFiles(FIXTURE);
  await page.getByRole('button', { name: es('admin.hud.limits.import') }).click();
  await expect(page.getByRole('status').filter({ hasText: es('admin.hud.limits.imported', { year: String(year), rows: 624, municipalities: 78 }) })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: es('admin.hud.limits.yearRow', { year: String(year), rows: 624, municipalities: 78 }) })).toBeVisible();

  // The program's applicants with this year's limits.
  await page.getByLabel(fieldLabel(es('admin.hud.program'))).selectOption(String(programId));
  await page.getByLabel(fieldLabel(es('admin.hud.year'))).selectOption(String(year));
  await page.getByRole('button', { name: es('admin.hud.show') }).click();
  await expect(page.getByRole('status').filter({ hasText: counted(2) })).toBeVisible();
  await expect(page.getByText(es('admin.hud.limitsUsed', { year: String(year) }))).toBeVisible();
  const raceRow = (name: string) => hudRaceRow(page, 'es', name);
  await expect(raceRow('white').getByRole('cell')).toHaveText(['1', '0', '0', '1']);
  await expect(raceRow('asian_and_white').getByRole('cell')).toHaveText(['0', '1', '0', '1']);
  const bucketRow = (section: string, name: string) =>
    page.getByRole('table', { name: es(`admin.hud.section.${section}`) }).getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(bucketRow('income_category', es('admin.hud.bucket.low')).getByRole('cell')).toHaveText(['1']);
  await expect(bucketRow('income_category', es('admin.hud.bucket.extremely_low')).getByRole('cell')).toHaveText(['1']);
  await expect(bucketRow('income_category', es('admin.hud.bucket.unknown')).getByRole('cell')).toHaveText(['0']);
  await expect(bucketRow('female_head', es('admin.hud.bucket.yes')).getByRole('cell')).toHaveText(['2']);
  await shot(page, 'hud-report-es');

  // Approved participants only: the address keeps the choice.
  await page.getByLabel(fieldLabel(es('admin.hud.population'))).selectOption('approved');
  await page.getByRole('button', { name: es('admin.hud.show') }).click();
  await expect(page.getByRole('status').filter({ hasText: counted(1) })).toBeVisible();
  await expect(page).toHaveURL(/population=approved/);
  await expect(raceRow('white').getByRole('cell')).toHaveText(['0', '0', '0', '0']);
  await expect(raceRow('asian_and_white').getByRole('cell')).toHaveText(['0', '1', '0', '1']);

  // The CSV holds the same numbers.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.hud.download') }).click();
  const file = await (await download).path();
  const { about, table: lines } = splitAbout(parseCsv(readFileSync(file, 'utf8').replace(/^\uFEFF/, '')));
  // Above the table, what it counts (docs/decisions/041).
  expect(about[1]).toEqual([es('admin.hud.population'), es('admin.hud.population.approved')]);
  expect(lines[0]).toEqual(['section', 'category', 'hispanic', 'not_hispanic', 'ethnicity_unknown', 'count'].map((key) => es(`admin.hud.csv.${key}`)));
  expect(lines[1]).toEqual([es('admin.hud.total'), es('admin.hud.households'), '', '', '', '1']);
  expect(lines).toContainEqual([es('admin.hud.section.race'), es('admin.hud.race.asian_and_white'), '0', '1', '0', '1']);
  expect(lines).toContainEqual([es('admin.hud.section.income_category'), es('admin.hud.bucket.extremely_low'), '', '', '', '1']);

  await expectNoAxeViolationsInBoth(page, 'HUD report', (locale: Locale) => page.getByRole('heading', { level: 1, name: t(locale, 'admin.hud.title') }));
  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'HUD report at 360 px');
  await shot(page, 'hud-report-360');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The printable page, with the same filters.
  await page.getByRole('link', { name: es('admin.hud.printable') }).click();
  await expect(page).toHaveURL(/\/admin\/reports\/hud\/print\?.*population=approved/);
  const document = page.locator('[data-print-document]');
  await expect(document.getByRole('heading', { level: 1, name: es('admin.hud.title') })).toBeVisible();
  await expect(document.getByText(counted(1))).toBeVisible();
  await expect(document.getByText(`${es('admin.hud.population.approved')} · Programa HUD ${token}`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'HUD print page');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: es('admin.print.printButton') })).toBeHidden();
  await shot(page, 'hud-report-print');
  await page.emulateMedia({ media: 'screen' });

  // The household's annual income is on the review page of steps 3 to 5.
  await page.goto(`/admin/applications/${first}/3`);
  const income = page.getByText(es('application.field.annual_income'), { exact: true });
  await expect(income).toBeVisible();
  await expect(page.getByText(/20[,.]?000/).first()).toBeVisible();
});

test('the report screen in English: the population choice and the import errors name the bad rows', async ({ page }) => {
  test.setTimeout(90_000);
  const en = (id: string, values?: Record<string, string | number>) => t('en', id, values);
  const staff = await newStaff(`hud-en-${Math.random().toString(36).slice(2, 8)}`);
  await signIn(page, staff, 'es');
  await switchLanguage(page, 'en');
  await page.goto('/admin/reports/hud');
  await expect(page.getByRole('heading', { level: 1, name: en('admin.hud.title') })).toBeVisible();
  // Nothing chosen: the browser says so before sending.
  await page.getByRole('button', { name: en('admin.hud.limits.import') }).click();
  await expect(page.getByText(en('admin.hud.limits.yearInvalid'))).toBeVisible();
  await expect(page.getByText(en('admin.hud.limits.fileMissing'))).toBeVisible();
  // A file with a bad row imports nothing and names the row.
  await page.getByLabel(fieldLabel(en('admin.hud.limits.yearField'))).fill('2099');
  await page.getByLabel(fieldLabel(en('admin.hud.limits.file'))).setInputFiles({
    name: 'limits.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('municipality,household_size,limit_30,limit_50,limit_80\r\nPonce,1,100,200,300\r\nGotham,2,100,200,300\r\n'),
  });
  await page.getByRole('button', { name: en('admin.hud.limits.import') }).click();
  await expect(page.getByRole('alert').filter({ hasText: en('admin.hud.limits.failed') })).toBeVisible();
  await expect(page.getByText(en('api.hud.import.municipality', { row: 3, value: 'Gotham' }))).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^2099:/ })).toHaveCount(0);
  await expectNoAxeViolations(page, 'HUD report with import errors (en)');
  await shot(page, 'hud-report-import-errors-en');
});
