// The second factor in the browser (docs/decisions/049-second-factor.md), in Spanish or English (both: E2E_ALL=1), by
// keyboard, axe clean: enrol an authenticator app from the profile (the code computed here with otplib from the key the
// page shows), sign in with a code, then "lose the device" and sign in with a recovery code.
import { expect, test, type Page } from '@playwright/test';
import { IntlMessageFormat } from 'intl-messageformat';
import { generate } from 'otplib';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { createAccount, fieldLabel, signIn, SIGN_IN_MS, startTheApp, switchLanguage, submitLogin, t, type Locale } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** The app's code half a step ahead: the enrolment spent the current step, and the server accepts one step either way. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function signOutHere(page: Page) {
  await page.evaluate(() => window.localStorage.clear());
}

async function openLogin(page: Page, locale: Locale) {
  await page.goto('/login');
  await startTheApp(page);
  if (locale === 'en') await switchLanguage(page, 'en');
}

for (const locale of languagesOf('es')) {
  test(`enrol an authenticator app, sign in with a code, then with a recovery code (${locale})`, async ({ page }) => {
    test.slow();
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    // The count of codes left is a plural: formatted as the app formats it.
    const codesLeft = (count: number) => String(new IntlMessageFormat(t(locale, 'profile.secondFactor.on'), locale).format({ count }));
    const account = await createAccount(`second-factor-${locale}`, { language: locale });
    await signIn(page, account);
    await page.goto('/profile');
    await page.getByRole('link', { name: L('profile.secondFactor.manage') }).click();
    await expect(page.getByRole('heading', { level: 1, name: L('profile.secondFactor.title') })).toBeVisible();
    await expectNoAxeViolations(page, `second factor, start (${locale})`);

    // Keyboard only: the password, then Enter (the app's own form: the passkeys' form asks for the password too).
    const app = page.getByRole('region', { name: L('profile.secondFactor.appTitle') });
    const password = app.getByLabel(fieldLabel(L('profile.secondFactor.password')));
    await password.focus();
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');

    // The QR code and the key as text; a first code confirms them.
    await expect(page.getByRole('heading', { name: L('profile.secondFactor.scanTitle') })).toBeVisible();
    await expect(page.getByRole('img', { name: L('profile.secondFactor.qrAlt') })).toBeVisible();
    const secret = (await page.locator('#sf-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoAxeViolations(page, `second factor, scan (${locale})`);
    const code = page.getByLabel(fieldLabel(L('profile.secondFactor.code')));
    await code.focus();
    await page.keyboard.type(await generate({ secret }));
    await page.keyboard.press('Enter');

    // Ten recovery codes, shown once.
    await expect(page.getByRole('heading', { name: L('profile.secondFactor.codesTitle') })).toBeVisible();
    const codes = await page.locator('#sf-recovery-codes li').allTextContents();
    expect(codes).toHaveLength(10);
    await expectNoAxeViolations(page, `second factor, recovery codes (${locale})`);
    await page.getByRole('button', { name: L('profile.secondFactor.codesSaved') }).press('Enter');
    await expect(page.getByRole('status').filter({ hasText: codesLeft(10) })).toBeVisible();

    // Sign in again: the password, then the app's code.
    await signOutHere(page);
    await openLogin(page, locale);
    await submitLogin(page, locale, account);
    await expect(page.getByRole('heading', { name: L('auth.secondFactor.title') })).toBeVisible({ timeout: SIGN_IN_MS });
    await expect(page.getByLabel(fieldLabel(L('auth.secondFactor.code')))).toBeFocused();
    await expectNoAxeViolations(page, `login, second step (${locale})`);
    // A wrong code is named on its field.
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(fieldLabel(L('auth.secondFactor.code')))).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, `login, wrong code (${locale})`);
    await page.getByLabel(fieldLabel(L('auth.secondFactor.code'))).fill(await nextCode(secret));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_MS });

    // The device is lost: a recovery code, once.
    await signOutHere(page);
    await openLogin(page, locale);
    await submitLogin(page, locale, account);
    await page.getByRole('button', { name: L('auth.secondFactor.useRecovery') }).press('Enter');
    const recovery = page.getByLabel(fieldLabel(L('auth.secondFactor.recoveryCode')));
    await expect(recovery).toBeFocused();
    await page.keyboard.type(codes[0]!);
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/, { timeout: SIGN_IN_MS });
    await page.goto('/profile/second-factor');
    await expect(page.getByRole('status').filter({ hasText: codesLeft(9) })).toBeVisible();
  });
}
