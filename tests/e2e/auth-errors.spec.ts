// docs/product.md section 8 as people see it (issue "The SPA shell", test 5). Login, password-reset request and reset
// confirmation show ONE error toast at the top for 3000 ms, with the first available of: the first item of an array
// body, the first non_field_errors entry, `detail`, the first message of a field the server named, or
// 'Try Again Later'. Registration errors go on their fields
// and into the error summary.
//
// Real server answers produce `detail` and field-error bodies. Our server never answers these calls with a bare
// array, with non_field_errors or with an empty body, so those branches are produced with page.route(): it changes
// what the browser receives for that one call only. It is not a mock of our server's logic, and it is used for
// nothing else in these tests.
import { expect, test, type Page, type Route } from '@playwright/test';
import { uniqueEmail } from './support/fixtures.ts';
import {
  createAccount,
  fieldLabel,
  PASSWORD,
  resetLinkPath,
  solveAltchaInBrowser,
  submitLogin,
  switchLanguage,
  t,
  toastRegion,
  type Account,
  type Locale,
} from './support/shell.ts';

let account: Account;

test.beforeAll(async () => {
  account = await createAccount('errors');
});

/**
 * Records, in the page, when a toast with `text` was added to and removed from the top viewport, so its
 * lifetime is measured by the browser's clock rather than by the test's polling.
 */
async function watchTopToast(page: Page, text: string): Promise<() => Promise<{ shownFor: number }>> {
  await page.evaluate((wanted) => {
    const times: { added?: number; removed?: number } = {};
    (window as unknown as { toastTimes: typeof times }).toastTimes = times;
    const viewportOf = () => document.querySelector('[aria-label*="F8"] ol');
    const observer = new MutationObserver(() => {
      const present = Array.from(viewportOf()?.querySelectorAll('li') ?? []).some((li) => li.textContent?.includes(wanted));
      if (present && times.added === undefined) times.added = performance.now();
      if (!present && times.added !== undefined && times.removed === undefined) {
        times.removed = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  }, text);
  return async () => {
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { toastTimes: { removed?: number } }).toastTimes.removed), {
        timeout: 8000,
      })
      .toBeDefined();
    const times = await page.evaluate(() => (window as unknown as { toastTimes: { added: number; removed: number } }).toastTimes);
    return { shownFor: times.removed - times.added };
  };
}

/** The toast is in the top viewport, at the top of the window, and horizontally centred. */
async function expectAtTop(page: Page, text: string): Promise<void> {
  const toast = toastRegion(page, 'top').getByRole('listitem').filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveText(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  const box = await toast.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box?.y ?? Infinity).toBeLessThan(40);
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(20);
  // Only one message: a bottom-right toast for the same failure would be a second, competing announcement.
  await expect(toastRegion(page, 'bottom-right').getByRole('listitem')).toHaveCount(0);
}

/** The three auth calls of docs/product.md section 8: how to open their page and send them. */
interface AuthCall {
  name: string;
  url: string;
  open(page: Page): Promise<void>;
  send(page: Page, locale: Locale): Promise<void>;
}

const calls: AuthCall[] = [
  {
    name: 'login',
    url: '**/api/auth/login',
    open: (page) => page.goto('/login').then(() => undefined),
    send: (page, locale) => submitLogin(page, locale, { email: account.email, password: 'not-the-password' }),
  },
  {
    name: 'password reset request',
    url: '**/api/auth/password/reset/',
    open: (page) => page.goto('/password/reset').then(() => undefined),
    async send(page, locale) {
      await page.getByLabel(fieldLabel(t(locale, 'auth.reset.email'))).fill(account.email);
      await page.getByRole('button', { name: t(locale, 'auth.reset.submit') }).click();
    },
  },
  {
    name: 'password reset confirmation',
    url: '**/api/auth/password/reset/confirm/',
    open: (page) => page.goto('/password/reset/confirm?uid=MQ&token=not-a-real-token').then(() => undefined),
    async send(page, locale) {
      await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.password'))).fill('Nueva-Clave-Larga-9');
      await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.passwordConfirm'))).fill('Nueva-Clave-Larga-9');
      await page.getByRole('button', { name: t(locale, 'auth.resetConfirm.submit') }).click();
    },
  },
];

test('a wrong password: the server detail in a top toast for ~3000 ms, in Spanish and in English', async ({ page }) => {
  await page.goto('/login');
  for (const locale of ['es', 'en'] as const) {
    if (locale === 'en') await switchLanguage(page, 'en');
    const message = t(locale, 'api.error.badCredentials');
    const lifetime = await watchTopToast(page, message);
    await submitLogin(page, locale, { email: account.email, password: 'not-the-password' });
    await expectAtTop(page, message);
    // The action reports failure: still on /login, signed out, the form usable again.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: t(locale, 'auth.login.submit'), exact: true })).toBeEnabled();
    expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
    const { shownFor } = await lifetime();
    expect(shownFor).toBeGreaterThanOrEqual(2900);
    expect(shownFor).toBeLessThan(4500);
  }
  expect(t('en', 'api.error.badCredentials')).toBe('No active account found with the given credentials');
});

test('the toasts\' code (Radix Toast) loads with the first toast, not with the page, and the first toast shows whole', async ({ page }) => {
  const toasterFetches: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/Toaster-[\w-]+\.js$/.test(new URL(request.url()).pathname)) toasterFetches.push(request.url());
  });
  await page.goto('/login');
  // The prerendered page loads the app at the first sign of intent (docs/decisions/034-hydrate-on-intent.md).
  await page.mouse.move(20, 200);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  // Everything the page fetches as it starts (its chunks, the update prompt's, the service worker) has arrived.
  await page.waitForLoadState('networkidle');
  expect(toasterFetches).toEqual([]);
  const lifetime = await watchTopToast(page, t('es', 'api.error.badCredentials'));
  await submitLogin(page, 'es', { email: account.email, password: 'not-the-password' });
  await expectAtTop(page, t('es', 'api.error.badCredentials'));
  expect(toasterFetches).toHaveLength(1);
  expect((await lifetime()).shownFor).toBeGreaterThanOrEqual(2900);
});

test('reset request and confirmation with real server errors: the field named by the server in the toast and on the field', async ({ page }) => {
  // An e-mail longer than the contract accepts: the form checks the contract's rule (docs/decisions/014) and says so
  // on the field before anything is sent.
  await page.goto('/password/reset');
  const tooLong = `${'a'.repeat(250)}@example.com`;
  await page.getByLabel(fieldLabel(t('es', 'auth.reset.email'))).fill(tooLong);
  await page.getByRole('button', { name: t('es', 'auth.reset.submit') }).click();
  await expect(page.locator('#reset-email-error')).toHaveText(t('es', 'api.field.maxLength', { limit: 254 }));
  await expect(page.locator('#reset-errors')).toBeFocused();

  // Passwords the server refuses on a good link (rules only the server knows), in both languages: the same message on
  // the field and in the toast, never the misleading 'Try Again Later'.
  const refused: Array<{ locale: Locale; password: string; message: string }> = [
    { locale: 'es', password: 'password123', message: 'api.password.tooCommon' },
    { locale: 'en', password: 'password123', message: 'api.password.tooCommon' },
    { locale: 'en', password: '8273649182', message: 'api.password.numeric' },
  ];
  for (const { locale, password, message } of refused) {
    await page.goto(await resetLinkPath(account.email));
    if (locale === 'en') await switchLanguage(page, 'en');
    await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.password'))).fill(password);
    await page.getByLabel(fieldLabel(t(locale, 'auth.resetConfirm.passwordConfirm'))).fill(password);
    await page.getByRole('button', { name: t(locale, 'auth.resetConfirm.submit') }).click();
    await expectAtTop(page, t(locale, message));
    await expect(page.locator('#reset-confirm-password-error')).toContainText(t(locale, message));
    await expect(page.locator('#reset-confirm-errors')).toBeFocused();
    await expect(page.getByText(t(locale, 'auth.error.tryAgainLater'))).toHaveCount(0);
  }

  // A link whose token is not valid: the server answers with non_field_errors, so the toast names the problem.
  await page.goto('/password/reset/confirm?uid=MQ&token=not-a-real-token');
  const invalidLink = t('en', 'api.reset.invalidLink');
  const lifetime = await watchTopToast(page, invalidLink);
  await calls[2]?.send(page, 'en');
  await expectAtTop(page, invalidLink);
  const { shownFor } = await lifetime();
  expect(shownFor).toBeGreaterThanOrEqual(2900);
  expect(shownFor).toBeLessThan(4500);
});

/** Bodies our server never sends on these calls, each with the toast text docs/product.md section 8 picks from it. */
const browserOnlyBranches: Array<{ name: string; fulfil: (route: Route) => Promise<void>; expected: (locale: Locale) => string; absent?: string }> = [
  {
    name: 'array: its first item',
    fulfil: (route) => route.fulfill({ status: 400, json: ['Primer mensaje del arreglo', 'Segundo mensaje'] }),
    expected: () => 'Primer mensaje del arreglo',
    absent: 'Segundo mensaje',
  },
  {
    name: 'non_field_errors: its first entry, before detail',
    fulfil: (route) =>
      route.fulfill({ status: 400, json: { non_field_errors: ['Error general primero', 'Error general segundo'], detail: 'Detalle que no se muestra' } }),
    expected: () => 'Error general primero',
    absent: 'Detalle que no se muestra',
  },
  {
    name: 'detail',
    fulfil: (route) => route.fulfill({ status: 400, json: { detail: 'Detalle del servidor', email: ['Campo'] } }),
    expected: () => 'Detalle del servidor',
  },
  {
    name: 'empty body: Try Again Later',
    fulfil: (route) => route.fulfill({ status: 500, body: '' }),
    expected: (locale) => t(locale, 'auth.error.tryAgainLater'),
  },
  {
    name: 'no answer at all (network failure): Try Again Later',
    fulfil: (route) => route.abort('connectionrefused'),
    expected: (locale) => t(locale, 'auth.error.tryAgainLater'),
  },
];

for (const call of calls) {
  test(`${call.name}: array, non_field_errors, detail, empty body and network failure each give the section 8 toast`, async ({ page }) => {
    await call.open(page);
    for (const [index, branch] of browserOnlyBranches.entries()) {
      // The empty-body branch in English too: 'Try Again Later' comes from the locale catalogue.
      const locale: Locale = index === browserOnlyBranches.length - 1 ? 'en' : 'es';
      if (locale === 'en') await switchLanguage(page, 'en');
      await page.route(call.url, branch.fulfil, { times: 1 });
      await call.send(page, locale);
      const message = branch.expected(locale);
      await expectAtTop(page, message);
      if (branch.absent) await expect(page.getByText(branch.absent)).toHaveCount(0);
      // Its lifetime is measured in the tests above; here close it (its own button) so the next one stands alone.
      await toastRegion(page, 'top').getByRole('button', { name: t(locale, 'ui.toast.close') }).click();
      await expect(toastRegion(page, 'top').getByRole('listitem')).toHaveCount(0);
    }
    await expect(page).not.toHaveURL(/\/panel/);
  });
}

test('registration: "email already exists" and "conditions" errors on their fields and in the summary', async ({ page }) => {
  await page.goto('/account/create');
  const es = (id: string) => t('es', id);
  const summary = page.locator('#register-errors');

  // Conditions not accepted: caught before sending, with the catalogue's message.
  await page.getByLabel(fieldLabel(es('auth.register.firstName'))).fill('Ana');
  await page.getByLabel(fieldLabel(es('auth.register.lastName'))).fill('Rivera');
  await page.getByLabel(fieldLabel(es('auth.register.email'))).fill(account.email);
  await page.getByLabel(fieldLabel(es('auth.register.password'))).fill(PASSWORD);
  await page.getByLabel(fieldLabel(es('auth.register.passwordConfirm'))).fill(PASSWORD);
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: es('ui.errorSummary.title') })).toBeVisible();
  const conditionsLink = summary.getByRole('link', { name: `${es('auth.register.conditionsName')}: ${es('api.error.conditions')}` });
  await expect(conditionsLink).toBeVisible();
  await expect(page.locator('#register-conditions-error')).toHaveText(es('api.error.conditions'));
  const conditions = page.getByRole('checkbox', { name: es('auth.register.conditions') });
  await expect(conditions).toHaveAttribute('aria-invalid', 'true');
  await expect(conditions).toHaveAttribute('aria-describedby', /register-conditions-error/);
  await conditionsLink.click();
  await expect(conditions).toBeFocused();

  // The e-mail has an account: the server's field error, on the field and in the summary.
  await conditions.check();
  await page.getByRole('button', { name: es('auth.register.submit'), exact: true }).click();
  const emailMessage = es('api.error.emailTaken');
  await expect(page.locator('#register-email-error')).toHaveText(emailMessage);
  await expect(summary).toBeFocused();
  const emailLink = summary.getByRole('link', { name: `${es('auth.register.email')}: ${emailMessage}` });
  await expect(emailLink).toBeVisible();
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  const email = page.getByLabel(fieldLabel(es('auth.register.email')));
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await emailLink.click();
  await expect(email).toBeFocused();
  // The spent captcha was replaced by a fresh widget, so the next attempt needs a new check.
  await expect(page.locator('altcha-widget [data-state="verified"]')).toHaveCount(0);

  // In English the same server message arrives in English (the SPA sends Accept-Language).
  await switchLanguage(page, 'en');
  await page.getByLabel(fieldLabel('Email address')).fill(account.email);
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: t('en', 'auth.register.submit'), exact: true }).click();
  await expect(page.locator('#register-email-error')).toHaveText('A user with this email already exists');
  await expect(summary.getByRole('link', { name: 'Email address: A user with this email already exists' })).toBeVisible();

  // A fresh e-mail then goes through.
  await page.getByLabel(fieldLabel('Email address')).fill(uniqueEmail('errors-ok'));
  await solveAltchaInBrowser(page);
  await page.getByRole('button', { name: t('en', 'auth.register.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
});
