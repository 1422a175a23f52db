// Password reset through the real e-mail (issue "The SPA shell", test 2): ask on /password/reset, open the link the
// SMTP server caught, choose a new password, sign in with it; the old password no longer works, nor does the link.
import { expect, test } from '@playwright/test';
import { waitForMail } from './support/fixtures.ts';
import { createAccount, fieldLabel, shotPath, submitLogin, t, toastRegion } from './support/shell.ts';

const NEW_PASSWORD = 'Flamboyan-Coquí-Marea-77';

test('reset the password with the link from the e-mail, then sign in with the new one only', async ({ page }) => {
  const account = await createAccount('reset');
  const es = (id: string) => t('es', id);
  const top = toastRegion(page, 'top');

  // Ask for the link: the success toast at the top shows the server's `detail` as it was sent.
  await page.goto('/login');
  await page.getByRole('link', { name: es('auth.login.forgotPassword') }).click();
  await expect(page).toHaveURL(/\/password\/reset$/);
  await expect(page.getByRole('heading', { level: 1, name: es('auth.reset.title') })).toBeFocused();
  await page.getByLabel(fieldLabel(es('auth.reset.email'))).fill(account.email);
  await page.getByRole('button', { name: es('auth.reset.submit') }).click();
  await expect(top.getByText(es('api.reset.sent'), { exact: true })).toBeVisible();
  // The page itself says what happens next, in place of the form (docs/decisions/017-account-dead-ends.md).
  await expect(page.getByRole('heading', { name: es('auth.reset.sentTitle') })).toBeFocused();
  await expect(page.getByLabel(fieldLabel(es('auth.reset.email')))).toBeHidden();

  // The e-mail the real SMTP server received carries the link to the confirm page.
  const mail = await waitForMail(account.email, (text) => text.includes('/password/reset/confirm?'));
  const match = /https?:\/\/\S+\/password\/reset\/confirm\?\S+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const link = new URL(match?.[0] ?? '');
  expect(link.searchParams.get('uid')).toBeTruthy();
  expect(link.searchParams.get('token')).toBeTruthy();

  // Open it and choose a new password: success toast with the server's `detail`, then the login page.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: es('auth.resetConfirm.title') })).toBeVisible();
  await page.getByLabel(fieldLabel(es('auth.resetConfirm.password'))).fill(NEW_PASSWORD);
  await page.getByLabel(fieldLabel(es('auth.resetConfirm.passwordConfirm'))).fill(NEW_PASSWORD);
  await page.screenshot({ path: shotPath('reset-confirm-es') });
  await page.getByRole('button', { name: es('auth.resetConfirm.submit') }).click();
  await expect(top.getByText(es('api.reset.done'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password fails with the server's message; the new one signs in.
  await submitLogin(page, 'es', { email: account.email, password: account.password });
  await expect(top.getByText(es('api.error.badCredentials'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await submitLogin(page, 'es', { email: account.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(/\/panel\/programs$/);

  // The link is spent once the password changed: the server says so form-wide (non_field_errors), and the
  // docs/product.md section 8 toast shows that message.
  await page.getByRole('button', { name: es('app.header.signOut'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto(link.pathname + link.search);
  await page.getByLabel(fieldLabel(es('auth.resetConfirm.password'))).fill('Otra-Clave-Segura-55');
  await page.getByLabel(fieldLabel(es('auth.resetConfirm.passwordConfirm'))).fill('Otra-Clave-Segura-55');
  await page.getByRole('button', { name: es('auth.resetConfirm.submit') }).click();
  await expect(top.getByText(es('api.reset.invalidLink'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/password\/reset\/confirm\?/);
});
