// Change the sign-in e-mail from the profile, in Spanish or English (both: E2E_ALL=1), with the keyboard alone: the
// password is asked (a wrong one is named on its field), the page says a link went to the new address, the link that
// arrives at the real SMTP server on loopback makes the change (and signs this device out), and the old address's undo
// link brings it back. Each screen passes axe and fits 360 px (docs/decisions/046-account-safety.md).
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, uniqueEmail, waitForMail } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, storedUser, switchLanguage, t, tabTo } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

/** The path and query of the link to `page` in the newest matching e-mail to `address`. */
async function linkIn(address: string, page: 'confirm' | 'undo'): Promise<string> {
  const mail = await waitForMail(address, (text) => text.includes(`/account/email/${page}?token=`));
  const match = new RegExp(`https?://\\S+/account/email/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

const loginStatus = async (email: string, password: string): Promise<number> =>
  (
    await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    })
  ).status;

async function atPhoneWidth(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: shotPath(name), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}

for (const locale of languagesOf('es')) {
  test(`change the sign-in e-mail with the link sent to the new address, then undo it from the old one (${locale})`, async ({ page }) => {
    // Three screens in several states, each checked with axe and at 360 px: longer than one screen's test.
    test.setTimeout(240_000);
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    const account = await createAccount(`email-change-${locale}`, { language: locale });
    const newAddress = uniqueEmail(`email-new-${locale}`);

    await signIn(page, account);
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // This device's own choice, so the link pages (signed out once the change ends every session) stay in it.
    await switchLanguage(page, locale);
    const form = page.getByRole('form', { name: L('profile.email.title') });
    await expect(form).toBeVisible();
    await expect(form).toContainText(account.email);
    const email = form.getByLabel(fieldLabel(L('profile.email.new')));
    const password = form.getByLabel(fieldLabel(L('profile.email.password')));
    const submit = form.getByRole('button', { name: L('profile.email.save') });
    // The person fields no longer hold the sign-in e-mail.
    await expect(page.getByRole('form', { name: L('profile.person.title') }).getByRole('textbox', { name: /mail/i })).toHaveCount(0);

    // Nothing typed, sent with the keyboard: each field says what is missing, and the page stays accessible.
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expect(page.locator('#email-errors')).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, `e-mail form with errors (${locale})`);

    // A wrong password: the server names that field, in the page's language; nothing is sent anywhere.
    await tabTo(page, email);
    await page.keyboard.type(newAddress);
    await page.keyboard.press('Tab');
    await expect(password).toBeFocused();
    await page.keyboard.type('Not-My-Password-00');
    await page.keyboard.press('Enter');
    await expect(page.locator('#email-password-error')).toContainText(L('api.password.currentWrong'));
    await expectNoAxeViolations(page, `e-mail form with a wrong password (${locale})`);
    await atPhoneWidth(page, `account-email-error-360-${locale}`);

    // The right password: the form says a link went to the new address; nothing has changed yet.
    await password.fill('');
    await tabTo(page, password);
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(form.getByRole('status')).toHaveText(L('api.emailChange.requested'));
    await expect(email).toHaveValue('');
    expect(await loginStatus(account.email, account.password)).toBe(200);
    await expectNoAxeViolations(page, `e-mail form after the request (${locale})`);
    await page.screenshot({ path: shotPath(`account-email-requested-${locale}`), fullPage: true });

    // The link from the new address's message: a page that asks for the click (keyboard), then makes the change.
    await page.goto(await linkIn(newAddress, 'confirm'));
    await expect(page.getByRole('heading', { level: 1, name: L('account.emailConfirm.title') })).toBeVisible();
    await expectNoAxeViolations(page, `e-mail confirm page (${locale})`);
    await atPhoneWidth(page, `account-email-confirm-360-${locale}`);
    const confirmButton = page.getByRole('button', { name: L('account.emailConfirm.submit') });
    await tabTo(page, confirmButton);
    await page.keyboard.press('Enter');
    const confirmed = page.getByText(L('api.emailChange.confirmed', { email: newAddress }));
    await expect(confirmed).toBeFocused();
    await expect(page.getByRole('link', { name: L('account.emailConfirm.signIn') })).toBeVisible();
    await expectNoAxeViolations(page, `e-mail changed (${locale})`);
    // Every session ended, this device's too; the new address signs in, the old one no longer does.
    await expect.poll(async () => storedUser(page)).toBeNull();
    expect(await loginStatus(newAddress, account.password)).toBe(200);
    expect(await loginStatus(account.email, account.password)).toBe(401);
    // The same link again is refused, in the page's language.
    await page.reload();
    await page.getByRole('button', { name: L('account.emailConfirm.submit') }).click();
    await expect(page.getByText(L('api.emailChange.invalidLink'))).toBeFocused();
    await expectNoAxeViolations(page, `e-mail link refused (${locale})`);

    // The old address was told, with a link that undoes the change.
    await page.goto(await linkIn(account.email, 'undo'));
    await expect(page.getByRole('heading', { level: 1, name: L('account.emailUndo.title') })).toBeVisible();
    await expectNoAxeViolations(page, `e-mail undo page (${locale})`);
    await atPhoneWidth(page, `account-email-undo-360-${locale}`);
    const undoButton = page.getByRole('button', { name: L('account.emailUndo.submit') });
    await tabTo(page, undoButton);
    await page.keyboard.press('Enter');
    await expect(page.getByText(L('api.emailChange.undone', { email: account.email }))).toBeFocused();
    await expect(page.getByRole('link', { name: L('account.emailUndo.newPassword') })).toHaveAttribute('href', '/password/reset');
    await expectNoAxeViolations(page, `e-mail change undone (${locale})`);
    await page.screenshot({ path: shotPath(`account-email-undone-${locale}`), fullPage: true });
    expect(await loginStatus(account.email, account.password)).toBe(200);
    expect(await loginStatus(newAddress, account.password)).toBe(401);
  });
}
