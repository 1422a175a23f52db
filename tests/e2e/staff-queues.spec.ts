// Staff's queues in the browser (docs/decisions/040-staff-queues-and-history.md), with the keyboard alone: a program's
// review target set on the program form; the list's days in status with the mark past the target; three applications
// selected and their review started in one go, the draft refused by name and left selected; the draft assigned to
// the staff member; "Assigned to me" and "Unassigned"; axe clean in es or en (both: E2E_ALL=1), at 1280 and 360 px.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { newStaff } from './support/admin.ts';
import { ageApplication, apiSignIn, applyTo, completeSteps, createProgram, incubatorSurvey } from './support/apply.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, switchLanguage, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

interface Seeded {
  token: string;
  programId: number;
  sent: Array<{ id: number; name: string }>;
  draft: { id: number; name: string };
}

/** A program of the test's own with two submitted applications (one waiting five days) and a draft. */
async function seed(label: string): Promise<Seeded> {
  const token = Math.random().toString(36).slice(2, 8);
  const programId = await createProgram(`Colas ${token}`, 'incubator', `Queues ${token}`);
  const sent: Seeded['sent'] = [];
  for (const first of ['Ana', 'Berta']) {
    const person = await createAccount(`${label}-${first}`, { first_name: first, last_name: `Cola ${token}` });
    const api = await apiSignIn(person);
    await api.call('PUT', '/me/survey', incubatorSurvey);
    const id = await applyTo(api, programId);
    await completeSteps(api, id, [1, 2, 3, 4, 5, 6]);
    await api.call('POST', `/applications/${id}/submit`);
    sent.push({ id, name: `${first} Cola ${token}` });
  }
  await ageApplication(sent[0]?.id ?? 0, 5);
  const carla = await createAccount(`${label}-carla`, { first_name: 'Carla', last_name: `Cola ${token}` });
  const draftId = await applyTo(await apiSignIn(carla), programId);
  return { token, programId, sent, draft: { id: draftId, name: `Carla Cola ${token}` } };
}

const catalogue = (locale: Locale): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../../locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** A message with its plural forms worded, as react-intl words it on screen (shell.ts's t() fills simple names only). */
function formatted(locale: Locale, id: string, values: Record<string, string | number> = {}): string {
  const text = catalogue(locale)[id];
  if (text === undefined) throw new Error(`no message ${id} in ${locale}.json`);
  return String(new IntlMessageFormat(text, locale).format(values));
}

/** Presses a control from the keyboard: focus reaches it as Tab would, then the key acts on it. */
async function press(page: Page, name: RegExp | string, role: 'button' | 'checkbox' | 'link', key = role === 'checkbox' ? 'Space' : 'Enter'): Promise<void> {
  const control = page.getByRole(role, { name, exact: typeof name === 'string' });
  await control.focus();
  await expect(control).toBeFocused();
  await page.keyboard.press(key);
}

for (const locale of languagesOf('es')) {
  test(`staff set a review target, see days in status, start reviews and assign in bulk, and read their queues, by keyboard (${locale})`, async ({ page }) => {
    test.setTimeout(180_000);
    const seeded = await seed(`queues-${locale}`);
    const tr = (id: string, values?: Record<string, string | number>) => formatted(locale, id, values);
    const staff = await newStaff(`queues-${locale}`, { first_name: 'Rita', last_name: `Revisora ${seeded.token}` });
    await signIn(page, staff, 'es');
    if (locale === 'en') await switchLanguage(page, 'en');

    // The program form: a target of 2 days (typed, saved with Enter).
    await page.goto(`/admin/programs?q=${seeded.token}`);
    await press(page, tr('admin.programs.editNamed', { name: locale === 'es' ? `Colas ${seeded.token}` : `Queues ${seeded.token}` }), 'button');
    const target = page.getByLabel(fieldLabel(tr('admin.programs.field.review_target_days')));
    await target.focus();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(target).toBeHidden();

    await page.goto(`/admin/applications?program_id=${seeded.programId}&sort=status_since`);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(4);
    const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
    const [ana, berta] = seeded.sent;
    if (!ana || !berta) throw new Error('seed');
    // The longest waiting first, marked past the target in words; the others not.
    await expect(table.getByRole('row').nth(1)).toContainText(ana.name);
    await expect(rowOf(ana.name)).toContainText(tr('admin.applications.days', { count: 5 }));
    await expect(rowOf(ana.name)).toContainText(tr('admin.applications.overTarget', { target: 2 }));
    await expect(rowOf(berta.name)).toContainText(tr('admin.applications.days', { count: 0 }));
    await expect(rowOf(berta.name)).not.toContainText(tr('admin.applications.overTarget', { target: 2 }));
    await expect(rowOf(seeded.draft.name)).toContainText(tr('admin.applications.unassigned'));
    await expectNoAxeViolations(page, `applications list with queues (${locale})`);
    await page.screenshot({ path: shotPath(`staff-queues-list-${locale}`), fullPage: true });

    // Select the whole page with the header's box, then start the reviews: the draft is refused by name.
    await press(page, tr('admin.applications.bulk.selectPage'), 'checkbox');
    await expect(page.getByText(tr('admin.applications.bulk.selected', { count: 3 }))).toBeVisible();
    await press(page, tr('admin.applications.bulk.startReview'), 'button');
    const report = page.getByRole('alert').filter({ hasText: tr('admin.applications.bulk.done', { count: 2 }) });
    await expect(report).toBeVisible();
    await expect(report).toContainText(tr('admin.applications.bulk.refused', { count: 1 }));
    await expect(report.getByRole('listitem')).toHaveCount(1);
    await expect(report.getByRole('listitem')).toContainText(`${seeded.draft.id}`);
    await expect(report.getByRole('listitem')).toContainText(seeded.draft.name);
    await expect(rowOf(ana.name)).toContainText(tr('programs.applicationStatus.in_review'));
    // Only the refused stays selected; the started ones are the staff member's now, and back to 0 days.
    await expect(page.getByText(tr('admin.applications.bulk.selected', { count: 1 }))).toBeVisible();
    await expect(page.getByRole('checkbox', { name: tr('admin.applications.bulk.selectOne', { id: seeded.draft.id, name: seeded.draft.name }) })).toBeChecked();
    await expect(rowOf(ana.name)).toContainText(`Rita Revisora ${seeded.token}`);
    await expect(rowOf(ana.name)).toContainText(tr('admin.applications.days', { count: 0 }));
    await expectNoAxeViolations(page, `bulk report (${locale})`);
    await page.screenshot({ path: shotPath(`staff-queues-report-${locale}`), fullPage: true });

    // The draft (still selected) is assigned to the staff member.
    await press(page, tr('admin.applications.bulk.dismiss'), 'button');
    const reviewer = page.getByLabel(fieldLabel(tr('admin.applications.bulk.reviewer')));
    await reviewer.focus();
    await reviewer.selectOption({ label: `Rita Revisora ${seeded.token}` });
    await press(page, tr('admin.applications.bulk.assign'), 'button');
    await expect(page.getByRole('alert').filter({ hasText: tr('admin.applications.bulk.done', { count: 1 }) })).toBeVisible();
    await expect(rowOf(seeded.draft.name)).toContainText(`Rita Revisora ${seeded.token}`);

    // Queues: all three are mine, none of the program's is unassigned; a search keeps the queue.
    await press(page, tr('admin.applications.queue.mine'), 'link');
    await expect(page).toHaveURL(/queue=mine/);
    await expect(page.getByRole('link', { name: tr('admin.applications.queue.mine') })).toHaveAttribute('aria-current', 'page');
    await page.getByLabel(fieldLabel(tr('admin.applications.search'))).fill(seeded.token);
    await press(page, tr('admin.applications.searchButton'), 'button');
    await expect(page).toHaveURL(/queue=mine/);
    await expect(table.getByRole('row')).toHaveCount(4);
    await press(page, tr('admin.applications.queue.unassigned'), 'link');
    await page.getByLabel(fieldLabel(tr('admin.applications.search'))).fill(seeded.token);
    await press(page, tr('admin.applications.searchButton'), 'button');
    await expect(page.getByText(tr('admin.applications.none'))).toBeVisible();

    // The history of Ana's application: staff's changes in words, from which status to which, and her e-mails.
    await page.goto(`/admin/applications/${ana.id}/1`);
    const history = page.getByRole('region', { name: tr('admin.history.title') });
    const staffName = `Rita Revisora ${seeded.token}`;
    await expect(history.getByRole('listitem').filter({ hasText: tr('admin.history.op.startAdminApplicationReview', { who: staffName }) })).toContainText(
      tr('admin.history.status', { from: tr('programs.applicationStatus.submitted'), to: tr('programs.applicationStatus.in_review') }),
    );
    // Ana wrote in Spanish (her account's language): the two e-mails, sending and review started, wait for delivery or were delivered.
    const mails = history.getByRole('listitem').filter({ hasText: /\((ES|EN)\)/ });
    await expect(mails).toHaveCount(2);
    await expect(mails.first()).toContainText(new RegExp(`${tr('admin.history.mail.sent')}|${tr('admin.history.mail.waiting')}`));
    await expectNoAxeViolations(page, `application history (${locale})`);
    await history.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`staff-queues-history-${locale}`), fullPage: true });
    // Its CSV, by keyboard: the header and the one audit entry (starting the review also made Rita the reviewer).
    const download = page.waitForEvent('download');
    await press(page, tr('admin.history.export'), 'button');
    const csv = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(csv.trim().split(/\r?\n/)).toHaveLength(2);
    expect(csv).toContain('startAdminApplicationReview');

    // The printed application ends with the decision (none yet) and the history, oldest first.
    await page.goto(`/admin/applications/${ana.id}/print`);
    const printed = page.locator('[data-print-document]');
    await expect(printed.getByRole('heading', { name: tr('admin.print.decision') })).toBeVisible();
    await expect(printed).toContainText(tr('admin.print.noDecision'));
    const printedHistory = printed.getByRole('region', { name: tr('admin.history.title') });
    await expect(printedHistory.getByRole('listitem')).toHaveCount(3);
    await expect(printedHistory).toContainText(tr('admin.history.op.startAdminApplicationReview', { who: staffName }));

    // The program's history beside its form: the target set earlier.
    await page.goto(`/admin/programs?q=${seeded.token}`);
    await press(page, tr('admin.programs.editNamed', { name: locale === 'es' ? `Colas ${seeded.token}` : `Queues ${seeded.token}` }), 'button');
    await expect(page.getByRole('region', { name: tr('admin.history.title') })).toContainText(tr('admin.history.fields', { fields: tr('admin.programs.field.review_target_days') }));

    // The audit log of a range of days: a backwards range is refused on its field.
    await page.goto('/admin/users');
    const range = page.getByRole('region', { name: tr('admin.history.rangeTitle') });
    await range.getByLabel(fieldLabel(tr('admin.history.rangeFrom'))).fill('2026-02-01');
    await range.getByLabel(fieldLabel(tr('admin.history.rangeTo'))).fill('2026-01-01');
    await press(page, tr('admin.history.rangeExport'), 'button');
    await expect(range).toContainText(tr('api.audit.rangeBackwards'));
    await expectNoAxeViolations(page, `audit range export (${locale})`);

    // At 360 px: the queues and the list, axe clean, nothing wider than the screen but the table's own scroller.
    await page.goto(`/admin/applications?program_id=${seeded.programId}&queue=mine`);
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expectNoAxeViolations(page, `applications queues (${locale}, 360)`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: shotPath(`staff-queues-list-${locale}-360`), fullPage: true });
  });
}
