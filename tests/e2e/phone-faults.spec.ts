// Small faults found applying from a phone, in the browser, in Spanish or English (both: E2E_ALL=1), with axe
// (docs/decisions/042-partial-drafts-and-phone-faults.md): the SSN keeps the last four of a whole number; a step
// autosaves its valid fields while one is malformed, and a refused submit names every bad field; money as Puerto Rico
// writes it; AST; the spots left after a registration and none for a past event; the drive's rename, empty size and
// narrow buttons; the new account's language; the submit confirmation and a submitted step moving on.
// The server's side of the same faults: tests/server/phone-faults.test.ts.
import { expect, test, type Page } from '@playwright/test';
import {
  apiSignIn,
  applicationPath,
  applyTo,
  completeSteps,
  createProgram,
  expectSaved,
  fillBusinessStep,
  newApplicant,
  seededPrograms,
  stepOf,
  stepSection,
  tinyPdf,
  type Api,
} from './support/apply.ts';
import { expectNoAxeViolations, staffAccount, uniqueEmail } from './support/fixtures.ts';
import { fieldLabel, shotPath, signIn, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** "Quedan 30 espacios" / "30 spots left" (the catalog's plural, for more than one). */
const spotsLeft = (locale: Locale, count: number) => (locale === 'es' ? `Quedan ${count} espacios` : `${count} spots left`);
const field = (page: Page, locale: Locale, id: string) => page.getByLabel(fieldLabel(t(locale, id)), { exact: true });

/** The interface in `locale` before signing in (Spanish is the default). */
async function inLanguage(page: Page, locale: Locale): Promise<void> {
  if (locale === 'es') return;
  await page.goto('/login');
  await switchLanguage(page, locale);
}

for (const locale of languagesOf('es')) {
  const L = (id: string, values?: Record<string, string | number>) => t(locale, id, values);

  test(`SSN: a whole number typed or pasted keeps its last four, digits only (${locale})`, async ({ page }) => {
    const { account, api } = await newApplicant(`ssn-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await inLanguage(page, locale);
    await signIn(page, account, locale);

    // The profile: letters are not taken, a pasted whole number keeps its last four.
    await page.goto('/profile');
    const profileSsn = field(page, locale, 'profile.ssn.label');
    await profileSsn.pressSequentially('ab12');
    await expect(profileSsn).toHaveValue('12');
    await profileSsn.fill('123-45-6789');
    await expect(profileSsn).toHaveValue('6789');
    await page.getByRole('button', { name: L('profile.ssn.save') }).click();
    await expect(page.getByText(L('profile.ssn.current', { masked: '***-**-6789' }))).toBeVisible();
    await expectNoAxeViolations(page, `profile SSN (${locale})`);

    // Step 1: typed digit by digit, the whole number keeps its last four too, and that is what is saved.
    await page.goto(applicationPath(id, 1));
    const stepSsn = field(page, locale, 'application.person.ssnLast4');
    await stepSsn.fill('');
    await stepSsn.pressSequentially('987654321');
    await expect(stepSsn).toHaveValue('4321');
    await expectSaved(page, 1, locale);
    expect((await stepOf(api, id, 1)).data.ssn_last4).toBe('4321');
  });

  test(`a step saves its valid fields while one is malformed, and a refused submit names every bad field (${locale})`, async ({ page }) => {
    const { account, api } = await newApplicant(`partial-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await inLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto(applicationPath(id, 1));

    const phone = field(page, locale, 'profile.person.phone');
    await phone.fill('12ab');
    await field(page, locale, 'profile.person.city').fill('Mayagüez');
    await expectSaved(page, 1, locale);
    // The city reached the server; the malformed phone did not, and only it is marked.
    await expect.poll(async () => (await stepOf(api, id, 1)).data.city).toBe('Mayagüez');
    expect((await stepOf(api, id, 1)).data.phone ?? '').not.toBe('12ab');
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('[aria-invalid="true"]')).toHaveCount(1);

    // Submitting with a bad phone, postal code and SSN names all three at once.
    await field(page, locale, 'profile.person.postalCode').fill('abc');
    await field(page, locale, 'application.person.ssnLast4').fill('12');
    await stepSection(page, 1).getByRole('button', { name: L('application.step.submit', { step: 1 }) }).click();
    const summary = page.locator('#step-1-errors');
    await expect(summary).toBeFocused();
    for (const label of ['profile.person.phone', 'profile.person.postalCode', 'application.person.ssnLast4']) {
      await expect(summary.getByRole('link', { name: new RegExp(`^${L(label)}`) })).toHaveCount(1);
    }
    await expect(page).toHaveURL(applicationPath(id, 1));
    await expectNoAxeViolations(page, `step 1 with three bad fields (${locale})`);
    await page.screenshot({ path: shotPath(`phone-faults-step1-errors-${locale}`), fullPage: true });
  });

  test(`money as Puerto Rico writes it, "4,500.50" taken; confirm before submitting; a submitted step moves on (${locale})`, async ({ page }) => {
    test.setTimeout(120_000);
    const { account, api } = await newApplicant(`money-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await completeSteps(api, id, [1, 3, 4, 5, 6]);
    await inLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto(applicationPath(id, 2));
    await fillBusinessStep(page, locale);
    await field(page, locale, 'application.field.monthly_revenue').fill('4,500.50');
    await expectSaved(page, 2, locale);
    expect((await stepOf(api, id, 2)).data.monthly_revenue).toBe(4500.5);

    // "Submit step 2": the page moves on to step 3.
    await stepSection(page, 2).getByRole('button', { name: L('application.step.submit', { step: 2 }) }).click();
    await expect(page).toHaveURL(applicationPath(id, 3));
    expect((await stepOf(api, id, 2)).status).toBe('submitted');

    // "Check your answers" writes $4,500.50; "Submit application" asks first, and Cancel sends nothing.
    await page.goto(applicationPath(id, 'submit'));
    await expect(page.locator('main').getByText('$4,500.50', { exact: true })).toBeVisible();
    const submit = page.getByRole('button', { name: L('application.submit.button') });
    await submit.click();
    const dialog = page.getByRole('alertdialog', { name: L('application.submit.confirmTitle') });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: L('application.submit.confirm') })).toBeFocused();
    await expectNoAxeViolations(page, `submit confirmation (${locale})`);
    await page.screenshot({ path: shotPath(`phone-faults-confirm-${locale}`) });
    await dialog.getByRole('button', { name: L('ui.confirm.cancel') }).click();
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();
    expect((await api.call<{ status: string }>('GET', `/applications/${id}`)).status).toBe('draft');
    await submit.click();
    await dialog.getByRole('button', { name: L('application.submit.confirm') }).click();
    await expect(page).toHaveURL(applicationPath(id, 'confirmation'));
  });

  test(`events: AST, the spots left after a registration, none for a past event (${locale})`, async ({ page }) => {
    const staff: Api = await apiSignIn(await staffAccount());
    const startsAt = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    startsAt.setUTCHours(14, 0, 0, 0);
    const title = `Taller ${locale} ${Date.now().toString(36)}`;
    const event = await staff.call<{ id: number }>('POST', '/admin/events', {
      kind: 'event', title_es: title, title_en: title, description_es: '', description_en: '', starts_at: startsAt.toISOString(),
      ends_at: null, place: 'Ponce', link: null, capacity: 30, status: 'open',
    });
    await inLanguage(page, locale);
    await page.goto(`/submission/${event.id}`);
    await expect(page.locator('main').getByText(/10:00.*AST/)).toBeVisible();
    await expect(page.locator('main').getByText('GMT', { exact: false })).toHaveCount(0);
    await expect(page.getByText(spotsLeft(locale, 30), { exact: true })).toBeVisible();

    await field(page, locale, 'events.form.name').fill('Ana Rivera');
    await field(page, locale, 'events.form.email').fill(uniqueEmail('spots'));
    await field(page, locale, 'events.form.phone').fill('787-555-0123');
    await field(page, locale, 'events.form.howHeard').selectOption('social');
    await page.getByRole('checkbox', { name: L('events.form.conditions') }).click();
    const widget = page.locator('altcha-widget');
    await widget.getByRole('checkbox').click({ force: true });
    await expect(widget.locator('[data-state="verified"]')).toBeVisible();
    await page.getByRole('button', { name: L('events.form.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: L('events.form.registered') })).toBeVisible();
    await expect(page.getByText(spotsLeft(locale, 29), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, `event after a registration (${locale})`);

    // A past event (the demo seed has one): unavailable, and no spots offered.
    const past = (await staff.call<{ results: Array<{ id: number; starts_at: string | null; capacity: number | null }> }>('GET', '/admin/events?page_size=100')).results.find(
      (row) => row.starts_at !== null && new Date(row.starts_at).getTime() < Date.now() && row.capacity !== null,
    );
    expect(past, 'the demo seed has a past event with a capacity').toBeDefined();
    await page.goto(`/submission/${past!.id}`);
    await expect(page.getByRole('alert')).toContainText(L('events.unavailable'));
    await expect(page.getByText(L('events.facts.spots'), { exact: true })).toHaveCount(0);
  });

  test(`drive: 0 kB when empty, a rename keeps the extension, whole words at 360 px (${locale})`, async ({ page }) => {
    const programId = await createProgram(`Drive ${locale} ${Date.now().toString(36)}`, 'accelerator');
    const { account, api } = await newApplicant(`drive-faults-${locale}`, locale);
    await applyTo(api, programId);
    await inLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto(`/panel/programs/my/drive/${programId}`);
    // Nothing stored yet: "0 kB", not "1 kB".
    const quota = page.getByText(new RegExp(`^${L('drive.quota', { used: 'USED', quota: 'QUOTA' }).replace('USED', '0\\skB').replace('QUOTA', '500\\sMB').replace('.', '\\.')}$`));
    await expect(quota).toBeVisible();

    // A file, renamed without its extension: it keeps ".pdf"; the dialog says it will.
    await page.getByLabel(new RegExp(L('drive.upload.label'))).setInputFiles({ name: 'licencia.pdf', mimeType: 'application/pdf', buffer: tinyPdf() });
    const fileRow = page.getByRole('row').filter({ hasText: 'licencia.pdf' });
    await expect(fileRow).toBeVisible();
    await fileRow.getByRole('button', { name: `${L('drive.rename')} licencia.pdf` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(L('drive.name.keepsExtension', { extension: '.pdf' }))).toBeVisible();
    await dialog.getByLabel(L('drive.name.newName')).fill('licencia renombrada');
    await dialog.getByRole('button', { name: L('drive.rename') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: 'licencia renombrada.pdf' })).toBeVisible();

    // At 360 px "Cambiar nombre" / "Rename" stays whole: the button is one line high.
    await page.setViewportSize({ width: 360, height: 800 });
    const rename = page.getByRole('button', { name: `${L('drive.rename')} licencia renombrada.pdf` });
    await expect(rename).toBeVisible();
    const box = await rename.boundingBox();
    expect(box?.height ?? 0).toBeLessThan(50);
    await expectNoAxeViolations(page, `drive at 360 px (${locale})`);
    await page.screenshot({ path: shotPath(`phone-faults-drive-360-${locale}`), fullPage: true });
  });
}

test('/account/create: the preferred language follows the screen’s until the person picks one', async ({ page }) => {
  await page.goto('/account/create');
  const language = (locale: Locale) => page.getByLabel(fieldLabel(t(locale, 'auth.register.language')), { exact: true });
  await expect(language('es')).toHaveValue('es');
  await switchLanguage(page, 'en');
  await expect(language('en')).toHaveValue('en');
  await expectNoAxeViolations(page, 'create account (en)');
  // Chosen by the person, it stays whatever the screen's language.
  await language('en').selectOption('es');
  await switchLanguage(page, 'es');
  await switchLanguage(page, 'en');
  await expect(language('en')).toHaveValue('es');
});
