// Staff's daily work in the browser (docs/decisions/041-what-applicants-are-told.md): staff write a program's
// descriptions and appeal text in both languages with the keyboard, a denial without the appeal text is refused in the
// server's words and goes once it is written (the e-mail carries it and links to the application); the applicant reads
// the description; check-in at an event's door works at 360 px without sideways scrolling; the staff lists fit 360 px
// and break no word in the middle at 1280 px; a review page switch lands focus on that page's content; each checklist
// document opens in the browser; an empty drive space reads "no files" with no size. axe in es or en (both: E2E_ALL=1).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBoth } from './support/admin.ts';
import { apiSignIn, newApplicant } from './support/apply.ts';
import { expectNoAxeViolations, waitForMail } from './support/fixtures.ts';
import { checklist, openAs, openReview, reviewPanel, seedSubmitted, type Seeded } from './support/review.ts';
import { expectNoHorizontalScroll, fieldLabel, shotPath, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

const es = (id: string, values: Record<string, string | number> = {}) => t('es', id, values);
const APPEAL_ES = 'Puede pedir una reconsideración por escrito al programa dentro de 30 días.';
const APPEAL_EN = 'You may ask the program in writing for reconsideration within 30 days.';
const REASON = 'No cumple con el año de operación que pide el programa.';

/**
 * Words the page breaks in the middle: each word of the main content's visible text (not e-mails or file names, which
 * `break-all` may break on purpose, nor screen-reader-only text) whose letters sit on more than one line.
 */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const main = document.querySelector('main');
    if (!main) return ['(no main)'];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('.break-all, .sr-only, svg') || !parent.checkVisibility()) continue;
      for (const match of (node.textContent ?? '').matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.bottom)));
        if (lines.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/** The program form of `seeded`'s program, opened from the staff list (found by its name). */
async function openProgramForm(page: Page, seeded: Seeded) {
  await page.goto(`/admin/programs?q=${encodeURIComponent(seeded.programName.es)}`);
  await page.getByRole('button', { name: es('admin.programs.editNamed', { name: seeded.programName.es }) }).click();
  return page.getByRole('form', { name: es('admin.programs.editTitle', { name: seeded.programName.es }) });
}

/** Types into a field with the keyboard alone: Tab until it has focus, select what it holds, type. */
async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(fieldLabel(label), { exact: true });
  for (let stops = 0; stops < 40 && !(await field.evaluate((element) => element === document.activeElement)); stops += 1) await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

async function decide(page: Page, seeded: Seeded) {
  await reviewPanel(page).getByRole('button', { name: es('admin.review.decideButton') }).click();
  const dialog = page.getByRole('dialog', { name: es('admin.review.decide.title', { name: seeded.name }) });
  await dialog.getByRole('radio', { name: es('programs.applicationStatus.rejected'), exact: true }).check();
  await dialog.getByLabel(fieldLabel(es('admin.review.decide.reason'))).fill(REASON);
  await dialog.getByRole('button', { name: es('admin.review.decide.send') }).click();
  return dialog;
}

test('staff write descriptions and the appeal text; a denial needs it, and its e-mail carries it with a link', async ({ browser }) => {
  test.setTimeout(240_000);
  const seeded = await seedSubmitted('notices', 'es');
  // The program starts with no appeal text (the side door writes one): staff blank it through the real API first.
  const staffApi = await apiSignIn(seeded.staff);
  const program = await staffApi.call<Record<string, unknown> & { name: { es: string; en: string }; description: { es: string; en: string } }>('GET', `/admin/programs/${seeded.programId}`);
  await staffApi.call('PUT', `/admin/programs/${seeded.programId}`, {
    sub_program: program.sub_program,
    name_es: program.name.es,
    name_en: program.name.en,
    period: program.period,
    start_date: program.start_date,
    end_date: program.end_date,
    application_deadline: program.application_deadline,
    status: program.status,
    appeal_es: '',
    appeal_en: '',
  });
  const staff = await openAs(browser, seeded.staff, 'es');

  // A rejection without the appeal text is refused, in the server's words; the status stays in review.
  await openReview(staff, 'es', seeded);
  await reviewPanel(staff).getByRole('button', { name: es('admin.review.startReview') }).click();
  await expect(reviewPanel(staff).getByRole('button', { name: es('admin.review.decideButton') })).toBeVisible();
  await decide(staff, seeded);
  await expect(staff.getByText(es('api.review.appealMissing')).first()).toBeVisible();
  await expectNoAxeViolations(staff, 'denial refused (es)');
  await staff.keyboard.press('Escape');

  // The program form: both descriptions and both appeal texts, typed with the keyboard alone.
  const form = await openProgramForm(staff, seeded);
  await expect(form.getByLabel(fieldLabel(es('admin.programs.field.appeal_es')))).toHaveValue('');
  // From the form's first field on, with Tab and typing only.
  await form.getByLabel(fieldLabel(es('admin.programs.field.sub_program'))).focus();
  await typeInto(staff, es('admin.programs.field.description_es'), `Para negocios de un año o más ${seeded.programName.es}.`);
  await typeInto(staff, es('admin.programs.field.description_en'), `For businesses a year old or more ${seeded.programName.en}.`);
  await typeInto(staff, es('admin.programs.field.appeal_es'), APPEAL_ES);
  await typeInto(staff, es('admin.programs.field.appeal_en'), APPEAL_EN);
  await expect(form.getByLabel(fieldLabel(es('admin.programs.field.appeal_en')))).toHaveAttribute('lang', 'en');
  await expectNoAxeViolationsInBoth(staff, 'program form with descriptions and appeal', (locale) => staff.getByText(t(locale, 'admin.programs.appealHint')).first());
  await staff.screenshot({ path: shotPath('staff-program-appeal-es'), fullPage: true });
  await staff.getByRole('button', { name: es('admin.programs.save') }).focus();
  await staff.keyboard.press('Enter');
  await expect(form).toBeHidden();
  await expect(async () => {
    const saved = await staffApi.call<{ appeal: { es: string; en: string } }>('GET', `/admin/programs/${seeded.programId}`);
    expect(saved.appeal).toEqual({ es: APPEAL_ES, en: APPEAL_EN });
  }).toPass();

  // Now the denial goes; the applicant's e-mail carries the appeal text and the link to the application.
  await openReview(staff, 'es', seeded);
  const dialog = await decide(staff, seeded);
  await expect(dialog).toBeHidden();
  await expect(staff.getByLabel(es('admin.review.facts'), { exact: true })).toContainText(es('programs.applicationStatus.rejected'));
  const mail = await waitForMail(seeded.applicant.email, (text) => text.includes(REASON));
  expect(mail.text).toContain(APPEAL_ES);
  expect(mail.text).toMatch(new RegExp(`https?://[^\\s]+/panel/application/${seeded.applicationId}/1`));

  // Applicants read the description in their language on the program list.
  for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
    const { account } = await newApplicant(`notices-reader-${locale}`, locale);
    const reader = await openAs(browser, account, locale);
    await reader.goto('/panel/programs');
    const card = reader.getByRole('article', { name: seeded.programName[locale] });
    await expect(card).toContainText(locale === 'es' ? `Para negocios de un año o más ${seeded.programName.es}.` : `For businesses a year old or more ${seeded.programName.en}.`);
    await expectNoAxeViolations(reader, `program list with the description (${locale})`);
    await reader.context().close();
  }
});

for (const locale of languagesOf('en')) {
  test(`check-in at the door works at 360 px with the keyboard, without sideways scrolling (${locale})`, async ({ browser }) => {
    test.setTimeout(150_000);
    const seeded = await seedSubmitted(`door-${locale}`, locale);
    const staffApi = await apiSignIn(seeded.staff);
    const start = new Date(Date.now() + 5 * 86_400_000);
    const event = await staffApi.call<{ id: number }>('POST', '/admin/events', {
      kind: 'event',
      title_es: `Puerta ${seeded.programName.es}`,
      title_en: `Door ${seeded.programName.en}`,
      description_es: 'Taller presencial.',
      description_en: 'In-person workshop.',
      starts_at: start.toISOString(),
      ends_at: new Date(start.getTime() + 2 * 3_600_000).toISOString(),
      place: 'Salón 2, Mayagüez',
      link: '',
      capacity: 40,
      status: 'open',
    });
    const applicantApi = await apiSignIn(seeded.applicant);
    await applicantApi.call('POST', `/events/${event.id}/attendance`);

    const staff = await openAs(browser, seeded.staff, locale, 360);
    await staff.goto(`/admin/events/submission/${event.id}`);
    const checkIn = staff.getByRole('checkbox', { name: t(locale, 'admin.events.registrations.checkIn', { name: seeded.name }) });
    await expect(checkIn).not.toBeChecked();
    // In view at 360 px without scrolling the table sideways.
    await checkIn.scrollIntoViewIfNeeded();
    const box = await checkIn.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
    expect(await staff.locator('table').evaluate((table) => table.parentElement?.scrollLeft ?? -1)).toBe(0);
    await checkIn.focus();
    await staff.keyboard.press('Space');
    await expect(checkIn).toBeChecked();
    await expect(staff.getByText(t(locale, 'admin.events.done.checkedIn', { name: seeded.name })).first()).toBeVisible();
    await expectNoHorizontalScroll(staff);
    await expectNoAxeViolations(staff, `event door at 360 px (${locale})`);
    await staff.screenshot({ path: shotPath(`staff-door-360-${locale}`), fullPage: true });
  });
}

test('staff lists break no word at 1280 px and fit 360 px, in es and en; an empty drive space has no size', async ({ browser }) => {
  test.setTimeout(240_000);
  const seeded = await seedSubmitted('lists', 'es');
  const pages = [
    '/admin/applications',
    '/admin/programs',
    '/admin/events',
    '/admin/users',
    '/admin/news',
    '/admin/dashboard',
    '/admin/reports/hud',
    `/admin/programs/drive/${seeded.programId}`,
  ];
  for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
    const staff = await openAs(browser, seeded.staff, 'es');
    if (locale === 'en') await switchLanguage(staff, 'en');
    for (const path of pages) {
      await staff.setViewportSize({ width: 1280, height: 900 });
      await staff.goto(path);
      await expect(staff.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(staff.locator('main').getByRole('status').first()).not.toHaveText(t(locale, 'app.loading'));
      await expect(staff.locator('html')).toHaveAttribute('lang', locale);
      await expect.poll(() => brokenWords(staff), { message: `${path} at 1280 px (${locale})` }).toEqual([]);
      await staff.setViewportSize({ width: 360, height: 800 });
      await expectNoHorizontalScroll(staff);
      await staff.screenshot({ path: shotPath(`staff-list-360-${locale}-${path.split('/').slice(2).join('-')}`), fullPage: true });
    }
    // The applicant's space in the program's drive holds no file: "no files", and no size beside it.
    const space = staff.getByRole('listitem').filter({ hasText: seeded.applicant.email });
    await expect(space).toContainText(locale === 'es' ? 'sin archivos' : 'no files');
    await expect(space).not.toContainText('kB');
    await expectNoAxeViolations(staff, `program drive spaces (${locale})`);
    await staff.context().close();
  }
});

test('a review page switch lands on its content; each checklist document opens in the browser', async ({ browser }) => {
  test.setTimeout(150_000);
  const seeded = await seedSubmitted('review-focus', 'es');
  const staff = await openAs(browser, seeded.staff, 'es');
  await openReview(staff, 'es', seeded);

  // The checklist's "view": the document in the browser's PDF viewer, in a new tab.
  const first = checklist(staff, 'es').getByRole('listitem').first();
  const name = (await first.locator('span.font-semibold').first().textContent()) ?? '';
  const pdf = staff.waitForResponse((response) => /\/api\/applications\/\d+\/(files\/\d+|intake-form)$/.test(response.url()));
  const tab = staff.context().waitForEvent('page');
  await first.getByRole('button', { name: es('admin.review.view', { name }) }).click();
  expect((await pdf).headers()['content-type']).toContain('application/pdf');
  await (await tab).close();

  // With the keyboard: the page-3 link, Enter; focus is on page 3's content, and the next Tab stays in it.
  const nav = staff.getByRole('navigation', { name: es('admin.review.stepsNav') });
  await nav.getByRole('link', { name: es('admin.review.page3') }).focus();
  await staff.keyboard.press('Enter');
  await expect(staff).toHaveURL(`/admin/applications/${seeded.applicationId}/3`);
  const content = staff.getByRole('region', { name: es('admin.review.page3') });
  await expect(content).toBeFocused();
  await staff.keyboard.press('Tab');
  expect(await staff.evaluate(() => document.activeElement?.closest('#review-content') !== null)).toBe(true);
  await expectNoAxeViolationsInBoth(staff, 'review page 3 reached from its tab', (locale) => staff.getByRole('region', { name: t(locale, 'admin.review.page3') }));
});
