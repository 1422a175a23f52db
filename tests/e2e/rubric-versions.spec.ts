// Scores are records, in the browser (docs/decisions/037-rubric-versions.md): staff edit, with the keyboard alone, a
// rubric whose version has a sheet, and the screen says what saving does (a new version, the sheet keeps its own); the
// decided application keeps its 72 on its review page (naming the version it was given under, scoring closed) and in
// the list; the program form explains why its sub-program cannot change and shows the server's refusal at the field.
// Step 4's ethnicity can be declined. axe clean in es and en, at 1280 and 360 px. The pre-incubator rubric is this
// spec's own: no other spec scores that sub-program.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { newStaff } from './support/admin.ts';
import { apiSignIn, applicationPath, applyTo, completeSteps, createProgram, expectSaved, newApplicant, stepOf, stepSection } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { expectNoHorizontalScroll, t, type Locale } from './support/shell.ts';
import { openAs } from './support/review.ts';

const SHOTS = '/tmp/shots-rubric-versions';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** Migration 0012's default rubric; SHEET makes 72 under it and would make 78 with "Equipo" out of 3. */
const DEFAULT = [
  { key: 'team', name_es: 'Equipo', name_en: 'Team', weight: 3, max_score: 5 },
  { key: 'problem', name_es: 'Problema y solución', name_en: 'Problem and solution', weight: 2, max_score: 5 },
  { key: 'market', name_es: 'Mercado', name_en: 'Market', weight: 2, max_score: 5 },
  { key: 'feasibility', name_es: 'Viabilidad', name_en: 'Feasibility', weight: 2, max_score: 5 },
  { key: 'fit', name_es: 'Encaje con el programa', name_en: 'Fit with the program', weight: 1, max_score: 5 },
];
const SHEET = { team: 4, problem: 4, market: 3, feasibility: 4, fit: 2 };

test('a rubric edit makes a new version and the decided application keeps its 72; the sub-program stays; es and en, 360 px', async ({ browser }) => {
  const token = Math.random().toString(36).slice(2, 8);
  const name = `Preincubadora ${token}`;
  const programId = await createProgram(name, 'pre_incubator', `Pre-incubator ${token}`);
  const { account: applicant, api } = await newApplicant(`rubric-versions-${token}`, 'es');
  const applicationId = await applyTo(api, programId);
  await completeSteps(api, applicationId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${applicationId}/submit`);
  // A second application, sent and still open to scoring: Rita scores it too, before the edit.
  const other = await newApplicant(`rubric-versions-open-${token}`, 'es');
  const openId = await applyTo(other.api, programId);
  await completeSteps(other.api, openId, [1, 2, 3, 4, 5, 6]);
  await other.api.call('POST', `/applications/${openId}/submit`);
  const rita = await newStaff(`rubric-versions-${token}`, { first_name: 'Rita', last_name: `Versiones ${token}` });
  const staffApi = await apiSignIn(rita);
  // The rubric as migration 0012 made it, whatever an earlier run did; then Rita's sheet (72) and a decision.
  const { version } = await staffApi.call<{ version: number }>('PUT', '/admin/rubrics/pre_incubator', { criteria: DEFAULT });
  // Scoring follows a declaration of no conflict of interest (docs/decisions/036-review-rules.md).
  for (const id of [applicationId, openId]) {
    await staffApi.call('PUT', `/admin/applications/${id}/conflict`, { conflict: false });
    await staffApi.call('PUT', `/admin/applications/${id}/scores`, { scores: SHEET });
  }
  await staffApi.call('POST', `/admin/applications/${applicationId}/review/start`);
  await staffApi.call('POST', `/admin/applications/${applicationId}/review/decision`, { decision: 'rejected', reason: 'Fuera del área del programa.' });

  // The rubric editor, in Spanish: it says the version has a sheet, so saving makes the next one. Keyboard alone.
  const page = await openAs(browser, rita, 'es');
  await page.goto('/admin/programs');
  const rubrics = page.getByRole('region', { name: t('es', 'admin.rubrics.title') });
  await rubrics.getByLabel(t('es', 'admin.rubrics.subProgram')).focus();
  await rubrics.getByLabel(t('es', 'admin.rubrics.subProgram')).selectOption('pre_incubator');
  await expect(rubrics.getByTestId('rubric-version')).toHaveText(
    `Versión ${version}: 2 hojas de puntuación, así que al guardar se crea la versión ${version + 1} y esas hojas conservan la versión ${version}.`,
  );
  const team = rubrics.getByRole('group', { name: t('es', 'admin.rubrics.criterion', { n: 1 }) }).getByLabel(t('es', 'admin.rubrics.max'));
  await team.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('3');
  await rubrics.getByRole('button', { name: t('es', 'admin.rubrics.save') }).focus();
  await page.keyboard.press('Enter');
  await expect(rubrics.getByRole('status')).toHaveText(t('es', 'admin.rubrics.saved'));
  await expect(rubrics.getByTestId('rubric-version')).toHaveText(`Versión ${version + 1}: aún sin hojas de puntuación, así que al guardar cambia esta versión.`);
  await expectNoAxeViolations(page, 'rubric editor after a new version, es');
  await shot(page, 'rubrics-es-1280');

  // The program form says why the sub-program cannot change, and shows the server's refusal at the field.
  await page.goto(`/admin/programs?q=${token}`);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: t('es', 'admin.programs.editNamed', { name }) }).click();
  const form = page.getByRole('form', { name: t('es', 'admin.programs.editTitle', { name }) });
  const subProgram = form.getByLabel(t('es', 'admin.programs.field.sub_program'), { exact: false });
  await expect(subProgram).toHaveAccessibleDescription(/No puede cambiar: el programa tiene 2 solicitudes enviadas, puntuadas con la rúbrica de este subprograma\./);
  await subProgram.selectOption('accelerator');
  await form.getByRole('button', { name: t('es', 'admin.programs.save') }).click();
  await expect(form.getByText(t('es', 'api.program.subProgramLocked'))).toBeVisible();
  await expect(subProgram).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page, 'program form refused, es');
  await shot(page, 'program-form-es-1280');

  // The decided application keeps 72, names the version it was given under, and takes no more sheets.
  await page.goto(`/admin/applications/${applicationId}/1`);
  const scoring = page.getByRole('region', { name: t('es', 'admin.scoring.title') });
  await expect(scoring.getByText(`Rita Versiones ${token}: 72 de 100 (versión ${version} de la rúbrica)`)).toBeVisible();
  await expect(page.getByTestId('score-average')).toContainText('72');
  await expect(scoring.getByTestId('scoring-closed')).toHaveText(t('es', 'admin.scoring.closed'));
  await expect(scoring.getByRole('button', { name: t('es', 'admin.scoring.save') })).toHaveCount(0);
  await expectNoAxeViolations(page, 'decided application scores, es');
  await shot(page, 'review-es-1280');
  // The open application: Rita's sheet names its older version, and saving again would give it under the new one.
  await page.goto(`/admin/applications/${openId}/1`);
  await expect(scoring.getByTestId('score-older-version')).toHaveText(
    `Sus puntuaciones se dieron con la versión ${version} de la rúbrica. La rúbrica está ahora en la versión ${version + 1}: si vuelve a guardarlas, se darán con la versión ${version + 1}.`,
  );
  await expect(scoring.getByText(`Rita Versiones ${token}: 72 de 100 (versión ${version} de la rúbrica)`)).toBeVisible();
  await expect(scoring.getByRole('button', { name: t('es', 'admin.scoring.save') })).toBeVisible();
  await expectNoAxeViolations(page, 'open application with a sheet of an older version, es');
  await page.goto(`/admin/applications?q=${encodeURIComponent(applicant.email)}`);
  await expect(page.getByRole('row').filter({ hasText: applicant.email })).toContainText('72 (1 evaluador)');
  await page.context().close();

  // In English on a 360 px screen: the same record.
  const small = await openAs(browser, rita, 'en', 360);
  await small.goto(`/admin/applications/${applicationId}/1`);
  const smallScoring = small.getByRole('region', { name: t('en', 'admin.scoring.title') });
  await expect(smallScoring.getByText(`Rita Versiones ${token}: 72 out of 100 (rubric version ${version})`)).toBeVisible();
  await expect(smallScoring.getByTestId('scoring-closed')).toHaveText(t('en', 'admin.scoring.closed'));
  await expectNoHorizontalScroll(small);
  await expectNoAxeViolations(small, 'decided application scores, en, 360 px');
  await shot(small, 'review-en-360');
  await small.goto('/admin/programs');
  const smallRubrics = small.getByRole('region', { name: t('en', 'admin.rubrics.title') });
  await smallRubrics.getByLabel(t('en', 'admin.rubrics.subProgram')).selectOption('pre_incubator');
  await expect(smallRubrics.getByTestId('rubric-version')).toHaveText(`Version ${version + 1}: no score sheets yet, so saving changes this version.`);
  await expectNoHorizontalScroll(small);
  await expectNoAxeViolations(small, 'rubric editor, en, 360 px');
  await shot(small, 'rubrics-en-360');
  await small.context().close();
});

for (const [locale, width] of [
  ['es', 1280],
  ['en', 360],
] as const satisfies ReadonlyArray<readonly [Locale, number]>) {
  test(`step 4's ethnicity can be declined with the keyboard (${locale}, ${width} px)`, async ({ browser }) => {
    const token = Math.random().toString(36).slice(2, 8);
    const programId = await createProgram(`Etnia ${token}`, 'incubator', `Ethnicity ${token}`);
    const { account, api } = await newApplicant(`ethnicity-${token}`, locale);
    const applicationId = await applyTo(api, programId);
    await completeSteps(api, applicationId, [1, 2, 3, 4]);
    const page = await openAs(browser, account, locale, width);
    await page.goto(applicationPath(applicationId, 3));
    const ethnicity = stepSection(page, 4).getByRole('group', { name: new RegExp(`^\\s*${t(locale, 'application.field.ethnicity')}`) });
    const answered = ethnicity.getByRole('radio', { name: t(locale, 'application.option.ethnicity.hispanic_or_latino'), exact: true });
    await expect(answered).toBeChecked();
    // A radio group is one stop for Tab; the arrows move the choice: Hispanic -> not Hispanic -> prefer not to answer.
    await answered.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const declined = ethnicity.getByRole('radio', { name: t(locale, 'application.option.ethnicity.prefer_not_to_answer'), exact: true });
    await expect(declined).toBeChecked();
    await expect(declined).toBeFocused();
    await expectSaved(page, 4, locale);
    await expect.poll(async () => (await stepOf(api, applicationId, 4)).data.ethnicity).toBe('prefer_not_to_answer');
    if (width === 360) await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `step 4 with ethnicity declined, ${locale}, ${width} px`);
    await ethnicity.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/step4-${locale}-${width}.png` });
    await page.context().close();
  });
}
