// Staff's dashboard in the browser (docs/decisions/030-dashboard.md): a staff member opens it from
// the admin navigation, filters by a program of the test's own (three applications: a draft, a sent one, an approved
// one), reads the figures in the tables beside the charts, and downloads a chart's CSV with the keyboard alone. axe
// clean in es or en (both: E2E_ALL=1), at 1280 and 360 px, with no horizontal scrolling.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parseCsv, splitAbout } from '../support/csv.ts';
import { countOf, dashboardChart as chart, newStaff } from './support/admin.ts';
import { apiSignIn, applyTo, completeSteps, createProgram, incubatorSurvey } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** A program of this test's own: one draft, one sent application, and one approved by staff. */
async function seed(label: string, staff: { email: string; password: string }): Promise<number> {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Tablero ${token}`, 'incubator', `Dashboard ${token}`);
  const sent: number[] = [];
  for (const who of ['sent', 'approved']) {
    const api = await apiSignIn(await createAccount(`${label}-${who}`));
    await api.call('PUT', '/me/survey', incubatorSurvey);
    const id = await applyTo(api, programId);
    await completeSteps(api, id, [1, 2, 3, 4, 5, 6]);
    await api.call('POST', `/applications/${id}/submit`);
    sent.push(id);
  }
  const draft = await apiSignIn(await createAccount(`${label}-draft`));
  await draft.call('PUT', '/me/survey', incubatorSurvey);
  await applyTo(draft, programId);
  const reviewer = await apiSignIn(staff);
  await reviewer.call('POST', `/admin/applications/${sent[1]}/review/start`);
  // Approving rests on a verified checklist (docs/decisions/036-review-rules.md).
  const { documents } = (await reviewer.call('GET', `/admin/applications/${sent[1]}`)) as { documents: Array<{ file_id: number }> };
  for (const document of documents) await reviewer.call('POST', `/admin/applications/${sent[1]}/documents/${document.file_id}/verify`);
  await reviewer.call('POST', `/admin/applications/${sent[1]}/review/decision`, { decision: 'approved', reason: 'Cumple con todo.' });
  return programId;
}

async function openDashboard(page: Page, locale: Locale, label: string): Promise<void> {
  await signIn(page, await newStaff(label), 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.dashboard.title') })).toBeVisible();
  await expect(chart(page, locale, 'status').getByRole('table')).toBeVisible();
}

test('staff read the figures of one program in the tables and download a chart as CSV with the keyboard', async ({ page }) => {
  test.setTimeout(150_000);
  const staff = await newStaff('dashboard-figures');
  const programId = await seed('dashboard-figures', staff);
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await signIn(page, staff, 'es');
  await page.goto('/admin/applications');
  await page.getByRole('navigation', { name: es('admin.nav.label') }).getByRole('link', { name: es('admin.nav.dashboard') }).click();
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: es('admin.dashboard.title') })).toBeVisible();
  await expect(page.getByTestId('dashboard-accounts')).toHaveText(/\d/);

  // Filter by the program: the URL holds it, and the tables count its three applications.
  await page.getByLabel(fieldLabel(es('admin.dashboard.filterProgram'))).selectOption(String(programId));
  await page.getByRole('button', { name: es('admin.dashboard.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`program_id=${programId}`));
  const status = chart(page, 'es', 'status');
  await expect(countOf(status, es('programs.applicationStatus.draft'))).toHaveText('1');
  await expect(countOf(status, es('programs.applicationStatus.submitted'))).toHaveText('1');
  await expect(countOf(status, es('programs.applicationStatus.approved'))).toHaveText('1');
  await expect(countOf(status, es('programs.applicationStatus.rejected'))).toHaveText('0');
  await expect(countOf(chart(page, 'es', 'sub_program'), es('programs.subProgram.incubator'))).toHaveText('3');
  await expect(chart(page, 'es', 'program').getByRole('row')).toHaveCount(2);
  const funnel = chart(page, 'es', 'funnel');
  await expect(countOf(funnel, es('admin.dashboard.funnel.started'))).toHaveText('3');
  await expect(countOf(funnel, es('admin.dashboard.funnel.submitted'))).toHaveText('2');
  await expect(countOf(funnel, es('admin.dashboard.funnel.decided'))).toHaveText('1');
  const time = chart(page, 'es', 'decision_time');
  await expect(countOf(time, es('admin.dashboard.band.days_0_6'))).toHaveText('1');
  await expect(time.getByRole('definition').first()).toHaveText('1');
  // The chart is drawn beside each table, hidden from screen readers (the table says the same).
  await expect(page.getByTestId('chart-status-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('chart-status-chart')).toHaveAttribute('aria-hidden', 'true');
  await expectNoAxeViolations(page, 'dashboard filtered (es)');
  await page.screenshot({ path: shotPath('admin-dashboard-es'), fullPage: true });

  // With the keyboard: from the filters' button the next stop is the first chart's download.
  await page.getByRole('button', { name: es('admin.dashboard.apply') }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const funnelDownload = page.getByRole('button', { name: es('admin.dashboard.downloadChart', { chart: es('admin.dashboard.chart.funnel') }) });
  await expect(funnelDownload).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: es('admin.dashboard.downloadChart', { chart: es('admin.dashboard.chart.status') }) })).toBeFocused();
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  const file = await download;
  // The file names its chart and program, and says its filters above the table, with the screen's status words.
  expect(file.suggestedFilename()).toMatch(/^tablero-status-.+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const { about, table } = splitAbout(parseCsv(csv.slice(1)));
  expect(about.map((line) => line[0])).toEqual(['export.report', 'hud.program', 'dashboard.from', 'dashboard.to', 'export.generated'].map((id) => es(`admin.${id}`)));
  expect(about[0]?.[1]).toBe(es('admin.dashboard.chart.status'));
  const lines = table.map((cells) => cells.join(','));
  expect(lines[0]).toBe('Estado,Cantidad');
  expect(lines).toContain(`${es('programs.applicationStatus.draft')},1`);
  expect(lines).toContain(`${es('programs.applicationStatus.submitted')},1`);
  expect(lines).toContain(`${es('programs.applicationStatus.approved')},1`);
  expect(lines).toContain(`${es('programs.applicationStatus.rejected')},0`);
  expect(lines).toHaveLength(9);

  // Days the wrong way round: the server's words, in Spanish.
  await page.getByLabel(fieldLabel(es('admin.dashboard.from'))).fill('2026-03-01');
  await page.getByLabel(fieldLabel(es('admin.dashboard.to'))).fill('2026-02-01');
  await page.getByRole('button', { name: es('admin.dashboard.apply') }).click();
  await expect(page.getByRole('alert')).toHaveText(es('api.admin.dashboard.toBeforeFrom'));
});

for (const locale of languagesOf('es')) {
  test(`the dashboard has no axe violations at 1280 and 360 px (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    await openDashboard(page, locale, `dashboard-a11y-${locale}`);
    await expectNoAxeViolations(page, `dashboard (${locale})`);
    await page.screenshot({ path: shotPath(`admin-dashboard-${locale}-1280`), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(chart(page, locale, 'how_heard').getByRole('table')).toBeVisible();
    await expectNoAxeViolations(page, `dashboard (${locale}, 360)`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: shotPath(`admin-dashboard-${locale}-360`), fullPage: true });
  });
}
