// Staff review applications in the browser: an applicant's submitted application with its documents is found by an
// accented name typed without accents, read on the four review pages, a document opened in the browser's PDF viewer
// (the PDF's response checked) and downloaded, the active-content warning shown; another applicant's draft is closed
// through the dialog and reopened; the printable view is read in English; the list sorted by average score (not scored
// yet last both ways) and its CSV in that order; the printed application with the checklist's verdicts (with reasons)
// and the scores, which the applicant's own screens never show. axe clean in es or en (both: E2E_ALL=1) and at 360 px;
// the same with the keyboard alone.
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseCsv } from '../support/csv.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { E2E_SIDE_PORT } from './support/ports.ts';
import { apiSignIn, applicationPath, applyTo, completeSteps, createProgram, incubatorSurvey, tinyPdf, uploadDocument } from './support/apply.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, t, tabTo, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

interface Seeded {
  token: string;
  programId: number;
  /** Ana's account (the submitted application's applicant), and José's (the draft's). */
  ana: { email: string; password: string };
  jose: { email: string; password: string };
  submittedId: number;
  draftId: number;
  submittedName: string;
  draftName: string;
}

/**
 * A program of this test's own with two applications: Ana Peña's, submitted with every document (and one more PDF
 * that carries JavaScript), and José Martínez's draft.
 */
async function seed(label: string): Promise<Seeded> {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Programa ${token}`, 'incubator', `Program ${token}`);

  const ana = await createAccount(`${label}-ana`, { first_name: 'Ana', last_name: `Peña ${token}` });
  const api = await apiSignIn(ana);
  await api.call('PUT', '/me/survey', incubatorSurvey);
  const submittedId = await applyTo(api, programId);
  await uploadDocument(api, submittedId, 'income_document', 'con-javascript.pdf', tinyPdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'));
  await completeSteps(api, submittedId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${submittedId}/submit`);

  const jose = await createAccount(`${label}-jose`, { first_name: 'José', last_name: `Martínez ${token}` });
  const draftId = await applyTo(await apiSignIn(jose), programId);
  return { token, programId, ana, jose, submittedId, draftId, submittedName: `Ana Peña ${token}`, draftName: `José Martínez ${token}` };
}

/** A staff member of this test's own (a language switch is saved to the account: a shared one would carry it over). */
async function newStaff(label: string): Promise<{ email: string; password: string }> {
  const staff = await createAccount(`${label}-staff`, { first_name: 'Directora', last_name: 'Prueba' });
  const response = await fetch(`http://127.0.0.1:${E2E_SIDE_PORT}/make-staff?${new URLSearchParams({ email: staff.email }).toString()}`, { method: 'POST' });
  if (!response.ok) throw new Error(`make-staff ${response.status}`);
  return staff;
}

async function openApplications(page: Page, locale: Locale, label: string): Promise<void> {
  await signIn(page, await newStaff(label), 'es');
  if (locale === 'en') await switchLanguage(page, 'en');
  await page.goto('/admin/applications');
  await expect(page.getByRole('heading', { level: 1, name: t(locale, 'admin.applications.title') })).toBeVisible();
}

async function search(page: Page, locale: Locale, text: string): Promise<void> {
  await page.getByLabel(fieldLabel(t(locale, 'admin.applications.search'))).fill(text);
  await page.getByRole('button', { name: t(locale, 'admin.applications.searchButton') }).click();
}

const reviewLink = (page: Page, locale: Locale, id: number, name: string): Locator =>
  page.getByRole('link', { name: t(locale, 'admin.applications.review', { id, name }) });

const stepNav = (page: Page, locale: Locale): Locator => page.getByRole('navigation', { name: t(locale, 'admin.review.stepsNav') });

test('staff find a submitted application without typing accents, read the four pages, open its documents and print it in English', async ({ page }) => {
  test.setTimeout(150_000);
  const seeded = await seed('admin-apps');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await openApplications(page, 'es', 'admin-apps');

  // 'pena' finds 'Peña' (the token makes it the only one), and the URL holds the search.
  await search(page, 'es', `pena ${seeded.token.toUpperCase()}`);
  await expect(page.getByText('1 solicitud encontrada', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/applications\?q=pena/);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('table')).toContainText('Café del Sur');
  await expectNoAxeViolations(page, 'applications list (es)');
  await page.screenshot({ path: shotPath('admin-applications-list-es'), fullPage: true });
  // The status filter narrows: no draft of Ana's.
  await page.getByLabel(fieldLabel(es('admin.applications.filterStatus'))).selectOption('draft');
  await page.getByRole('button', { name: es('admin.applications.searchButton') }).click();
  await expect(page.getByText(es('admin.applications.none'))).toBeVisible();
  await page.getByLabel(fieldLabel(es('admin.applications.filterStatus'))).selectOption('submitted');
  await page.getByRole('button', { name: es('admin.applications.searchButton') }).click();
  await reviewLink(page, 'es', seeded.submittedId, seeded.submittedName).click();

  // Page 1: the person, the account and the survey.
  await expect(page).toHaveURL(`/admin/applications/${seeded.submittedId}/1`);
  await expect(page.getByRole('heading', { level: 1, name: es('admin.review.heading', { id: seeded.submittedId, name: seeded.submittedName }) })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: es('application.step.name1') })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: es('admin.review.survey') })).toBeVisible();
  await expect(page.getByText(es('admin.review.submittedNote'))).toBeVisible();
  await expectNoAxeViolations(page, 'review page 1 (es)');
  await page.screenshot({ path: shotPath('admin-applications-review1-es'), fullPage: true });

  // Page 2: the business, option names as the applicant read them.
  await stepNav(page, 'es').getByRole('link', { name: es('admin.review.page2') }).click();
  await expect(page).toHaveURL(`/admin/applications/${seeded.submittedId}/2`);
  await expect(page.getByRole('heading', { level: 2, name: es('application.step.name2') })).toBeVisible();
  await expect(page.getByText(es('application.business.typePhysical'))).toBeVisible();
  await expectNoAxeViolations(page, 'review page 2 (es)');

  // Page 3: owners, household, training; the owner's identification opens in the browser as a PDF.
  await stepNav(page, 'es').getByRole('link', { name: es('admin.review.page3') }).click();
  for (const step of [3, 4, 5]) await expect(page.getByRole('heading', { level: 2, name: es(`application.step.name${step}`) })).toBeVisible();
  const pdf = page.waitForResponse((response) => /\/api\/applications\/\d+\/files\/\d+$/.test(response.url()) && response.status() === 200);
  const tab = page.context().waitForEvent('page');
  // The step's own copy of the button (the document checklist above has one too).
  await page.getByRole('region', { name: es('admin.review.page3') }).getByRole('button', { name: es('admin.review.view', { name: 'owner_id.pdf' }) }).click();
  const response = await pdf;
  expect(response.headers()['content-type']).toContain('application/pdf');
  expect(Number(response.headers()['content-length'])).toBeGreaterThan(0);
  const viewer = await tab;
  await expect.poll(() => viewer.url()).toMatch(/^blob:/);
  await viewer.close();
  await expectNoAxeViolations(page, 'review page 3 (es)');
  await page.screenshot({ path: shotPath('admin-applications-review3-es'), fullPage: true });

  // Page 4: the agreement and the intake form (downloaded), and the extra document with its warning.
  await stepNav(page, 'es').getByRole('link', { name: es('admin.review.page4') }).click();
  await expect(page.getByRole('heading', { level: 2, name: es('application.step.name6') })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.review.download', { name: 'formulario-firmado.pdf' }) }).click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
  await expect(page.getByRole('heading', { level: 2, name: es('admin.review.otherDocuments') })).toBeVisible();
  await expect(page.getByText(es('admin.review.activeContent', { kinds: es('admin.review.activeContent.javascript') }))).toBeVisible();
  await expectNoAxeViolations(page, 'review page 4 (es)');
  await page.screenshot({ path: shotPath('admin-applications-review4-es'), fullPage: true });

  // The printable view, in English while the interface stays in Spanish; on paper, no navigation.
  await page.getByRole('link', { name: es('admin.review.print') }).click();
  await expect(page).toHaveURL(`/admin/applications/${seeded.submittedId}/print`);
  await page.getByLabel(fieldLabel(es('admin.print.language'))).selectOption('en');
  const document = page.locator('[data-print-document]');
  await expect(document).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: t('en', 'admin.review.heading', { id: seeded.submittedId, name: seeded.submittedName }) })).toBeVisible();
  for (const step of [1, 2, 3, 4, 5, 6]) await expect(document.getByRole('heading', { level: 2, name: t('en', `application.step.name${step}`) })).toBeVisible();
  await expect(document.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('button', { name: es('admin.print.printButton') })).toBeVisible();
  await expectNoAxeViolations(page, 'print view (en document, es interface)');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('button', { name: es('admin.print.printButton') })).toBeHidden();
  await expect(document).toBeVisible();
  await page.screenshot({ path: shotPath('admin-applications-print-en'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
});

test('staff close a draft through the dialog and reopen it; the list and the user page lead to the review', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seed('admin-apps-close');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await openApplications(page, 'es', 'admin-apps-close');
  await search(page, 'es', `martinez ${seeded.token}`);
  await reviewLink(page, 'es', seeded.draftId, seeded.draftName).click();
  await expect(page.getByRole('heading', { level: 1, name: es('admin.review.heading', { id: seeded.draftId, name: seeded.draftName }) })).toBeVisible();

  // Cancel changes nothing and gives focus back; confirming closes it.
  const close = page.getByRole('button', { name: es('admin.review.close') });
  await close.click();
  const dialog = page.getByRole('alertdialog', { name: es('admin.review.confirm.closeTitle', { name: seeded.draftName }) });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'close dialog (es)');
  await page.screenshot({ path: shotPath('admin-applications-close-dialog-es'), fullPage: true });
  await dialog.getByRole('button', { name: es('ui.confirm.cancel') }).click();
  await expect(close).toBeFocused();
  await close.click();
  await page.getByRole('alertdialog').getByRole('button', { name: es('admin.review.close') }).click();
  await expect(page.getByText(es('admin.review.done.closed')).first()).toBeVisible();
  await expect(page.getByText(es('admin.review.closedNote'))).toBeVisible();
  const facts = page.getByRole('definition').filter({ hasText: es('programs.applicationStatus.closed') });
  await expect(facts).toHaveCount(1);

  // Reopen: a draft again.
  await page.getByRole('button', { name: es('admin.review.reopen') }).click();
  await expect(page.getByText(es('admin.review.done.reopened')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: es('admin.review.close') })).toBeVisible();

  // From the account's page back to the review.
  await page.getByRole('link', { name: es('admin.review.accountLink', { name: seeded.draftName }) }).click();
  await expect(page.getByRole('heading', { level: 1, name: seeded.draftName })).toBeVisible();
  await page.getByRole('region', { name: es('admin.users.applications') }).getByRole('link').click();
  await expect(page).toHaveURL(`/admin/applications/${seeded.draftId}/1`);
});

/** Scores `id` as a fresh staff member: every criterion of its rubric at `fraction` of its maximum. */
async function scoreAs(label: string, id: number, fraction: number): Promise<void> {
  const api = await apiSignIn(await newStaff(label));
  // Scoring follows a declaration of no conflict of interest (docs/decisions/036-review-rules.md).
  await api.call('PUT', `/admin/applications/${id}/conflict`, { conflict: false });
  const { rubric } = (await api.call('GET', `/admin/applications/${id}/scores`)) as { rubric: { criteria: Array<{ key: string; max_score: number }> } };
  await api.call('PUT', `/admin/applications/${id}/scores`, { scores: Object.fromEntries(rubric.criteria.map((c) => [c.key, Math.round(c.max_score * fraction)])) });
}

test('staff sort the list by average score, not scored yet last either way, and export it in that order', async ({ page }) => {
  test.setTimeout(150_000);
  const seeded = await seed('admin-apps-score');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  // A third application, never scored; Ana's scores 100, José's 0.
  const luis = await createAccount('admin-apps-score-luis', { first_name: 'Luis', last_name: `Ortiz ${seeded.token}` });
  const luisId = await applyTo(await apiSignIn(luis), seeded.programId);
  // Staff score sent applications only (a declaration of no conflict needs one: docs/decisions/036): José sends his.
  const jose = await apiSignIn(seeded.jose);
  await completeSteps(jose, seeded.draftId, [1, 2, 3, 4, 5, 6]);
  await jose.call('POST', `/applications/${seeded.draftId}/submit`);
  await scoreAs('admin-apps-score-r1', seeded.submittedId, 1);
  await scoreAs('admin-apps-score-r2', seeded.draftId, 0);
  await openApplications(page, 'es', 'admin-apps-score');
  await search(page, 'es', seeded.token);
  const names = page.getByRole('table').getByRole('row').getByRole('rowheader').getByRole('link');
  const order = (ids: number[]) => ids.map((id) => [seeded.submittedId, seeded.draftId, luisId].indexOf(id)).map((n) => [seeded.submittedName, seeded.draftName, `Luis Ortiz ${seeded.token}`][n] as string);

  const sort = page.getByLabel(fieldLabel(es('admin.applications.sort')));
  await expect(sort.getByRole('option', { name: es('admin.applications.sort.desc_score') })).toHaveCount(1);
  await sort.selectOption('-score');
  await page.getByRole('button', { name: es('admin.applications.searchButton') }).click();
  await expect(page).toHaveURL(/sort=-score/);
  await expect(names).toHaveText(order([seeded.submittedId, seeded.draftId, luisId]));
  await expect(page.getByRole('table')).toContainText('—');
  await expectNoAxeViolations(page, 'applications list sorted by score (es)');
  await page.screenshot({ path: shotPath('admin-applications-score-sort-es'), fullPage: true });

  await sort.selectOption('score');
  await page.getByRole('button', { name: es('admin.applications.searchButton') }).click();
  await expect(page).toHaveURL(/sort=score/);
  await expect(names).toHaveText(order([seeded.draftId, seeded.submittedId, luisId]));

  // The CSV holds the same rows in the same order, the average in its own column.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: es('admin.applications.export') }).click();
  const file = await (await download).path();
  const [header, ...rows] = parseCsv((await readFile(file, 'utf8')).slice(1));
  const average = header?.indexOf(es('admin.applications.csv.score_average')) ?? -1;
  expect(average).toBeGreaterThan(0);
  expect(rows.map((row) => [Number(row[0]), row[average]])).toEqual([
    [seeded.draftId, '0'],
    [seeded.submittedId, '100'],
    [luisId, ''],
  ]);

  // In English, at 360 px: the option and the list read in English, axe clean.
  await switchLanguage(page, 'en');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByLabel(fieldLabel(t('en', 'admin.applications.sort'))).getByRole('option', { name: t('en', 'admin.applications.sort.score') })).toHaveCount(1);
  await expect(names).toHaveText(order([seeded.draftId, seeded.submittedId, luisId]));
  await expectNoAxeViolations(page, 'applications list sorted by score (en, 360)');
  await page.screenshot({ path: shotPath('admin-applications-score-sort-en-360'), fullPage: true });
});

test("the printed application shows the checklist's verdicts with reasons and the scores; the applicant's screens never do", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const seeded = await seed('admin-apps-print-review');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  const reason = `La identificación está borrosa ${seeded.token}`;
  // Staff start the review, verify the income document and reject the owner's ID; two reviewers score 100 and 0.
  const reviewer = await apiSignIn(await newStaff('admin-apps-print-review-r0'));
  await reviewer.call('POST', `/admin/applications/${seeded.submittedId}/review/start`);
  const { documents } = await reviewer.call<{ documents: Array<{ file_id: number; file_name: string }> }>('GET', `/admin/applications/${seeded.submittedId}`);
  const byName = (name: string) => documents.find((d) => d.file_name === name)?.file_id ?? 0;
  await reviewer.call('POST', `/admin/applications/${seeded.submittedId}/documents/${byName('con-javascript.pdf')}/verify`);
  await reviewer.call('POST', `/admin/applications/${seeded.submittedId}/documents/${byName('owner_id.pdf')}/reject`, { reason });
  // The rejection goes to Ana with the round's one change request (docs/decisions/036-review-rules.md).
  await reviewer.call('POST', `/admin/applications/${seeded.submittedId}/review/changes`, { message: reason, steps: [3] });
  await scoreAs('admin-apps-print-review-r1', seeded.submittedId, 1);
  await scoreAs('admin-apps-print-review-r2', seeded.submittedId, 0);

  await signIn(page, await newStaff('admin-apps-print-review'), 'es');
  await page.goto(`/admin/applications/${seeded.submittedId}/print`);
  const document = page.locator('[data-print-document]');
  const checklist = document.getByRole('region', { name: es('admin.review.documents.title') });
  const scores = document.getByRole('region', { name: es('admin.scoring.title') });
  await expect(checklist.getByRole('term').filter({ hasText: 'owner_id.pdf' }).locator('xpath=..')).toContainText(es('admin.review.documents.rejected', { reason }));
  await expect(checklist.getByRole('term').filter({ hasText: 'con-javascript.pdf' }).locator('xpath=..')).toContainText(es('admin.review.documents.verified'));
  await expect(checklist.getByRole('term').filter({ hasText: 'formulario-firmado.pdf' }).locator('xpath=..')).toContainText(es('admin.review.documents.unchecked'));
  await expect(scores.getByTestId('print-score-average')).toHaveText('Promedio: 50 de 100 (2 evaluadores)');
  await expect(scores.getByRole('listitem')).toHaveCount(2);
  await expect(scores.getByRole('listitem').filter({ hasText: ': 100 de 100' })).toHaveCount(1);
  await expect(scores.getByRole('listitem').filter({ hasText: ': 0 de 100' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'print view with the review (es)');
  await page.screenshot({ path: shotPath('admin-applications-print-review-es'), fullPage: true });
  // In English on paper (the document's language), at 360 px.
  await page.getByLabel(fieldLabel(es('admin.print.language'))).selectOption('en');
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(document.getByRole('region', { name: t('en', 'admin.scoring.title') }).getByTestId('print-score-average')).toHaveText('Average: 50 out of 100 (2 reviewers)');
  await expect(document.getByRole('region', { name: t('en', 'admin.review.documents.title') })).toContainText(t('en', 'admin.review.documents.verified'));
  await expectNoAxeViolations(page, 'print view with the review (en document, 360 px)');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath('admin-applications-print-review-en-360'), fullPage: true });

  // Ana reads her application (the change request asks her to replace the ID: she reads its reason as the message),
  // but neither the checklist, nor a verdict, nor a score.
  const context = await browser.newContext({ locale: 'es-PR' });
  const applicant = await context.newPage();
  await signIn(applicant, seeded.ana, 'es');
  for (const path of [applicationPath(seeded.submittedId), applicationPath(seeded.submittedId, 3), applicationPath(seeded.submittedId, 'submit'), '/panel/programs/my']) {
    await applicant.goto(path);
    await expect(applicant.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(applicant.getByText(reason).first()).toBeVisible();
    const main = applicant.locator('main');
    for (const secret of [es('admin.review.documents.title'), es('admin.review.documents.verified'), es('admin.scoring.title'), 'de 100', 'Verified', 'Score']) {
      await expect(main, `${path}: ${secret}`).not.toContainText(secret);
    }
  }
  await context.close();
});

for (const locale of languagesOf('en')) {
  test(`the applications screens have no axe violations at 360 px (${locale})`, async ({ page }) => {
    test.setTimeout(150_000);
    const seeded = await seed(`admin-apps-a11y-${locale}`);
    await page.setViewportSize({ width: 360, height: 800 });
    await openApplications(page, locale, `admin-apps-a11y-${locale}`);
    await search(page, locale, seeded.token);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
    await expectNoAxeViolations(page, `applications list (${locale}, 360)`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: shotPath(`admin-applications-list-${locale}-360`), fullPage: true });
    for (const review of [1, 2, 3, 4] as const) {
      await page.goto(`/admin/applications/${seeded.submittedId}/${review}`);
      await expect(stepNav(page, locale).getByRole('link', { name: t(locale, `admin.review.page${review}`) })).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
      await expectNoAxeViolations(page, `review page ${review} (${locale}, 360)`);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`admin-applications-review${review}-${locale}-360`), fullPage: true });
    }
    await page.goto(`/admin/applications/${seeded.draftId}/1`);
    await page.getByRole('button', { name: t(locale, 'admin.review.close') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolations(page, `close dialog (${locale}, 360)`);
    await page.getByRole('alertdialog').getByRole('button', { name: t(locale, 'ui.confirm.cancel') }).click();
    await page.goto(`/admin/applications/${seeded.submittedId}/print`);
    await expect(page.locator('[data-print-document]')).toHaveAttribute('lang', locale);
    await expectNoAxeViolations(page, `print view (${locale}, 360)`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: shotPath(`admin-applications-print-${locale}-360`), fullPage: true });
  });
}

test('search, open, move between the review pages and close a draft with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const seeded = await seed('admin-apps-keyboard');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);
  await openApplications(page, 'es', 'admin-apps-keyboard');
  await tabTo(page, page.getByLabel(fieldLabel(es('admin.applications.search'))));
  await page.keyboard.type(`martinez ${seeded.token}`);
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 solicitud encontrada', { exact: true })).toBeVisible();
  await tabTo(page, reviewLink(page, 'es', seeded.draftId, seeded.draftName));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/applications/${seeded.draftId}/1`);
  await tabTo(page, stepNav(page, 'es').getByRole('link', { name: es('admin.review.page2') }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/admin/applications/${seeded.draftId}/2`);
  const close = page.getByRole('button', { name: es('admin.review.close') });
  await tabTo(page, close);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(close).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: es('admin.review.close') }), 5);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: es('admin.review.reopen') })).toBeVisible();
});
