// The applicant's first visit end to end (issue "The SPA shell", test 1): create the account in the browser with the
// ALTCHA widget, sign in with "Remember me", edit the profile and the SSN last 4, reload, sign out.
import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/fixtures.ts';
import { fieldLabel, PASSWORD, shotPath, solveAltchaInBrowser, storedUser, submitLogin, t, toastRegion } from './support/shell.ts';

test('create an account, sign in remembered, edit the profile, reload, sign out', async ({ page }) => {
  const email = uniqueEmail('journey');
  const es = (id: string, values?: Record<string, string | number>) => t('es', id, values);

  // Create the account: every field, the conditions, and the captcha solved by the widget in this browser.
  await page.goto('/');
  await page.getByRole('navigation', { name: es('app.header.navLabel') }).getByRole('link', { name: es('app.header.createAccount') }).click();
  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: es('auth.register.title') })).toBeFocused();
  await page.getByLabel(fieldLabel(es('auth.register.firstName'))).fill('Marisol');
  await page.getByLabel(fieldLabel(es('auth.register.lastName'))).fill('Quiñones Ortiz');
  await page.getByLabel(fieldLabel(es('auth.register.email'))).fill(email);
  await page.getByLabel(fieldLabel(es('auth.register.password'))).fill(PASSWORD);
  await page.getByLabel(fieldLabel(es('auth.register.passwordConfirm'))).fill(PASSWORD);
  await expect(page.getByLabel(fieldLabel(es('auth.register.language')))).toHaveValue('es');
  await page.getByRole('checkbox', { name: es('auth.register.conditions') }).check();
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(toastRegion(page, 'bottom-right').getByText(es('auth.register.success'))).toBeVisible();

  // Sign in with "Remember me": the session record and the remembered e-mail are stored.
  await submitLogin(page, 'es', { email, password: PASSWORD }, { remember: true });
  await expect(page).toHaveURL(/\/panel\/programs$/);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.programs.title') })).toBeVisible();
  const user = await storedUser(page);
  expect(user).not.toBeNull();
  expect(typeof user?.access).toBe('string');
  expect(user?.access.split('.')).toHaveLength(3);
  expect(typeof user?.refresh).toBe('string');
  expect(user?.refresh.length).toBeGreaterThan(20);
  expect(user?.is_staff).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('remember'))).toBe(email);

  // The profile: several Person fields on one form, the SSN last 4 on its own.
  await page.getByRole('navigation', { name: es('app.header.navLabel') }).getByRole('link', { name: es('app.header.profile') }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: es('profile.page.title') })).toBeFocused();
  const person = page.getByRole('form', { name: es('profile.person.title') });
  await expect(person.getByLabel(fieldLabel(es('profile.person.firstName')))).toHaveValue('Marisol');
  // The sign-in e-mail is shown on its own form, which changes it with the password (docs/decisions/046-account-safety.md).
  await expect(page.getByRole('form', { name: es('profile.email.title') })).toContainText(email);
  await person.getByLabel(fieldLabel(es('profile.person.lastName'))).fill('Quiñones Rivera');
  await person.getByLabel(fieldLabel(es('profile.person.gender'))).selectOption('female');
  await person.getByLabel(fieldLabel(es('profile.person.phone'))).fill('787-555-0142');
  await person.getByLabel(fieldLabel(es('profile.person.physicalLine1'))).fill('Calle Sol 12');
  await person.getByLabel(fieldLabel(es('profile.person.city'))).fill('Ponce');
  await person.getByLabel(fieldLabel(es('profile.person.postalCode'))).fill('00716');
  await person.getByRole('checkbox', { name: es('profile.person.postalSame') }).check();
  await expect(person.getByLabel(fieldLabel(es('profile.person.postalLine1')))).toBeHidden();
  await person.getByRole('button', { name: es('profile.person.save') }).click();
  await expect(toastRegion(page, 'bottom-right').getByText(es('profile.person.saved'))).toBeVisible();

  const ssn = page.getByRole('form', { name: es('profile.ssn.title') });
  await expect(ssn.getByText(es('profile.ssn.none'))).toBeVisible();
  const ssnInput = ssn.getByLabel(fieldLabel(es('profile.ssn.label')));
  // Masked while typed, and never shown back in clear.
  await expect(ssnInput).toHaveAttribute('type', 'password');
  await ssnInput.fill('4821');
  await ssn.getByRole('button', { name: es('profile.ssn.save') }).click();
  await expect(toastRegion(page, 'bottom-right').getByText(es('profile.ssn.saved'))).toBeVisible();
  await expect(ssn.getByText('***-**-4821')).toBeVisible();
  await expect(ssnInput).toHaveValue('');
  await page.screenshot({ path: shotPath('journey-profile-es'), fullPage: true });

  // Reload: still signed in, and the server kept every change.
  await page.reload();
  await expect(page).toHaveURL(/\/profile$/);
  const reloaded = page.getByRole('form', { name: es('profile.person.title') });
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.lastName')))).toHaveValue('Quiñones Rivera');
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.gender')))).toHaveValue('female');
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.phone')))).toHaveValue('787-555-0142');
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.physicalLine1')))).toHaveValue('Calle Sol 12');
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.city')))).toHaveValue('Ponce');
  await expect(reloaded.getByLabel(fieldLabel(es('profile.person.postalCode')))).toHaveValue('00716');
  await expect(reloaded.getByRole('checkbox', { name: es('profile.person.postalSame') })).toBeChecked();
  await expect(page.getByRole('form', { name: es('profile.ssn.title') }).getByText('***-**-4821')).toBeVisible();

  // Sign out: the record is gone, the profile needs a sign-in again, and the login form remembers the e-mail.
  await page.getByRole('button', { name: es('app.header.signOut'), exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: es('app.header.navLabel') }).getByRole('link', { name: es('app.header.signIn') })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByLabel(fieldLabel(es('auth.login.email')))).toHaveValue(email);
  await expect(page.getByRole('checkbox', { name: es('auth.login.remember') })).toBeChecked();

  // Signing in with the box unticked forgets the e-mail; `next` brings the person back to the profile.
  await page.getByRole('checkbox', { name: es('auth.login.remember') }).uncheck();
  await page.getByLabel(fieldLabel(es('auth.login.password'))).fill(PASSWORD);
  await page.getByRole('button', { name: es('auth.login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('form', { name: es('profile.person.title') }).getByLabel(fieldLabel(es('profile.person.city')))).toHaveValue('Ponce');
  expect(await page.evaluate(() => window.localStorage.getItem('remember'))).toBeNull();
});
