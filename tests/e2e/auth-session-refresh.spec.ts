// Token renewal the person never sees, and its failure (issue "The SPA shell", test 4; docs/product.md sections 2 and 4 and 8).
// The access tokens below are real ones with their payload rewritten: the server rejects them (bad signature),
// and the SPA reads the rewritten `exp`, so one can look expired (renewed at load) or still valid (renewed after a 401).
import { expect, test, type Page, type Response } from '@playwright/test';
import { baseURL } from './support/ports.ts';
import { createAccount, fieldLabel, signIn, startTheApp, storedUser, t, type Account } from './support/shell.ts';

let account: Account;

test.beforeAll(async () => {
  account = await createAccount('refresh', { first_name: 'Yaritza' });
});

/** The same token with its `exp` claim replaced: the SPA believes the new expiry, the server rejects the signature. */
function withExpiry(token: string, exp: number): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return [header, Buffer.from(JSON.stringify({ ...claims, exp })).toString('base64url'), signature].join('.');
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Replaces `user.access` in localStorage (what an expired or tampered session looks like on the next load). */
async function setStoredAccess(page: Page, access: string): Promise<void> {
  await page.evaluate((value) => {
    const user = JSON.parse(window.localStorage.getItem('user') ?? 'null') as Record<string, unknown>;
    window.localStorage.setItem('user', JSON.stringify({ ...user, access: value }));
  }, access);
}

/** Calls to the API made by the page, as "METHOD /path -> status", in order, with the bearer token each carried. */
type ApiCalls = string[] & { bearers: (string | undefined)[] };

function recordApiCalls(page: Page): ApiCalls {
  const calls: ApiCalls = Object.assign([] as string[], { bearers: [] as (string | undefined)[] });
  // 'response' fires in the order the answers arrive, which is the order that matters here.
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    calls.push(`${response.request().method()} ${url.pathname} -> ${response.status()}`);
    calls.bearers.push(response.request().headers()['authorization']?.replace(/^Bearer /, ''));
  });
  return calls;
}

/** The request part of a recorded call ("GET /api/me" of "GET /api/me -> 401"), to match one path exactly, never a prefix. */
const requestOf = (call: string): string => call.slice(0, call.lastIndexOf(' -> '));

/**
 * The renewal the person should never notice: some calls answered 401, then exactly one POST /auth/session/
 * (concurrent 401s share it), and no call that carried the renewed token failed; the profile's GET /me succeeded.
 * A call sent with the old token just before the renewal may be answered (401) just after it: that one is retried.
 */
async function expectOneSilentRenewal(page: Page, calls: ApiCalls): Promise<void> {
  await expect.poll(() => calls).toContain('GET /api/me -> 200');
  const refreshes = calls.filter((call) => requestOf(call) === 'POST /api/auth/session/');
  expect(refreshes, calls.join('\n')).toEqual(['POST /api/auth/session/ -> 200']);
  const at = calls.indexOf('POST /api/auth/session/ -> 200');
  expect(calls.slice(0, at).some((call) => call.endsWith('-> 401')), calls.join('\n')).toBe(true);
  const renewed = (await storedUser(page))?.access;
  expect(renewed).toBeTruthy();
  const failedWithRenewed = calls.filter((call, index) => call.endsWith('-> 401') && calls.bearers[index] === renewed);
  expect(failedWithRenewed, calls.join('\n')).toEqual([]);
  // Every call answered 401 was answered again, with the renewed token, successfully.
  for (const [index, call] of calls.entries()) {
    if (!call.endsWith('-> 401') || requestOf(call).startsWith('POST /api/auth/session/')) continue;
    const retried = calls.some((other, later) => later > index && requestOf(other) === requestOf(call) && calls.bearers[later] === renewed && !other.endsWith('-> 401'));
    expect(retried, `${call} was not retried:\n${calls.join('\n')}`).toBe(true);
  }
}

async function expectProfileShown(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'profile.page.title') })).toBeVisible();
  await expect(page.getByLabel(fieldLabel(t('es', 'profile.person.firstName')))).toHaveValue('Yaritza');
  await expect(page.getByRole('form', { name: t('es', 'profile.email.title') })).toContainText(account.email);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('an access token that has expired is renewed at load; the refresh token stays', async ({ page }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  if (!before) throw new Error('not signed in');
  const expired = withExpiry(before.access, nowSeconds() - 60);
  await setStoredAccess(page, expired);
  const calls = recordApiCalls(page);

  await page.goto('/profile');
  await expectProfileShown(page);
  const after = await storedUser(page);
  expect(after?.access).not.toBe(expired);
  expect(after?.refresh).toBe(before.refresh);
  expect(after?.is_staff).toBe(false);
  expect(calls).toContain('POST /api/auth/session/ -> 200');
  expect(calls).toContain('GET /api/me -> 200');
  expect(calls).not.toContain('GET /api/me -> 401');
});

test('an access token the server rejects is renewed after the 401 and the call retried; the refresh token stays', async ({ page }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  if (!before) throw new Error('not signed in');
  const rejected = withExpiry(before.access, nowSeconds() + 3600);
  await setStoredAccess(page, rejected);
  const calls = recordApiCalls(page);

  // The SPA believes the token (its exp is an hour away), so GET /me goes out with it and gets a 401.
  await page.goto('/profile');
  await expectProfileShown(page);
  await expectOneSilentRenewal(page, calls);
  // (An answer to the page before the reload may still arrive first: the first profile read is the one that counts.)
  expect(calls.find((call) => requestOf(call) === 'GET /api/me'), calls.join('\n')).toBe('GET /api/me -> 401');
  const after = await storedUser(page);
  expect(after?.access).not.toBe(rejected);
  expect(after?.refresh).toBe(before.refresh);
});

test('garbage in place of the access token is renewed too', async ({ page }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  await setStoredAccess(page, 'not-a-jwt');
  await page.goto('/profile');
  await expectProfileShown(page);
  const after = await storedUser(page);
  expect(after?.access.split('.')).toHaveLength(3);
  expect(after?.refresh).toBe(before?.refresh);
});

test('a token another tab stored is used, and renewed on the next call without a sign-in', async ({ context, page }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  if (!before) throw new Error('not signed in');
  // The home page: an open page of the app that makes no authenticated calls of its own (the profile's language,
  // docs/decisions/016, was read when the panel opened after sign-in, and is cached).
  await page.getByRole('link', { name: t('es', 'app.name') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'home.hero.title') })).toBeVisible();
  const calls = recordApiCalls(page);
  // Another tab of the same browser writes a session whose access token the server will reject.
  const other = await context.newPage();
  await other.goto('/');
  await setStoredAccess(other, withExpiry(before.access, nowSeconds() + 3600));
  await other.close();

  // Navigating inside the open page (no reload) to the profile: 401, renewal, retry.
  await page.getByRole('navigation', { name: t('es', 'app.header.navLabel') }).getByRole('link', { name: t('es', 'app.header.profile') }).click();
  await expectProfileShown(page);
  await expectOneSilentRenewal(page, calls);
  expect((await storedUser(page))?.refresh).toBe(before.refresh);
});

test('a session another tab stored that this tab missed is adopted when a page needs it, renewed first when expired', async ({ context, page }) => {
  // This tab misses other tabs' `storage` events (a frozen or discarded tab gets them late or never): a listener
  // registered before the app's stops them, so only the route guard's question can find the session.
  await page.addInitScript(() => window.addEventListener('storage', (event) => event.stopImmediatePropagation(), true));
  await page.goto('/');
  // The app (and its session actor, signed out) runs before the other tab signs in: the home page is prerendered.
  await startTheApp(page);
  await expect(page.getByRole('banner').getByRole('link', { name: t('es', 'app.header.signIn') })).toBeVisible();

  // Another tab signs in, and its access token has expired by the time this tab looks (the refresh token is good).
  const other = await context.newPage();
  await signIn(other, account);
  const stored = await storedUser(other);
  if (!stored) throw new Error('not signed in in the other tab');
  const expired = withExpiry(stored.access, nowSeconds() - 60);
  await setStoredAccess(other, expired);
  await other.close();
  await expect(page.getByRole('banner').getByRole('link', { name: t('es', 'app.header.signIn') })).toBeVisible();
  const calls = recordApiCalls(page);

  // In-app navigation (the same session actor, no reload) to a page that needs a session.
  await page.evaluate(() => {
    window.history.pushState(null, '', '/profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expectProfileShown(page);
  // Renewed before the page's first call: no call went out with the expired token, and nobody was sent to /login.
  const firstMe = calls.findIndex((call) => requestOf(call) === 'GET /api/me');
  expect(calls.indexOf('POST /api/auth/session/ -> 200'), calls.join('\n')).toBeGreaterThanOrEqual(0);
  expect(calls.indexOf('POST /api/auth/session/ -> 200'), calls.join('\n')).toBeLessThan(firstMe);
  expect(calls.filter((call) => call.endsWith('-> 401')), calls.join('\n')).toEqual([]);
  const after = await storedUser(page);
  expect(after?.access).not.toBe(expired);
  expect(after?.refresh).toBe(stored.refresh);
});

test('a revoked refresh token with an unusable access token sends the person to /login', async ({ page, request }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  if (!before) throw new Error('not signed in');
  // Signed out elsewhere (in the background, through the API): the refresh token is on the deny list now.
  const logout = await request.post(`${baseURL}/api/auth/logout`, { data: { refresh: before.refresh } });
  expect(logout.status()).toBe(200);

  // At load, with an expired access token: the guard's refresh fails.
  await setStoredAccess(page, withExpiry(before.access, nowSeconds() - 60));
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'auth.login.title') })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
});

test('a revoked refresh token found after a 401 sends the person to /login, and back after signing in', async ({ page, request }) => {
  await signIn(page, account);
  const before = await storedUser(page);
  if (!before) throw new Error('not signed in');
  await request.post(`${baseURL}/api/auth/logout`, { data: { refresh: before.refresh } });
  // An access token the SPA believes: the 401 comes from GET /me, and the renewal it triggers fails.
  await setStoredAccess(page, withExpiry(before.access, nowSeconds() + 3600));
  const calls = recordApiCalls(page);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  await expect(page.getByRole('heading', { level: 1, name: t('es', 'auth.login.title') })).toBeVisible();
  expect(await storedUser(page)).toBeNull();
  expect(calls).toContain('GET /api/me -> 401');
  expect(calls).toContain('POST /api/auth/session/ -> 401');

  // Signing in again brings the person back to the profile.
  await page.getByLabel(fieldLabel(t('es', 'auth.login.email'))).fill(account.email);
  await page.getByLabel(fieldLabel(t('es', 'auth.login.password'))).fill(account.password);
  await page.getByRole('button', { name: t('es', 'auth.login.submit'), exact: true }).click();
  await expectProfileShown(page);
});
