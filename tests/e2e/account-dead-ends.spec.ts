// The account's dead ends, each in the browser: the terms and privacy page (footer, sign-up and
// step 6 link to it), the program's contact on the application confirmation, what happens after a reset request,
// "ask for a new link" on a refused reset link, and the e-mail filled in on sign-in after sign-up.
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, completeSteps, newApplicant, seededPrograms } from './support/apply.ts';
import { expectNoAxeViolations, uniqueEmail } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import {
  expectNoHorizontalScroll,
  fieldLabel,
  PASSWORD,
  shotPath,
  signIn,
  solveAltchaInBrowser,
  t,
  toastRegion,
  type Locale,
} from './support/shell.ts';
import { languagesOf } from './support/selection.ts';


/** Opens the app with `locale` chosen on this device (the switcher's stored choice). */
async function useLocale(page: Page, locale: Locale): Promise<void> {
  await page.addInitScript((chosen) => window.localStorage.setItem('language', chosen), locale);
}

async function programContact(): Promise<{ email: string; phone: string }> {
  return (await (await fetch(`${baseURL}/api/contact`)).json()) as { email: string; phone: string };
}

for (const locale of languagesOf('en')) {
  test.describe(`dead ends (${locale})`, () => {
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    test.beforeEach(async ({ page }) => useLocale(page, locale));

    test('the footer leads to the terms and privacy page, titled, with the contact, accessible at 360 px', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: L('app.footer.terms') }).click();
      await expect(page).toHaveURL(/\/terms$/);
      await expect(page).toHaveTitle(`${L('terms.page.title')} | ${L('app.shortName')}`);
      await expect(page.getByRole('heading', { level: 1, name: L('terms.page.title') })).toBeFocused();
      // The text comes from the catalogue: its headings are headings.
      const firstHeading = /^## (.+)$/m.exec(L('terms.page.body'))?.[1] ?? '';
      await expect(page.getByRole('heading', { level: 2, name: firstHeading })).toBeVisible();
      const contact = await programContact();
      await expect(page.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
      await expectNoAxeViolations(page, `terms (${locale})`);
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`account-terms-360-${locale}`), fullPage: true });
    });

    test('after a reset request the page says what happens next, and it stays after the toast is gone', async ({ page }) => {
      const email = uniqueEmail(`reset-next-${locale}`);
      await page.goto('/password/reset');
      await page.getByLabel(fieldLabel(L('auth.reset.email'))).fill(email);
      await page.getByRole('button', { name: L('auth.reset.submit') }).click();
      const next = page.getByRole('region', { name: L('auth.reset.sentTitle') });
      await expect(next.getByRole('heading', { name: L('auth.reset.sentTitle') })).toBeFocused();
      await expect(next).toContainText(email);
      await expect(next).toContainText(locale === 'es' ? 'durante 3 días' : 'for 3 days');
      await expect(next).toContainText(L('auth.reset.sentSpam'));
      await expectNoAxeViolations(page, `reset requested (${locale})`);
      await page.screenshot({ path: shotPath(`account-reset-sent-${locale}`), fullPage: true });
      // The toast goes after its 3 seconds; the page still says it.
      await expect(toastRegion(page, 'top').getByText(L('api.reset.sent'))).toBeHidden();
      await expect(next).toBeVisible();
      // Another address: the form comes back.
      await next.getByRole('button', { name: L('auth.reset.sendAgain') }).click();
      await expect(page.getByLabel(fieldLabel(L('auth.reset.email')))).toBeVisible();
    });

    test('a refused reset link offers a new one, which leads to the reset request page', async ({ page }) => {
      // A link for an account with a made-up token: the server refuses it as invalid or expired.
      const uid = Buffer.from('1').toString('base64url');
      await page.goto(`/password/reset/confirm?uid=${uid}&token=${'x'.repeat(20)}`);
      await page.getByLabel(fieldLabel(L('auth.resetConfirm.password'))).fill('Otra-Clave-Segura-55');
      await page.getByLabel(fieldLabel(L('auth.resetConfirm.passwordConfirm'))).fill('Otra-Clave-Segura-55');
      await page.getByRole('button', { name: L('auth.resetConfirm.submit') }).click();
      await expect(page.getByText(L('auth.resetConfirm.invalidLink'))).toBeFocused();
      await expect(page.getByLabel(fieldLabel(L('auth.resetConfirm.password')))).toBeHidden();
      await expectNoAxeViolations(page, `reset link refused (${locale})`);
      await page.screenshot({ path: shotPath(`account-reset-refused-${locale}`), fullPage: true });
      await page.getByRole('link', { name: L('auth.resetConfirm.requestNew') }).click();
      await expect(page).toHaveURL(/\/password\/reset$/);
      await expect(page.getByLabel(fieldLabel(L('auth.reset.email')))).toBeVisible();
    });

    test('the confirmation page shows the program contact e-mail and phone', async ({ page }) => {
      const { account, api } = await newApplicant(`confirm-contact-${locale}`, locale);
      const id = await applyTo(api, seededPrograms.incubator.id);
      await completeSteps(api, id, [1, 2, 3, 4, 5, 6]);
      await api.call('POST', `/applications/${id}/submit`);
      await signIn(page, account, locale);
      await page.goto(applicationPath(id, 'confirmation'));
      await expect(page.getByRole('heading', { level: 1, name: L('application.confirmation.title') })).toBeVisible();
      const contact = await programContact();
      const block = page.getByRole('region', { name: L('application.confirmation.contactTitle') });
      await expect(block.getByRole('link', { name: contact.email })).toHaveAttribute('href', `mailto:${contact.email}`);
      await expect(block.getByRole('link', { name: contact.phone })).toHaveAttribute('href', /^tel:\+?\d+$/);
      await expectNoAxeViolations(page, `confirmation with contact (${locale})`);
      await page.setViewportSize({ width: 360, height: 740 });
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: shotPath(`account-confirmation-contact-360-${locale}`), fullPage: true });
    });
  });
}

test('sign-up links to the terms in a new tab, keeps what was typed, and then fills the e-mail on sign-in', async ({ page }) => {
  const es = (id: string) => t('es', id);
  const email = uniqueEmail('signup-prefill');
  await page.goto('/account/create');
  await page.getByLabel(fieldLabel(es('auth.register.firstName'))).fill('Marisol');
  await page.getByLabel(fieldLabel(es('auth.register.lastName'))).fill('Quiñones');
  await page.getByLabel(fieldLabel(es('auth.register.email'))).fill(email);
  await page.getByLabel(fieldLabel(es('auth.register.password'))).fill(PASSWORD);
  await page.getByLabel(fieldLabel(es('auth.register.passwordConfirm'))).fill(PASSWORD);

  // The terms open beside the form; the form keeps what was typed.
  const terms = page.getByRole('link', { name: es('terms.link.read') });
  await expect(terms).toHaveAttribute('href', '/terms');
  const [popup] = await Promise.all([page.waitForEvent('popup'), terms.click()]);
  await expect(popup.getByRole('heading', { level: 1, name: es('terms.page.title') })).toBeVisible();
  await popup.close();
  await expect(page.getByLabel(fieldLabel(es('auth.register.email')))).toHaveValue(email);
  await expectNoAxeViolations(page, 'sign-up with the terms link');
  await page.screenshot({ path: shotPath('account-signup-terms-link-es'), fullPage: true });

  await page.getByRole('checkbox', { name: es('auth.register.conditions') }).check();
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(fieldLabel(es('auth.login.email')))).toHaveValue(email);
  await expect(page.getByLabel(fieldLabel(es('auth.login.password')))).toHaveValue('');
});

test('step 6 links its conditions to the terms', async ({ page }) => {
  const { account, api } = await newApplicant('step6-terms');
  const id = await applyTo(api, seededPrograms.incubator.id);
  await signIn(page, account);
  await page.goto(applicationPath(id, 6));
  const terms = page.getByRole('link', { name: t('es', 'terms.link.read') });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(terms).toHaveAttribute('target', '_blank');
});
