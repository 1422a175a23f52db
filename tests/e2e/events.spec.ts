// Events in the browser: a visitor registers interest from the landing page (captcha solved in the browser) and the
// e-mail arrives; the same e-mail again gets the duplicate message; a visitor registers on /submission/:id with the
// keyboard alone; an applicant attends an event from the panel and cancels it; axe in es or en (both: E2E_ALL=1) and at
// 360 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, uniqueEmail, waitForMail } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, startTheApp, switchLanguage, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

interface PublicEvent {
  id: number;
  kind: 'interest' | 'event';
  available: boolean;
  title: { es: string; en: string };
}

/** The seeded upcoming event that takes registrations (server/events/seed.ts), found through the public API. */
async function openEvent(): Promise<PublicEvent> {
  for (let id = 1; id <= 10; id += 1) {
    const response = await fetch(`${baseURL}/api/events/${id}`);
    if (response.status !== 200) continue;
    const event = (await response.json()) as PublicEvent;
    if (event.kind === 'event' && event.available) return event;
  }
  throw new Error('no open event seeded');
}

async function useLanguage(page: Page, locale: Locale): Promise<void> {
  await page.goto('/');
  if (locale === 'en') await switchLanguage(page, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

/** Fills the registration form inside `scope` with the mouse and keyboard as a visitor does, captcha included. */
async function fillRegistration(scope: Locator, locale: Locale, email: string): Promise<void> {
  await scope.getByLabel(fieldLabel(t(locale, 'events.form.name'))).fill('Lucía Ramos');
  await scope.getByLabel(fieldLabel(t(locale, 'events.form.email'))).fill(email);
  await scope.getByLabel(fieldLabel(t(locale, 'events.form.phone'))).fill('787-555-0199');
  await scope.getByLabel(fieldLabel(t(locale, 'events.form.howHeard'))).selectOption('recommendation');
  await scope.getByRole('checkbox', { name: t(locale, 'events.form.conditions') }).click();
  const widget = scope.locator('altcha-widget');
  await widget.getByRole('checkbox').click({ force: true });
  await expect(widget.locator('[data-state="verified"]')).toBeVisible();
}

// The card's buttons name their event to screen readers: "Asistir: <title>".
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const attendName = (title: string) => new RegExp(`^Asistir\\s*:\\s*${escape(title)}$`);
const cancelName = (title: string) => new RegExp(`^Cancelar asistencia\\s*:\\s*${escape(title)}$`);

const interestBlock = (page: Page) => page.getByRole('region', { name: t('es', 'home.interest.title') });

test('a visitor registers interest from the landing page and gets the e-mail; the same e-mail again is a duplicate', async ({ page }) => {
  const email = uniqueEmail('interest');
  await page.goto('/');
  // The interest form comes from the API: it shows once the visitor acts and the app has taken the page over.
  await startTheApp(page);
  const block = interestBlock(page);
  // The captcha's code is not part of the landing page: it loads once the visitor starts on the form.
  await expect(block.getByText(t('es', 'events.form.captchaLater'))).toBeVisible();
  await expect(page.locator('altcha-widget')).toHaveCount(0);
  await fillRegistration(block, 'es', email);
  await block.getByRole('button', { name: t('es', 'events.form.submit') }).click();
  await expect(block.getByRole('status')).toContainText(t('es', 'events.form.registered'));
  await expect(page).toHaveURL(`${baseURL}/`);
  const mail = await waitForMail(email);
  expect(mail.text).toContain('Lucía Ramos');
  expect(mail.text).toContain('/submission/');

  await page.reload();
  await startTheApp(page);
  await fillRegistration(interestBlock(page), 'es', email.toUpperCase());
  await interestBlock(page).getByRole('button', { name: t('es', 'events.form.submit') }).click();
  await expect(interestBlock(page).getByRole('alert')).toContainText('Ya se ha enviado un registro con este correo electrónico.');
  // A missing field is named in the summary before anything is sent.
  await interestBlock(page).getByRole('button', { name: t('es', 'events.form.useAnother') }).click();
  await interestBlock(page).getByLabel(fieldLabel(t('es', 'events.form.name'))).fill('');
  await interestBlock(page).getByRole('button', { name: t('es', 'events.form.submit') }).click();
  await expect(interestBlock(page).getByRole('link', { name: new RegExp(t('es', 'events.form.name')) })).toBeVisible();
});

test('a visitor registers for an event on /submission/:id with the keyboard alone, and gets the e-mail with the event', async ({ page }) => {
  const event = await openEvent();
  const email = uniqueEmail('keyboard');
  await useLanguage(page, 'en');
  await page.goto(`/submission/${event.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'events.registration.title'));
  await expect(page.getByRole('heading', { level: 2, name: event.title.en })).toBeVisible();

  const name = page.getByLabel(fieldLabel(t('en', 'events.form.name')));
  await name.focus();
  await page.keyboard.type('Lucía Ramos');
  await page.keyboard.press('Tab');
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('787-555-0199');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(fieldLabel(t('en', 'events.form.howHeard')))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: t('en', 'events.form.conditions') })).toBeFocused();
  await page.keyboard.press('Space');
  // Past the terms link to the captcha's own checkbox.
  const captchaBox = page.locator('altcha-widget').getByRole('checkbox');
  for (let presses = 0; presses < 4; presses += 1) {
    await page.keyboard.press('Tab');
    if (await captchaBox.evaluate((box) => box === document.activeElement)) break;
  }
  await expect(captchaBox).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: t('en', 'events.form.submit') })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: t('en', 'events.form.registered') })).toBeVisible();
  const mail = await waitForMail(email);
  expect(mail.to).toContain(email);
});

test('an applicant attends an event from the panel with one click and cancels it after confirming', async ({ page }) => {
  const event = await openEvent();
  const account = await createAccount('attend');
  await signIn(page, account);
  await page.getByRole('navigation', { name: t('es', 'panel.nav.label') }).getByRole('link', { name: t('es', 'panel.nav.events') }).click();
  await expect(page).toHaveURL(/\/panel\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'panel.events.title'));
  const card = page.getByRole('article', { name: event.title.es });
  await card.getByRole('button', { name: attendName(event.title.es) }).click();
  await expect(card.getByText(t('es', 'events.panel.attending'))).toBeVisible();
  // The confirmation (with its .ics file) reaches the account's address.
  await waitForMail(account.email);

  // Cancelling asks first; "keep" keeps it.
  await card.getByRole('button', { name: cancelName(event.title.es) }).click();
  const dialog = page.getByRole('alertdialog', { name: t('es', 'events.cancel.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('es', 'events.cancel.keep') }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByText(t('es', 'events.panel.attending'))).toBeVisible();
  await card.getByRole('button', { name: cancelName(event.title.es) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('es', 'events.cancel.confirm') }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
  await expect(card.getByRole('button', { name: attendName(event.title.es) })).toBeEnabled();
  await expect(card.getByText(t('es', 'events.panel.attending'))).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: event.title.es }).getByRole('button', { name: attendName(event.title.es) })).toBeVisible();
  // An unknown panel path still goes to programs.
  await page.goto('/panel/events/nothing-here');
  await expect(page).toHaveURL(/\/panel\/programs$/);
});

for (const locale of languagesOf('es')) {
  test(`the events screens have no axe violations (${locale}), also at 360 px`, async ({ page }) => {
    const event = await openEvent();
    const account = await createAccount(`events-a11y-${locale}`, { language: locale });
    await useLanguage(page, locale);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await startTheApp(page);
      const block = page.getByRole('region', { name: t(locale, 'home.interest.title') });
      await block.getByLabel(fieldLabel(t(locale, 'events.form.name'))).focus();
      await expect(block.locator('altcha-widget .altcha')).toBeVisible();
      await block.getByRole('button', { name: t(locale, 'events.form.submit') }).click();
      await expect(block.getByRole('link', { name: new RegExp(t(locale, 'events.form.name')) })).toBeVisible();
      await expectNoAxeViolations(page, `landing interest form with errors ${locale} ${width}`);
      await expectNoHorizontalScroll(page);
      await block.screenshot({ path: shotPath(`events-interest-${locale}-${width}`) });

      await page.goto(`/submission/${event.id}`);
      await page.getByLabel(fieldLabel(t(locale, 'events.form.name'))).focus();
      await expect(page.locator('altcha-widget .altcha')).toBeVisible();
      await expectNoAxeViolations(page, `submission ${locale} ${width}`);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`events-submission-${locale}-${width}`), fullPage: true });
    }
    await signIn(page, account, locale);
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/panel/events');
      const card = page.getByRole('article', { name: event.title[locale] });
      await expect(card).toBeVisible();
      await expectNoAxeViolations(page, `panel events ${locale} ${width}`);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`events-panel-${locale}-${width}`), fullPage: true });
    }
    const card = page.getByRole('article', { name: event.title[locale] });
    await card.getByRole('button', { name: new RegExp(t(locale, 'events.panel.cancel').split('<')[0]!) }).or(card.getByRole('button', { name: new RegExp(t(locale, 'events.panel.attend').split('<')[0]!) })).first().click();
    if (await page.getByRole('alertdialog').isVisible()) await expectNoAxeViolations(page, `cancel dialog ${locale}`);
  });
}
