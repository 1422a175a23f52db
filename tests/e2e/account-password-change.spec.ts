// Change the password from the profile, in Spanish or English (both: E2E_ALL=1): errors shown (axe clean), a wrong
// current password named on its field, then the change: this tab stays signed in, another device's session ends,
// the "your password was changed" e-mail arrives; sign out and sign in with the new password only.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, waitForMail } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { createAccount, expectNoHorizontalScroll, fieldLabel, shotPath, signIn, storedUser, submitLogin, t, toastRegion } from './support/shell.ts';
import { languagesOf } from './support/selection.ts';

const NEW_PASSWORD = 'Ceiba-Guayaba-Trueno-81';

for (const locale of languagesOf('en')) {
  test(`change the password from the profile, then sign in with the new one (${locale})`, async ({ page }) => {
    const L = (id: string, values: Record<string, string | number> = {}) => t(locale, id, values);
    const account = await createAccount(`password-${locale}`, { language: locale });
    // Another device signed in before the change.
    const other = (await (
      await fetch(`${baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: account.password }),
      })
    ).json()) as { refresh: string };

    await signIn(page, account);
    await page.goto('/profile');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const form = page.getByRole('form', { name: L('profile.password.title') });
    await expect(form).toBeVisible();
    const current = form.getByLabel(fieldLabel(L('profile.password.current')));
    const fresh = form.getByLabel(fieldLabel(L('profile.password.new')));
    const confirm = form.getByLabel(fieldLabel(L('profile.password.confirm')));
    const submit = form.getByRole('button', { name: L('profile.password.save') });

    // Nothing typed: every field says what is missing, and the page stays accessible.
    await submit.click();
    await expect(page.locator('#password-errors')).toBeFocused();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, `password form with errors (${locale})`);

    // A wrong current password: the server names that field, in the page's language.
    await current.fill('Not-My-Password-00');
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await expect(page.locator('#password-current-error')).toContainText(L('api.password.currentWrong'));
    await expectNoAxeViolations(page, `password form with a wrong current password (${locale})`);
    await page.screenshot({ path: shotPath(`account-password-error-${locale}`), fullPage: true });
    // On a phone the form fits the width.
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await form.screenshot({ path: shotPath(`account-password-error-360-${locale}`) });
    await page.setViewportSize({ width: 1280, height: 720 });

    // The right one: the page says so, this tab keeps a (new) session, the other device's session is over.
    const before = await storedUser(page);
    await current.fill(account.password);
    await fresh.fill(NEW_PASSWORD);
    await confirm.fill(NEW_PASSWORD);
    await submit.click();
    await expect(form.getByRole('status')).toHaveText(L('api.password.changed'));
    await expect(toastRegion(page, 'bottom-right').getByText(L('api.password.changed'))).toBeVisible();
    await expect(current).toHaveValue('');
    await expect.poll(async () => (await storedUser(page))?.refresh).not.toBe(before?.refresh);
    const refused = await fetch(`${baseURL}/api/auth/session/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: other.refresh }),
    });
    expect(refused.status).toBe(401);
    await page.screenshot({ path: shotPath(`account-password-done-${locale}`), fullPage: true });

    // Still signed in after a reload (the stored session is the new one).
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: L('profile.page.title') })).toBeVisible();

    // The notice, in the person's language, says what to do if it was not them.
    const mail = await waitForMail(account.email, (text) => text.includes('/password/reset'));
    expect(mail.text).toContain(L('email.passwordChanged.text', { name: account.first_name }).split('\n')[0]);
    expect(mail.text).not.toContain(NEW_PASSWORD);

    // Sign out; the old password is refused, the new one signs in.
    await page.getByRole('button', { name: L('app.header.signOut'), exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    // Signed out, the page follows the device's language rule, not the account's: read which one it shows.
    const shown = (await page.locator('html').getAttribute('lang')) === 'en' ? 'en' : 'es';
    await submitLogin(page, shown, account);
    await expect(toastRegion(page, 'top').getByText(t(shown, 'api.error.badCredentials'), { exact: true })).toBeVisible();
    await submitLogin(page, shown, { email: account.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/panel\/programs$/);
  });
}
