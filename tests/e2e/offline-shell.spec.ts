// The installable app and its offline shell, in the browser (docs/decisions/060-offline-shell.md): the manifests are
// linked and valid; the service worker registers and controls the page; an offline reload of a signed-in screen shows
// the shell, the offline banner and a draft typed before; a new worker waits for the update prompt, and accepting it
// reloads under the new version with the draft kept; sign-out empties every cache but the precache. axe in es and en.
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
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);

    // The network drops while the person types: the draft stays on the device.
    await context.setOffline(true);
    await expect(page.getByText(L('app.offline.banner'))).toBeVisible();
    await city(page, locale).fill('Cabo Rojo');
    await expect(page.getByText(L('application.autosave.offline'))).toBeVisible();

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
}

test('sign-out empties every cache but the versioned shell', async ({ page }) => {
  const { account } = await newApplicant('offline-signout');
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
    .toEqual([]);
  expect((await page.evaluate(() => caches.keys())).length).toBeGreaterThan(0);
});
