// The public pages arrive already rendered (docs/decisions/020-news-and-a-light-landing-page.md):
// the server sends the prerendered file of the visitor's language, the browser hydrates it without a mismatch, a
// page reads without JavaScript, robots.txt is a real file, and a visitor who does nothing loads only the boot script
// (docs/decisions/034-hydrate-on-intent.md; what an early click or key does: landing-intent.spec.ts). The landing page
// shows the open interest form as it is, with no act and without JavaScript (docs/decisions/048-the-applicants-copy.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { createAccount, fieldLabel, signIn, startTheApp, switchLanguage, t, type Locale } from './support/shell.ts';
import { expectNoAxeViolations } from './support/fixtures.ts';
import { baseURL } from './support/ports.ts';
import { filesOf, reachableKeys, readViteManifest } from '../../scripts/vite-manifest.ts';

const pages = [
  { path: '/', heading: 'home.hero.title', title: 'home.page.title', description: 'meta.description.home' },
  { path: '/login', heading: 'auth.login.title', title: 'auth.login.title', description: 'meta.description.login' },
  { path: '/account/create', heading: 'auth.register.title', title: 'auth.register.title', description: 'meta.description.createAccount' },
  { path: '/password/reset', heading: 'auth.reset.title', title: 'auth.reset.title', description: 'meta.description.passwordReset' },
  { path: '/terms', heading: 'terms.page.title', title: 'terms.page.title', description: 'meta.description.terms' },
] as const;

const htmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Console errors and uncaught exceptions of a page (React reports a hydration mismatch as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
  test(`every public page answers its HTML already rendered in ${locale}, with its lang, title and description`, async ({ request }) => {
    for (const { path, heading, title, description } of pages) {
      const response = await request.get(path, { headers: locale === 'en' ? { cookie: 'language=en' } : {} });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
      expect(response.headers()['content-language'], path).toBe(locale);
      expect(response.headers().vary, path).toMatch(/cookie/i);
      const html = await response.text();
      expect(html, path).toContain(`<html lang="${locale}">`);
      expect(html, path).toContain(`<title>${htmlEscape(`${t(locale, title)} | ${t(locale, 'app.shortName')}`)}</title>`);
      expect(html, path).toContain(`<meta name="description" content="${htmlEscape(t(locale, description))}" />`);
      expect(html, path).toContain(`data-prerendered="${locale}"`);
      expect(html, path).toContain(htmlEscape(t(locale, heading)));
    }
  });
}

test('a cookie naming no built language gets Spanish, and other pages get the frame the app replaces', async ({ request }) => {
  const odd = await request.get('/', { headers: { cookie: 'language=fr; other=1' } });
  expect(await odd.text()).toContain('<html lang="es">');
  // Signed-in screens: the frame of their family in the cookie's language, with their catalog parts preloaded, never
  // hydrated (docs/decisions/067-the-frame-before-the-app.md).
  for (const [path, locale, parts] of [
    ['/panel/programs', 'es', ['public']],
    ['/panel/application/1/3', 'es', ['public', 'panel']],
    ['/admin/applications', 'en', ['public', 'panel', 'admin']],
    ['/submission/1', 'en', ['public']],
  ] as const) {
    const response = await request.get(path, { headers: locale === 'en' ? { cookie: 'language=en' } : {} });
    expect(response.headers()['content-language'], path).toBe(locale);
    const html = await response.text();
    expect(html, path).toContain(`<html lang="${locale}">`);
    expect(html, path).toContain(`<div id="root" data-frame="${locale}">`);
    expect(html, path).toContain(htmlEscape(t(locale, 'app.loading')));
    expect(html, path).not.toContain('data-prerendered');
    for (const part of ['public', 'panel', 'admin']) {
      expect(html.includes(`/_catalog-${locale}-${part}-`), `${path} preloads ${part}`).toBe((parts as readonly string[]).includes(part));
    }
  }
});

test('robots.txt is a text file that keeps crawlers out of the panel, the admin area and the API; unknown files are 404', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /panel', 'Disallow: /admin', 'Disallow: /api']) expect(text).toContain(line);
  for (const path of ['/favicon.ico', '/sitemap.xml', '/panel/some.file']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('<div id="root"');
  }
});

test('the landing page reads without JavaScript, in the language of the cookie', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('es', 'home.hero.title'));
  await expect(page.getByRole('link', { name: t('es', 'home.hero.createAccount') })).toHaveAttribute('href', '/account/create');
  await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'auth.login.title'));
  // Without the app, a submit the browser's way posts to the page (never the password in a URL) and signs no one in.
  await expect(page.locator('form')).toHaveAttribute('method', 'post');
  await context.close();
});

test('the browser takes over the prerendered page without a mismatch, and the switcher keeps the next load in that language', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'English', exact: true })).toBeEnabled();
  await switchLanguage(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  // The server chose the English file (the switcher's cookie), and the app hydrated it as it was.
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await expect(page.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/login');
  await expect(page.getByRole('button', { name: t('en', 'auth.login.submit') })).toBeEnabled();
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'terms.page.title'));
  await expect(page).toHaveTitle(`${t('en', 'terms.page.title')} | ${t('en', 'app.shortName')}`);
  expect(errors).toEqual([]);
});

test('a device choice stored before the cookie existed still wins: the page renders afresh in that language', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('language', 'en'));
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'home.hero.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // ...and from then on the server knows it.
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
});

test('a signed-in person gets their own header over the prerendered landing page', async ({ page }) => {
  const account = await createAccount('prerender-signed-in');
  await signIn(page, account);
  await page.goto('/');
  await expect(page.getByRole('link', { name: t('es', 'home.hero.goToPanel') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('es', 'app.header.navLabel') }).first()).toContainText(t('es', 'app.header.panel'));
});

/** A public page's first scripts, gzip bytes (initial JS <= 100 KB gzip). */
const INITIAL_SCRIPT_BUDGET_GZIP = 100 * 1024;
const dist = new URL('../../dist/', import.meta.url);
/** The scripts a page's HTML asks for at once, relative to the site's root: its module scripts and module preloads. */
const scriptsAskedFor = (html: string): string[] =>
  [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map((match) => match[1] ?? '');
const gzipSize = (file: string): number => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

test('every prerendered page starts with the boot script alone, within budget; the app waits in its data attributes', () => {
  for (const locale of ['es', 'en']) {
    for (const file of ['index', 'login', 'account/create', 'password/reset', 'terms']) {
      const html = readFileSync(new URL(`pages/${locale}/${file}.html`, dist), 'utf8');
      const scripts = scriptsAskedFor(html);
      expect(scripts, file).toEqual([expect.stringMatching(/^assets\/boot-[\w-]+\.js$/)]);
      const entry = html.match(/data-app-entry="\/(assets\/index-[\w-]+\.js)"/)?.[1];
      expect(entry, file).toBeDefined();
      expect(html, file).toMatch(new RegExp(`data-app-preload="[^"]*/assets/_catalog-${locale}-public-[\\w-]+\\.js"`));
      // The chunk of what the page renders, and no other page's (docs/decisions/066-boot-closure.md): the terms and the
      // account form have their own, the other pages are in the public pages' chunk.
      const preloaded = (html.match(/data-app-preload="([^"]*)"/)?.[1] ?? '').split(' ');
      const own = new Map([['terms', 'TermsPage'], ['account/create', 'CreateAccountPage']]).get(file) ?? 'PublicRoutes';
      for (const chunk of ['PublicRoutes', 'TermsPage', 'CreateAccountPage']) {
        const matching = preloaded.filter((href) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(href));
        expect(matching, `${file} preloads ${chunk}`).toHaveLength(chunk === own ? 1 : 0);
      }
      // Only the terms, whose contact details come from the API, load the app without waiting for an act.
      expect(html.includes('data-app-at-once'), file).toBe(file === 'terms');
      const bytes = gzipSize(scripts[0] ?? '');
      if (locale === 'es' && file === 'index') console.log(`landing page initial scripts: 1 file, ${(bytes / 1024).toFixed(1)} KiB gzip`);
      expect(bytes).toBeLessThanOrEqual(INITIAL_SCRIPT_BUDGET_GZIP);
    }
  }
  // The SPA's own page (every other path) keeps the entry and its preloads.
  expect(readFileSync(new URL('index.html', dist), 'utf8')).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
});

test("the SPA's page starts with four files: its entry, the bundler's runtime, the libraries and the app's shell", () => {
  // Left to the bundler, the app's modules every screen starts with were two dozen small files, which a phone
  // fetches six at a time over HTTP/1.1 (vite.config.ts's `shell` group; docs/decisions/072-fewer-files.md).
  const manifest = readViteManifest(fileURLToPath(dist));
  const names = (files: Iterable<string>) => [...files].map((file) => file.replace(/-[\w-]{8}\.js$/, '')).sort();
  const firstFiles = ['assets/framework', 'assets/index', 'assets/rolldown-runtime', 'assets/shell'];
  expect(names(filesOf(manifest, reachableKeys(manifest, ['index.html'])))).toEqual(firstFiles);
  // The page asks for all four at once: the entry's script and a preload for each of the others.
  const html = readFileSync(new URL('index.html', dist), 'utf8');
  expect(names(scriptsAskedFor(html))).toEqual(firstFiles);
});

for (const path of ['/', '/login']) {
  test(`a visitor who does nothing on ${path} loads only the boot script, and the page reads and is axe-clean as it is`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const errors = collectErrors(page);
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Whatever could start later has had its chance: the network is idle, two frames have passed.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/boot-[\w-]+\.js$/)]);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expectNoAxeViolations(page, 'before hydration');
    expect(errors).toEqual([]);
  });
}

for (const locale of ['es', 'en'] as const satisfies readonly Locale[]) {
  test(`the landing page shows the open interest form in ${locale} with no act, and hydrates it as it is`, async ({ page, context }) => {
    if (locale === 'en') {
      // A device that chose English, as the switcher leaves it: the cookie for the server, the stored choice for the app.
      await context.addCookies([{ name: 'language', value: 'en', url: baseURL }]);
      await context.addInitScript(() => window.localStorage.setItem('language', 'en'));
    }
    const errors = collectErrors(page);
    await page.goto('/');
    const block = page.getByRole('region', { name: t(locale, 'home.interest.title') });
    // No mouse, no key: the page as the server sent it already holds the form (the seeded open interest form).
    await expect(block.getByRole('textbox', { name: fieldLabel(t(locale, 'events.form.name')) })).toBeVisible();
    await expect(block.getByRole('combobox', { name: fieldLabel(t(locale, 'events.form.howHeard')) })).toBeVisible();
    await expect(block.getByRole('button', { name: t(locale, 'events.form.submit') })).toBeVisible();
    await expect(block).not.toContainText(t(locale, 'home.interest.closed'));
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
    await expectNoAxeViolations(page, `landing interest form before hydration ${locale}`);
    // The app takes it over without a mismatch (its cache holds the data the page was drawn with).
    await block.getByRole('textbox', { name: fieldLabel(t(locale, 'events.form.name')) }).fill('Lucía Ramos');
    await startTheApp(page);
    await expect(block.getByRole('textbox', { name: fieldLabel(t(locale, 'events.form.name')) })).toHaveValue('Lucía Ramos');
    expect(errors).toEqual([]);
  });
}

test('without JavaScript the landing page still shows the open interest form, which never puts details in a URL', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  const block = page.getByRole('region', { name: t('es', 'home.interest.title') });
  await expect(block.getByRole('textbox', { name: fieldLabel(t('es', 'events.form.email')) })).toBeVisible();
  await expect(block.locator('form')).toHaveAttribute('method', 'post');
  await context.close();
});
