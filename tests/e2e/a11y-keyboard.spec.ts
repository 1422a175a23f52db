// Keyboard only (issue "The SPA shell", test 7): the sign-up, captcha included, and the sign-in done with Tab,
// Shift+Tab, Space and Enter (and typing), in a logical order, with a visible focus indicator on every key control.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './support/fixtures.ts';
import { createAccount, fieldLabel, PASSWORD, shotPath, signIn, storedUser, t, toastRegion } from './support/shell.ts';

const es = (id: string) => t('es', id);

/**
 * The focused element shows a focus indicator a sighted keyboard user can see: an outline of at least 2 px
 * (WCAG 2.4.7; 2.4.11 wants it not hidden) or a box-shadow ring. Reads the computed style, so a
 * component's own CSS that removes the app-wide ring is caught.
 */
async function expectVisibleFocus(page: Page, what: string): Promise<void> {
  const style = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const computed = getComputedStyle(element);
    return {
      outlineStyle: computed.outlineStyle,
      outlineWidth: Number.parseFloat(computed.outlineWidth),
      boxShadow: computed.boxShadow,
      focusVisible: element.matches(':focus-visible'),
    };
  });
  expect(style, `${what}: nothing is focused`).not.toBeNull();
  const ring = (style?.outlineStyle !== 'none' && (style?.outlineWidth ?? 0) >= 2) || (style?.boxShadow ?? 'none') !== 'none';
  expect(ring, `${what} has no visible focus indicator: ${JSON.stringify(style)}`).toBe(true);
}

/** Presses Tab (or Shift+Tab) once and checks where focus went and that it shows. */
async function tab(page: Page, target: Locator, what: string, key: 'Tab' | 'Shift+Tab' = 'Tab'): Promise<void> {
  await page.keyboard.press(key);
  await expect(target, `${key} should reach ${what}`).toBeFocused();
  await expectVisibleFocus(page, what);
}

test('sign up and sign in with the keyboard alone', async ({ page }) => {
  const email = uniqueEmail('keyboard');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The skip link comes first and takes keyboard users past the header.
  const skip = page.getByRole('link', { name: es('app.skipLink') });
  await tab(page, skip, 'the skip link');
  await expect(skip).toBeInViewport();
  const header = page.getByRole('navigation', { name: es('app.header.navLabel') });
  await tab(page, page.getByRole('link', { name: es('app.name') }), 'the product name link');
  await tab(page, header.getByRole('link', { name: es('app.header.signIn') }), 'the header sign-in link');
  const createLink = header.getByRole('link', { name: es('app.header.createAccount') });
  await tab(page, createLink, 'the header create-account link');
  await tab(page, page.getByRole('button', { name: 'Español', exact: true }), 'the Español button');
  await tab(page, page.getByRole('button', { name: 'English', exact: true }), 'the English button');
  await tab(page, page.getByRole('button', { name: 'Español', exact: true }), 'the Español button', 'Shift+Tab');
  await tab(page, createLink, 'the header create-account link', 'Shift+Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/account\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: es('auth.register.title') })).toBeFocused();
  const field = (id: string) => page.getByLabel(fieldLabel(es(id)));
  await tab(page, field('auth.register.firstName'), 'first name');
  await page.keyboard.type('Teclado');
  await tab(page, field('auth.register.lastName'), 'last name');
  await page.keyboard.type('Solamente');
  await tab(page, field('auth.register.email'), 'e-mail');
  await page.keyboard.type(email);
  await tab(page, field('auth.register.password'), 'password');
  await page.keyboard.type(PASSWORD);
  await tab(page, field('auth.register.passwordConfirm'), 'password confirmation');
  await page.keyboard.type(PASSWORD);
  await tab(page, field('auth.register.language'), 'language select');
  const conditions = page.getByRole('checkbox', { name: es('auth.register.conditions') });
  await tab(page, conditions, 'conditions checkbox');
  await page.keyboard.press('Space');
  await expect(conditions).toBeChecked();

  // The link to the terms (docs/decisions/017-account-dead-ends.md) comes with the conditions.
  const terms = page.getByRole('link', { name: es('terms.link.read') });
  await tab(page, terms, 'terms link');

  // The captcha's checkbox is reached and ticked like any other.
  const captcha = page.locator('altcha-widget').getByRole('checkbox');
  await tab(page, captcha, 'captcha checkbox');
  await page.screenshot({ path: shotPath('keyboard-captcha-focus-es') });
  await tab(page, terms, 'terms link', 'Shift+Tab');
  await tab(page, captcha, 'captcha checkbox');
  await page.keyboard.press('Space');
  await expect(page.locator('altcha-widget [data-state="verified"]')).toBeVisible();

  const submit = page.getByRole('button', { name: es('auth.register.submit'), exact: true });
  await tab(page, submit, 'create-account button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);

  // Sign in, "Remember me" included.
  await expect(page.getByRole('heading', { level: 1, name: es('auth.login.title') })).toBeFocused();
  // The address just registered is already filled in.
  await tab(page, page.getByLabel(fieldLabel(es('auth.login.email'))), 'login e-mail');
  await expect(page.getByLabel(fieldLabel(es('auth.login.email')))).toHaveValue(email);
  await tab(page, page.getByLabel(fieldLabel(es('auth.login.password'))), 'login password');
  await page.keyboard.type(PASSWORD);
  const remember = page.getByRole('checkbox', { name: es('auth.login.remember') });
  await tab(page, remember, 'remember-me checkbox');
  await page.keyboard.press('Space');
  await expect(remember).toBeChecked();
  await tab(page, page.getByRole('button', { name: es('auth.login.submit'), exact: true }), 'sign-in button');
  await tab(page, page.getByRole('link', { name: es('auth.login.forgotPassword') }), 'forgot-password link');
  await tab(page, page.getByRole('button', { name: es('auth.login.submit'), exact: true }), 'sign-in button', 'Shift+Tab');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/panel\/programs$/);
  await expect(page.getByRole('heading', { level: 1, name: es('panel.programs.title') })).toBeFocused();
  expect((await storedUser(page))?.is_staff).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem('remember'))).toBe(email);

  // And out again, backwards from the heading: the panel's navigation (above the heading), the language
  // switcher, then the sign-out button.
  const panelNav = page.getByRole('navigation', { name: es('panel.nav.label') });
  await tab(page, panelNav.getByRole('link', { name: es('panel.nav.news'), exact: true }), 'panel news link', 'Shift+Tab');
  await tab(page, panelNav.getByRole('link', { name: es('panel.nav.events'), exact: true }), 'panel events link', 'Shift+Tab');
  await tab(page, panelNav.getByRole('link', { name: es('panel.nav.myPrograms'), exact: true }), 'panel my-programs link', 'Shift+Tab');
  await tab(page, panelNav.getByRole('link', { name: es('panel.nav.programs'), exact: true }), 'panel programs link', 'Shift+Tab');
  await tab(page, page.getByRole('button', { name: 'English', exact: true }), 'the English button', 'Shift+Tab');
  await tab(page, page.getByRole('button', { name: 'Español', exact: true }), 'the Español button', 'Shift+Tab');
  const signOut = page.getByRole('button', { name: es('app.header.signOut'), exact: true });
  await page.keyboard.press('Shift+Tab');
  await expect(signOut).toBeFocused();
  await expectVisibleFocus(page, 'sign-out button');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => storedUser(page)).toBeNull();
});

test('the error summary works from the keyboard', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Enter in a field submits; the summary takes focus and its links lead to the fields.
  await page.getByLabel(fieldLabel(es('auth.login.email'))).focus();
  await page.keyboard.press('Enter');
  const summary = page.locator('#login-errors');
  await expect(summary).toBeFocused();
  const first = summary.getByRole('link').first();
  await tab(page, first, 'first error summary link');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(fieldLabel(es('auth.login.email')))).toBeFocused();
  await expectVisibleFocus(page, 'login e-mail after the summary link');
});

test('focus is not lost when a form is sent: a failed sign-in, a reset request, a profile save', async ({ page }) => {
  const account = await createAccount('keyboard-focus');
  // A failed sign-in: focus stays on the button that was pressed (it is only aria-disabled while the call runs).
  await page.goto('/login');
  await page.getByLabel(fieldLabel(es('auth.login.email'))).fill(account.email);
  await page.getByLabel(fieldLabel(es('auth.login.password'))).fill('not-the-password');
  const submit = page.getByRole('button', { name: es('auth.login.submit'), exact: true });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(toastRegion(page, 'top').getByText(es('api.error.badCredentials'))).toBeVisible();
  await expect(submit).toBeFocused();
  await expectVisibleFocus(page, 'sign-in button after a failure');

  // A reset request (success toast): the same.
  await page.goto('/password/reset');
  await page.getByLabel(fieldLabel(es('auth.reset.email'))).fill(account.email);
  const send = page.getByRole('button', { name: es('auth.reset.submit') });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(toastRegion(page, 'top').getByText(es('api.reset.sent'))).toBeVisible();
  // The form gives way to what happens next (docs/decisions/017-account-dead-ends.md): focus goes to its heading.
  await expect(page.getByRole('heading', { name: es('auth.reset.sentTitle') })).toBeFocused();

  // The profile: a save redraws the form from the server's answer, and focus comes back to its save button.
  await signIn(page, account);
  await page.goto('/profile');
  const person = page.getByRole('form', { name: es('profile.person.title') });
  const city = person.getByLabel(fieldLabel(es('profile.person.city')));
  await city.fill('Arecibo');
  await city.press('Enter');
  await expect(toastRegion(page, 'bottom-right').getByText(es('profile.person.saved'))).toBeVisible();
  await expect(person.getByRole('button', { name: es('profile.person.save') })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(person.getByLabel(fieldLabel(es('profile.person.postalLine2')))).toBeFocused();
  // And the SSN form keeps focus on its button.
  const ssn = page.getByRole('form', { name: es('profile.ssn.title') });
  await ssn.getByLabel(fieldLabel(es('profile.ssn.label'))).fill('3141');
  await ssn.getByRole('button', { name: es('profile.ssn.save') }).focus();
  await page.keyboard.press('Enter');
  await expect(ssn.getByText('***-**-3141')).toBeVisible();
  await expect(ssn.getByRole('button', { name: es('profile.ssn.save') })).toBeFocused();
});
