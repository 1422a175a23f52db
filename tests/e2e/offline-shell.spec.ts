// The installable app and its offline shell, in the browser (docs/decisions/060-offline-shell.md): the manifests are
// linked and valid; the service worker registers and controls the page; offline, another step's screen opens from the
// precache and keeps what is typed; an offline reload of a signed-in screen shows the shell, the offline banner and a
// draft typed before; a new worker waits for the update prompt, and accepting it
// reloads under the new version with the draft kept; a repeat visit to a signed-in screen paints the frame of its
// family in the device's language from the worker alone (docs/decisions/067-the-frame-before-the-app.md); sign-out
// empties every cache but the precache and the device's language. axe in es and en.
// The other specs block service workers (playwright.config.ts); this one allows them.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { applicationPath, applyTo, newApplicant, seededPrograms, stepOf } from './support/apply.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { fieldLabel, signIn, switchLanguage, t, type Locale } from './support/shell.ts';

test.use({ serviceWorkers: 'allow' });

const locales = ['es', 'en'] as const satisfies readonly Locale[];
const builtWorker = join(process.cwd(), 'dist', 'sw.js');

/** The interface in `locale` before signing in (Spanish is the default). */
async function inLanguage(page: Page, locale: Locale): Promise<void> {
  if (locale === 'es') return;
  await page.goto('/login');
  await switchLanguage(page, locale);
}

/**
 * Waits until a service worker controls the page: registered when the page is idle after the first paint, it
 * precaches the build (about 2 MB, slow on a busy two-core machine) and then claims the page. The poll reports the
 * registration's states, so a failed install shows as such.
 */
async function expectControlled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const controller = navigator.serviceWorker.controller?.scriptURL ?? 'none';
          return `controller ${controller.replace(location.origin, '')}; installing ${registration?.installing?.state ?? '-'}; active ${registration?.active?.state ?? '-'}`;
        }),
      { timeout: 60_000 },
    )
    .toMatch(/^controller \/sw\.js;/);
}

/** The paths every cache of this origin holds. */
const cachedPaths = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

const city = (page: Page, locale: Locale) => page.getByLabel(fieldLabel(t(locale, 'profile.person.city')), { exact: true });

test('the manifests are linked and valid, the worker is served fresh and allowed by the CSP', async ({ page, request }) => {
  for (const [language, href, name] of [
    ['es', '/manifest.webmanifest', 'Portal de la Incubadora'],
    ['en', '/manifest.en.webmanifest', 'Incubator Portal'],
  ] as const) {
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({
      name,
      short_name: t(language, 'app.shortName'),
      lang: language,
      start_url: '/panel',
      scope: '/',
      display: 'standalone',
      theme_color: '#1c398e',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe('image/png');
    }
  }
  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['cache-control']).toBe('no-cache');
  expect(worker.headers()['content-security-policy']).toMatch(/worker-src 'self'/);

  // The SPA's page and the prerendered pages link their language's manifest.
  await page.goto('/panel');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await switchLanguage(page, 'en');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.en.webmanifest');
  await page.reload();
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.en.webmanifest');
});

for (const locale of locales) {
  const L = (id: string) => t(locale, id);

  test(`an offline reload of a signed-in screen shows the shell, the offline banner and the drafts (${locale})`, async ({ page, context }) => {
    const { account, api } = await newApplicant(`offline-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await inLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto(applicationPath(id, 1));
    await expect(city(page, locale)).toBeVisible();
    await expectControlled(page);
    // The worker answers navigations from its cache; /api is never among its caches.
    const cached = await cachedPaths(page);
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

    // The network drops while the person types: the draft stays on the device.
    await context.setOffline(true);
    await expect(page.getByText(L('app.offline.banner'))).toBeVisible();
    await city(page, locale).fill('Cabo Rojo');
    await expect(page.getByText(L('application.autosave.offline'))).toBeVisible();

    // Another step's screen, still offline: its code and its own checks (a module per step screen) come from the
    // worker's precache, and what is typed there is checked (as it is rendered and before each save) and kept on the
    // device too.
    const indicator = page.getByRole('navigation', { name: L('application.indicator.label') });
    const segment = (step: number) => t(locale, 'application.indicator.segment', { step, name: L(`application.indicator.short${step}`) });
    await indicator.getByRole('link', { name: segment(2) }).click();
    const businessName = page.getByLabel(fieldLabel(L('application.business.name')), { exact: true });
    await expect(businessName).toBeVisible();
    await businessName.fill('Café sin señal');
    await expect(page.getByText(L('application.autosave.offline'))).toBeVisible();
    await indicator.getByRole('link', { name: segment(1) }).click();
    await expect(city(page, locale)).toHaveValue('Cabo Rojo');

    // Reloaded without a network: the shell, the banner and the draft typed before.
    await page.reload();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText(L('app.offline.banner'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: L('application.offline.title') })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Cabo Rojo' })).toBeVisible();
    await expectNoAxeViolations(page, `offline application (${locale})`);

    // Another signed-in screen, reloaded offline: the shell and the banner, not the browser's error page.
    await page.goto('/panel/programs');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByText(L('app.offline.banner'))).toBeVisible();

    // Back online, the form returns with the draft, and it reaches the server.
    await context.setOffline(false);
    await page.goto(applicationPath(id, 1));
    await expect(page.getByText(L('app.offline.banner'))).toHaveCount(0);
    await expect(city(page, locale)).toHaveValue('Cabo Rojo');
    // What the device kept reaches the server: its copy is read, not the status line (under load the one failure here
    // was the status line not yet reading "Saved" after 10 s).
    await expect.poll(async () => (await stepOf(api, id, 1)).data.city, { timeout: 30_000 }).toBe('Cabo Rojo');
  });

  test(`a new version waits for the person's word, and reloading applies it with the draft kept (${locale})`, async ({ page }) => {
    const { account, api } = await newApplicant(`update-${locale}`, locale);
    const id = await applyTo(api, seededPrograms.incubator.id);
    await inLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto(applicationPath(id, 1));
    await expectControlled(page);
    await city(page, locale).fill('Ponce');

    // A second version of the worker: the same build with other bytes, as a deploy would serve it.
    const original = await readFile(builtWorker, 'utf8');
    try {
      await writeFile(builtWorker, `${original}\n// second version ${Date.now()} (${locale})\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const prompt = page.getByRole('button', { name: L('app.update.reload') });
      await expect(prompt).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(L('app.update.message'))).toBeVisible();
      // Nothing happens behind the person's back: the new worker waits, the form is as it was.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null)).toBe('installed');
      await expect(city(page, locale)).toHaveValue('Ponce');
      await expectNoAxeViolations(page, `update prompt (${locale})`);

      const reloaded = page.waitForEvent('framenavigated');
      await prompt.click();
      await reloaded;
      await expect(city(page, locale)).toHaveValue('Ponce');
      await expect(page.getByRole('button', { name: L('app.update.reload') })).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: registration?.waiting ?? null, active: registration?.active?.state ?? null };
        }))
        .toEqual({ waiting: null, active: 'activated' });
      await expectControlled(page);
      await expect.poll(async () => (await stepOf(api, id, 1)).data.city).toBe('Ponce');
    } finally {
      await writeFile(builtWorker, original);
    }
  });

  test(`a repeat visit to a signed-in screen paints the frame in the device's language from the worker (${locale})`, async ({ page, context }) => {
    const { account } = await newApplicant(`frame-worker-${locale}`, locale);
    // The device's choice, changed once at least: the page keeps each change where the worker reads it.
    await page.goto('/login');
    await switchLanguage(page, locale === 'es' ? 'en' : 'es');
    await switchLanguage(page, locale);
    await signIn(page, account, locale);
    await page.goto('/panel/programs');
    await expect(page.getByRole('heading', { level: 1, name: L('panel.programs.title') })).toBeVisible();
    await expectControlled(page);
    // Every frame is precached with the shell, whatever the language: the worker picks one per navigation.
    const cached = await cachedPaths(page);
    for (const language of locales) {
      for (const family of ['public', 'panel', 'admin']) expect(cached).toContain(`/frame/${language}/${family}.html`);
    }

    // With no network at all, the worker answers the navigation with the panel's frame in the device's language.
    await context.setOffline(true);
    const response = await page.goto('/profile');
    expect(response?.fromServiceWorker()).toBe(true);
    const html = (await response?.text()) ?? '';
    expect(html).toContain(`<html lang="${locale}">`);
    expect(html).toContain(`<div id="root" data-frame="${locale}">`);
    expect(html).toMatch(new RegExp(`href="/assets/_catalog-${locale}-panel-[\\w-]+\\.js"`));
    // The app renders over it as over the server's frame, offline as it is.
    await expect(page.getByText(L('app.offline.banner'))).toBeVisible();

    // The frame is painted before the app and without it: the cached entry is swapped for a module that never ends,
    // and the page's own memory cache, which still holds the real one, is turned off (DevTools' "Disable cache": the
    // worker still answers), so the app cannot start; what shows is the worker's frame alone, its header and
    // "Loading…" in the device's language.
    await page.evaluate(async () => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/index-"]')?.src;
      const held = () => new Response('await new Promise(() => {});', { headers: { 'content-type': 'text/javascript' } });
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) if (request.url.split('?')[0] === entry) await cache.put(request, held());
      }
    });
    const devtools = await context.newCDPSession(page);
    await devtools.send('Network.enable');
    await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto('/panel/programs');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator(`#root[data-frame="${locale}"]`)).toHaveCount(1);
    await expect(page.getByRole('banner').getByRole('link', { name: L('app.name') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: L('app.loading') })).toBeVisible();
    // The frame's links keep their room but are not offered: it cannot know who is signed in.
    await expect(page.getByRole('navigation', { name: L('app.header.navLabel') })).toHaveCount(0);
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
  });
}

test('sign-out empties every cache but the versioned shell and the device\'s language', async ({ page }) => {
  const { account } = await newApplicant('offline-signout');
  // A device that chose its language: the worker's copy of it is the device's, not the person's.
  await page.goto('/login');
  await switchLanguage(page, 'en');
  await switchLanguage(page, 'es');
  await signIn(page, account);
  await page.goto('/panel/programs');
  await expectControlled(page);
  // Whatever a cache held for this person (the worker keeps no /api answer; this stands for any cache ever added).
  await page.evaluate(async () => (await caches.open('runtime-probe')).put('/probe', new Response('private')));
  await expect.poll(() => page.evaluate(() => caches.keys())).toContain('runtime-probe');

  await page.getByRole('button', { name: t('es', 'app.header.signOut'), exact: true }).click();
  await expect(page.getByRole('link', { name: t('es', 'app.header.signIn') }).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => !name.startsWith('workbox-precache'))))
    .toEqual(['device-language']);
  // The precache stays, the frames with it: they are nobody's.
  const kept = await cachedPaths(page);
  expect(kept).toEqual(expect.arrayContaining(['/index.html', '/frame/es/panel.html', '/frame/en/panel.html']));
});
