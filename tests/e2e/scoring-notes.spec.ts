// Scoring and internal notes in the browser (docs/decisions/033-scoring-and-notes.md): a reviewer
// scores a submitted application against the default incubator rubric and adds a note; a second reviewer (English,
// 360 px) scores too and reads both totals and the average; the average shows in staff's list; only a note's author
// edits it (it shows "edited") or deletes it (a dialog asks); the rubric editor's errors at their fields with a summary
// that takes focus. axe clean es and en.
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { newStaff } from './support/admin.ts';
import { applyTo, completeSteps, createProgram, newApplicant } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { expectNoHorizontalScroll, t } from './support/shell.ts';
import { declareNoConflictThroughApi, openAs, score } from './support/review.ts';

const SHOTS = '/tmp/shots-scoring-notes';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

// The default incubator rubric of migration 0012: weights 3, 2, 2, 2, 1; every maximum 5.
const FIRST = { team: 5, problem: 4, market: 3, feasibility: 2, fit: 1 }; // (3*5 + 2*4 + 2*3 + 2*2 + 1*1) / 5 / 10 = 68%
const SECOND = { team: 5, problem: 5, market: 5, feasibility: 5, fit: 5 }; // 100%
const NOTE = 'Nota interna: revisar el contrato de arrendamiento.';

test('two reviewers score an application, one adds a note, the average shows on the page and in the list', async ({ browser }) => {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Puntuación ${token}`, 'incubator', `Scoring ${token}`);
  const { account: applicant, api } = await newApplicant(`scoring-${token}`, 'es');
  const applicationId = await applyTo(api, programId);
  await completeSteps(api, applicationId, [1, 2, 3, 4, 5, 6]);
  await api.call('POST', `/applications/${applicationId}/submit`);
  const rita = await newStaff(`scoring-a-${token}`, { first_name: 'Rita', last_name: `Puntos ${token}` });
  const omar = await newStaff(`scoring-b-${token}`, { first_name: 'Omar', last_name: `Puntos ${token}` });
  // Each declares no conflict of interest before scoring (docs/decisions/036-review-rules.md), through the API here
  // (the screen's declaration is tests/e2e/review-audit-journey.spec.ts's).
  for (const reviewer of [rita, omar]) await declareNoConflictThroughApi(reviewer, applicationId);

  // Rita, in Spanish: scores, reads her total, adds a note.
  const first = await openAs(browser, rita, 'es');
  await first.goto(`/admin/applications/${applicationId}/1`);
  const scoring = first.getByRole('region', { name: t('es', 'admin.scoring.title') });
  await expect(scoring.getByText(t('es', 'admin.scoring.noScores'))).toBeVisible();
  // A score over the maximum (and the four left empty) is refused before it is sent, worded with the maximum.
  await scoring.locator('#score-team').fill('9');
  await scoring.getByRole('button', { name: t('es', 'admin.scoring.save') }).click();
  await expect(scoring.getByText(t('es', 'admin.scoring.scoreRange', { max: 5 }))).toHaveCount(5);
  await expect(scoring.locator('#score-team')).toHaveAttribute('aria-invalid', 'true');
  await score(first, 'es', FIRST);
  await expect(first.getByTestId('score-average')).toContainText('68');
  await expect(scoring.getByText(`Rita Puntos ${token}: 68 de 100`)).toBeVisible();
  const notes = first.getByRole('region', { name: t('es', 'admin.notes.title') });
  await notes.getByLabel(t('es', 'admin.notes.field')).fill(NOTE);
  await notes.getByRole('button', { name: t('es', 'admin.notes.add') }).click();
  await expect(notes.getByRole('listitem').filter({ hasText: NOTE })).toContainText(`Rita Puntos ${token}`);
  await expectNoAxeViolations(first, 'scoring and notes, es');
  await shot(first, 'review-es');

  // Omar, in English on a 360 px screen: his sheet makes the average (68 + 100) / 2 = 84.
  const second = await openAs(browser, omar, 'en', 360);
  await second.goto(`/admin/applications/${applicationId}/1`);
  await expect(second.getByRole('region', { name: t('en', 'admin.notes.title') }).getByText(NOTE)).toBeVisible();
  await score(second, 'en', SECOND);
  await expect(second.getByTestId('score-average')).toContainText('Average: 84 out of 100 (2 reviewers)');
  await expectNoHorizontalScroll(second);
  await expectNoAxeViolations(second, 'scoring and notes, en, 360 px');
  await shot(second, 'review-en-360');

  // Staff's list shows the average and how many scored.
  await first.goto(`/admin/applications?q=${encodeURIComponent(applicant.email)}`);
  const row = first.getByRole('row').filter({ hasText: applicant.email });
  await expect(row).toContainText('84 (2 evaluadores)');
  await expectNoAxeViolations(first, 'applications list with scores, es');
  await shot(first, 'list-es');
  await first.context().close();
  await second.context().close();
});

test('only its author edits a note (it then shows "edited") or deletes it after a dialog asks; axe es and en at 360 px', async ({ browser }) => {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Notas ${token}`, 'incubator', `Notes ${token}`);
  const { api } = await newApplicant(`notes-${token}`, 'es');
  const applicationId = await applyTo(api, programId);
  const rita = await newStaff(`notes-a-${token}`, { first_name: 'Rita', last_name: `Notas ${token}` });
  const omar = await newStaff(`notes-b-${token}`, { first_name: 'Omar', last_name: `Notas ${token}` });
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  const page = await openAs(browser, rita, 'es');
  await page.goto(`/admin/applications/${applicationId}/1`);
  const notes = page.getByRole('region', { name: es('admin.notes.title') });
  for (const text of [NOTE, `Segunda nota ${token}`]) {
    await notes.getByLabel(es('admin.notes.field')).fill(text);
    await notes.getByRole('button', { name: es('admin.notes.add') }).click();
    await expect(notes.getByRole('listitem').filter({ hasText: text })).toBeVisible();
  }
  // Newest first: the first note is the second item (by position: while edited, its text is a field's value).
  const mine = notes.getByRole('listitem').nth(1);
  await expect(mine).toContainText(NOTE);

  // Edit in place: an empty text is refused in place; Cancel gives focus back; a saved edit shows "editada".
  await mine.getByRole('button', { name: es('admin.notes.edit') }).click();
  const field = mine.getByLabel(es('admin.notes.editField'));
  await expect(field).toBeFocused();
  await field.fill('   ');
  await mine.getByRole('button', { name: es('admin.notes.save') }).click();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(mine.getByText(es('api.field.required'))).toBeVisible();
  await expectNoAxeViolations(page, 'note being edited, with its error (es)');
  await mine.getByRole('button', { name: es('ui.confirm.cancel') }).click();
  await expect(mine.getByRole('button', { name: es('admin.notes.edit') })).toBeFocused();
  await mine.getByRole('button', { name: es('admin.notes.edit') }).click();
  const edited = `${NOTE} Revisado ${token}.`;
  await mine.getByLabel(es('admin.notes.editField')).fill(edited);
  await mine.getByRole('button', { name: es('admin.notes.save') }).click();
  const editedItem = notes.getByRole('listitem').filter({ hasText: edited });
  await expect(editedItem).toContainText(es('admin.notes.edited', { time: '' }).trim());
  await expect(editedItem.getByRole('button', { name: es('admin.notes.edit') })).toBeFocused();
  await shot(page, 'note-edited-es');

  // Delete asks first: Cancel keeps it (focus back on Delete), confirming removes it.
  const second = notes.getByRole('listitem').nth(0);
  await expect(second).toContainText(`Segunda nota ${token}`);
  const remove = second.getByRole('button', { name: es('admin.notes.delete') });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: es('admin.notes.deleteTitle') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, 'delete note dialog (es)');
  await shot(page, 'note-delete-dialog-es');
  await dialog.getByRole('button', { name: es('ui.confirm.cancel') }).click();
  await expect(remove).toBeFocused();
  await remove.click();
  await dialog.getByRole('button', { name: es('admin.notes.delete') }).click();
  await expect(page.getByText(es('admin.notes.deleted')).first()).toBeVisible();
  await expect(notes.getByRole('listitem')).toHaveCount(1);
  await expect(notes.getByRole('heading', { name: es('admin.notes.title') })).toBeFocused();

  // Omar (English, 360 px) reads Rita's note, edited, but is offered neither Edit nor Delete on it; his own has both.
  const other = await openAs(browser, omar, 'en', 360);
  await other.goto(`/admin/applications/${applicationId}/1`);
  const hisView = other.getByRole('region', { name: t('en', 'admin.notes.title') });
  const ritas = hisView.getByRole('listitem').filter({ hasText: edited });
  await expect(ritas).toContainText(t('en', 'admin.notes.edited', { time: '' }).trim());
  await expect(ritas.getByRole('button')).toHaveCount(0);
  await hisView.getByLabel(t('en', 'admin.notes.field')).fill(`Omar's note ${token}`);
  await hisView.getByRole('button', { name: t('en', 'admin.notes.add') }).click();
  const his = hisView.getByRole('listitem').filter({ hasText: `Omar's note ${token}` });
  await his.getByRole('button', { name: t('en', 'admin.notes.delete') }).click();
  await expect(other.getByRole('alertdialog', { name: t('en', 'admin.notes.deleteTitle') })).toBeVisible();
  await expectNoHorizontalScroll(other);
  await expectNoAxeViolations(other, 'delete note dialog (en, 360 px)');
  await shot(other, 'note-delete-dialog-en-360');
  await other.keyboard.press('Escape');
  await expect(his.getByRole('button', { name: t('en', 'admin.notes.delete') })).toBeFocused();
  await his.getByRole('button', { name: t('en', 'admin.notes.edit') }).click();
  await expectNoAxeViolations(other, 'note being edited (en, 360 px)');
  await shot(other, 'note-editing-en-360');
  await page.context().close();
  await other.context().close();
});

test('staff rename a criterion of the accelerator rubric on the programs page; axe clean es and en at 360 px', async ({ browser }) => {
  const token = Math.random().toString(36).slice(2, 8);
  const staff = await newStaff(`rubric-${token}`);
  for (const [locale, width] of [
    ['es', 1280],
    ['en', 360],
  ] as const) {
    const page = await openAs(browser, staff, locale, width);
    await page.goto('/admin/programs');
    const section = page.getByRole('region', { name: t(locale, 'admin.rubrics.title') });
    await section.getByLabel(t(locale, 'admin.rubrics.subProgram')).selectOption('accelerator');
    const first = section.getByRole('group', { name: t(locale, 'admin.rubrics.criterion', { n: 1 }) });
    await first.getByLabel(t(locale, 'admin.rubrics.nameEn')).fill(`Team ${locale} ${token}`);
    await section.getByRole('button', { name: t(locale, 'admin.rubrics.save') }).click();
    await expect(section.getByRole('status')).toHaveText(t(locale, 'admin.rubrics.saved'));
    await expect(first.getByLabel(t(locale, 'admin.rubrics.nameEn'))).toHaveValue(`Team ${locale} ${token}`);
    if (width === 360) await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `rubric editor, ${locale}, ${width} px`);
    await shot(page, `rubrics-${locale}-${width}`);
    await page.context().close();
  }
});

test('a refused rubric shows each error at its field and a summary at the top that takes focus and links to them', async ({ browser }) => {
  const token = Math.random().toString(36).slice(2, 8);
  const staff = await newStaff(`rubric-errors-${token}`);
  for (const [locale, width] of [
    ['es', 1280],
    ['en', 360],
  ] as const) {
    const page = await openAs(browser, staff, locale, width);
    await page.goto('/admin/programs');
    const section = page.getByRole('region', { name: t(locale, 'admin.rubrics.title') });
    // The student incubator's rubric, never saved here: the refused save changes nothing.
    await section.getByLabel(t(locale, 'admin.rubrics.subProgram')).selectOption('student_incubator');
    const second = section.getByRole('group', { name: t(locale, 'admin.rubrics.criterion', { n: 2 }) });
    const third = section.getByRole('group', { name: t(locale, 'admin.rubrics.criterion', { n: 3 }) });
    const name = second.getByLabel(t(locale, 'admin.rubrics.nameEn'));
    const weight = third.getByLabel(t(locale, 'admin.rubrics.weight'));
    await name.fill('   ');
    await weight.fill('0');
    await section.getByRole('button', { name: t(locale, 'admin.rubrics.save') }).click();

    // The summary, at the top of the form, has focus and names each field with its criterion.
    const summary = section.getByRole('heading', { name: t(locale, 'ui.errorSummary.title') }).locator('..');
    await expect(summary).toBeFocused();
    const nameLink = summary.getByRole('link', {
      name: t(locale, 'ui.errorSummary.item', { field: t(locale, 'admin.rubrics.fieldOf', { n: 2, field: t(locale, 'admin.rubrics.nameEn') }), message: t(locale, 'api.field.required') }),
    });
    const weightLink = summary.getByRole('link', {
      name: t(locale, 'ui.errorSummary.item', { field: t(locale, 'admin.rubrics.fieldOf', { n: 3, field: t(locale, 'admin.rubrics.weight') }), message: t(locale, 'api.field.minimum', { limit: 1 }) }),
    });
    await expect(nameLink).toBeVisible();
    // The field carries its own error: invalid, and described by the error's words; the others are not.
    const escape = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(escape(t(locale, 'api.field.required')));
    await expect(section.getByRole('group', { name: t(locale, 'admin.rubrics.criterion', { n: 1 }) }).getByLabel(t(locale, 'admin.rubrics.nameEn'))).not.toHaveAttribute('aria-invalid');
    if (width === 360) await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page, `rubric editor errors, ${locale}, ${width} px`);
    await shot(page, `rubric-errors-${locale}-${width}`);
    // The link moves focus to its field.
    await nameLink.click();
    await expect(name).toBeFocused();
    // Fixed, the next save is refused for the weight: the summary takes focus again and links to it.
    await name.fill(`Problem ${token}`);
    await section.getByRole('button', { name: t(locale, 'admin.rubrics.save') }).click();
    await expect(weightLink).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(nameLink).toHaveCount(0);
    await expect(name).not.toHaveAttribute('aria-invalid');
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await expect(weight).toHaveAccessibleDescription(escape(t(locale, 'api.field.minimum', { limit: 1 })));
    await weightLink.click();
    await expect(weight).toBeFocused();
    await page.context().close();
  }
});
