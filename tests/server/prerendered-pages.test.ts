// The prerendered public pages (docs/decisions/020-news-and-a-light-landing-page.md): the server sends the file of the
// `language` cookie's language, else Spanish's, compressed like every file; other paths keep the SPA page, and an
// unknown file name is a 404, never HTML; each page preloads the chunks it renders and no other page's
// (docs/decisions/066-boot-closure.md); the landing page is the drawing of the interest form's real state, with its
// data beside it (docs/decisions/048-the-applicants-copy.md). (tests/e2e/landing-prerender.spec.ts checks the real
// build's pages.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '#server/db/schema.ts';
import { interestDescriptionMark, interestFormDataId } from '#shared/prerendered-landing.ts';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { fillFrame, fillTemplate, renderedChunks } from '../../scripts/prerender.ts';
import type { ViteManifest } from '../../scripts/vite-manifest.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const template =
  '<!doctype html>\n<html lang="es">\n  <head>\n    <title>Portal</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
  '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

/**
 * A build's manifest as Vite writes it: the entry, the public pages' lazy chunk and the account form's, which share a
 * field module; the form (a static import of the public chunk) is no lazy chunk of its own.
 */
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['src/app/PublicRoutes.tsx', 'src/features/auth/CreateAccountPage.tsx'] },
  '_react.js': { file: 'assets/react-1.js' },
  'src/app/PublicRoutes.tsx': { file: 'assets/PublicRoutes-1.js', isDynamicEntry: true, imports: ['_Field.js', '_react.js', 'src/features/auth/LoginPage.tsx'] },
  'src/features/auth/LoginPage.tsx': { file: 'assets/LoginPage-1.js' },
  'src/features/auth/CreateAccountPage.tsx': { file: 'assets/CreateAccountPage-1.js', isDynamicEntry: true, imports: ['_Field.js'] },
  '_Field.js': { file: 'assets/Field-1.js' },
};

describe('the chunks a prerendered page preloads', () => {
  it("are its route's lazy chunk and that chunk's imports, without what index.html preloads already", () => {
    expect(renderedChunks(manifest, template, 'src/app/PublicRoutes.tsx')).toEqual(['/assets/PublicRoutes-1.js', '/assets/Field-1.js', '/assets/LoginPage-1.js']);
    expect(renderedChunks(manifest, template, 'src/features/auth/CreateAccountPage.tsx')).toEqual(['/assets/CreateAccountPage-1.js', '/assets/Field-1.js']);
  });

  it('refuse a module that is no lazy chunk of the build', () => {
    expect(() => renderedChunks(manifest, template, 'src/features/auth/LoginPage.tsx')).toThrow(/not a lazily loaded chunk/);
    expect(() => renderedChunks(manifest, template, 'src/app/Gone.tsx')).toThrow(/not a lazily loaded chunk/);
  });
});

describe.each(databaseKinds)('prerendered pages (%s)', (kind) => {
  let test: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    writeFileSync(join(spaDir, 'index.html'), template);
    for (const [language, heading] of [['es', 'Bienvenida'], ['en', 'Welcome']] as const) {
      mkdirSync(join(spaDir, 'pages', language, 'account'), { recursive: true });
      const page = (title: string) => ({ html: `<h1>${heading} ${title}</h1>`, title, description: `${heading} & "${title}"` });
      const fill = (title: string, code: string) =>
        fillTemplate(template, language, page(title), `/assets/${language}-1.js`, '/assets/boot-1.js', false, renderedChunks(manifest, template, code));
      writeFileSync(join(spaDir, 'pages', language, 'index.html'), fill('home', 'src/app/PublicRoutes.tsx'));
      writeFileSync(join(spaDir, 'pages', language, 'account', 'create.html'), fill('create', 'src/features/auth/CreateAccountPage.tsx'));
    }
    await precompressDirectory(spaDir);
    test = await startTestApp(kind, { env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  it('sends Spanish without a cookie, and the language the cookie names', async () => {
    const spanish = await get('/');
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toMatch(/^text\/html/);
    expect(spanish.headers['content-language']).toBe('es');
    expect(spanish.headers['cache-control']).toBe('no-cache');
    expect(spanish.headers.vary).toMatch(/cookie/i);
    expect(spanish.body).toContain('<html lang="es">');
    expect(spanish.body).toContain('<meta name="description" content="Bienvenida &amp; &quot;home&quot;" />');
    expect(spanish.body).toContain('<div id="root" data-prerendered="es"><h1>Bienvenida home</h1></div>');
    // The boot script instead of the SPA's entry and preloads, which it loads on intent (docs/decisions/034), with the
    // chunks of the page's route and the catalog.
    expect(spanish.body).toContain(
      '<script type="module" crossorigin src="/assets/boot-1.js" data-app-entry="/assets/index-1.js" data-app-preload="/assets/react-1.js /assets/PublicRoutes-1.js /assets/Field-1.js /assets/LoginPage-1.js /assets/es-1.js"></script>',
    );
    expect(spanish.body).not.toContain('modulepreload');
    expect(spanish.body).not.toContain('src="/assets/index-1.js"');

    const english = await get('/account/create?next=%2Fpanel', { cookie: 'theme=dark; language=en' });
    expect(english.headers['content-language']).toBe('en');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Welcome create</h1>');
    // The account form's chunks, not the public pages' it never renders.
    expect(english.body).toContain('data-app-preload="/assets/react-1.js /assets/CreateAccountPage-1.js /assets/Field-1.js /assets/en-1.js"');
  });

  it('falls back to Spanish for a cookie naming a language not built, and compresses the page', async () => {
    const other = await get('/', { cookie: 'language=fr', 'accept-encoding': 'br' });
    expect(other.headers['content-encoding']).toBe('br');
    expect(other.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(other.rawPayload).toString()).toContain('<html lang="es">');
  });

  it('keeps the SPA page for other paths, and answers 404 (not HTML) for an unknown file name', async () => {
    const panel = await get('/panel/programs');
    expect(panel.statusCode).toBe(200);
    expect(panel.body).toContain('<div id="root"></div>');
    for (const path of ['/robots.txt', '/favicon.ico', '/sitemap.xml', '/panel/x.json']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.headers['content-type'], path).toMatch(/^application\/json/);
    }
  });
});

// The frame of the screens (docs/decisions/067-the-frame-before-the-app.md): what the server sends for every other
// address of the SPA when the build drew it. No database is read: PGlite alone.
describe('the frame of the screens, drawn per language and family', () => {
  let test: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-frame-'));
    writeFileSync(join(spaDir, 'index.html'), template);
    // Spanish has every family; English only the panel's, so its other families fall back to Spanish.
    for (const [language, families] of [['es', ['public', 'panel', 'admin']], ['en', ['panel']]] as const) {
      mkdirSync(join(spaDir, 'frame', language), { recursive: true });
      for (const family of families) {
        const catalogs = [`/assets/_catalog-${language}-${family}-1.js`];
        writeFileSync(join(spaDir, 'frame', language, `${family}.html`), fillFrame(template, language, { html: `<p>${family} ${language}</p>`, title: 'Portal' }, catalogs));
      }
    }
    await precompressDirectory(spaDir);
    test = await startTestApp('pglite', { env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url, headers });

  it("sends the family's frame in the cookie's language, with the SPA's entry and the family's catalog preloaded", async () => {
    const panel = await get('/panel/application/3/2?from=review', { cookie: 'language=en' });
    expect(panel.statusCode).toBe(200);
    expect(panel.headers['content-language']).toBe('en');
    expect(panel.headers['cache-control']).toBe('no-cache');
    expect(panel.headers.vary).toMatch(/cookie/i);
    expect(panel.body).toContain('<html lang="en">');
    expect(panel.body).toContain('<div id="root" data-frame="en"><p>panel en</p></div>');
    // The app's own entry and preloads stay (it renders at once, afresh), and the catalog part is preloaded beside them.
    expect(panel.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(panel.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-1.js">');
    expect(panel.body).toContain('<link rel="modulepreload" crossorigin href="/assets/_catalog-en-panel-1.js">');
    expect(panel.body).not.toContain('data-prerendered');

    expect((await get('/profile')).body).toContain('<p>panel es</p>');
    expect((await get('/admin/applications', { cookie: 'language=en' })).body).toContain('<p>admin es</p>');
    expect((await get('/submission/4')).body).toContain('<p>public es</p>');
    const compressed = await get('/admin', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toContain('<p>admin es</p>');
  });

  it('never answers a file name, a non-GET or an API path with the frame', async () => {
    for (const path of ['/panel/x.json', '/api/nothing-here']) {
      const missing = await get(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.body, path).not.toContain('data-frame');
    }
    const posted = await test.app.inject({ method: 'POST', url: '/panel/programs', payload: {} });
    expect(posted.statusCode).toBe(404);
    expect(posted.body).not.toContain('data-frame');
  });
});

describe.each(databaseKinds)('the landing page shows the interest form as it is (%s)', (kind) => {
  let test: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-landing-'));
    writeFileSync(join(spaDir, 'index.html'), template);
    for (const language of ['es', 'en'] as const) {
      mkdirSync(join(spaDir, 'pages', language), { recursive: true });
      mkdirSync(join(spaDir, 'landing', language), { recursive: true });
      const page = (html: string) => fillTemplate(template, language, { html, title: 'Inicio', description: 'Inicio' }, `/assets/${language}-1.js`, '/assets/boot-1.js');
      writeFileSync(join(spaDir, 'pages', language, 'index.html'), page(`<p>closed ${language}</p>`));
      writeFileSync(join(spaDir, 'landing', language, 'open.html'), page(`<p>${interestDescriptionMark}</p><form></form>`));
      writeFileSync(join(spaDir, 'landing', language, 'open-plain.html'), page(`<p>plain ${language}</p><form></form>`));
    }
    await precompressDirectory(spaDir);
    test = await startTestApp(kind, { env: { SPA_DIR: spaDir } });
  });
  afterAll(async () => {
    await test?.close();
    rmSync(spaDir, { recursive: true, force: true });
  });

  const get = (headers: Record<string, string> = {}) => test.app.inject({ method: 'GET', url: '/', headers });
  /** The data the page carries for the browser's first render. */
  const dataOf = (html: string): unknown => {
    const found = html.match(new RegExp(`<script type="application/json" id="${interestFormDataId}">(.*?)</script>`));
    if (!found) throw new Error('the page carries no interest form data');
    return JSON.parse(found[1] ?? '');
  };

  it('with no form open: the page that says so, and null beside it', async () => {
    const page = await get();
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-language']).toBe('es');
    expect(page.body).toContain('<p>closed es</p>');
    expect(dataOf(page.body)).toBeNull();
  });

  it('with a form open: the form drawn with its description (escaped), in the language of the cookie, compressed', async () => {
    const [form] = await test.app.ctx.db
      .insert(events)
      .values({ kind: 'interest', title_es: 'Interés', title_en: 'Interest', description_es: 'Déjenos <b>sus</b> datos $&', description_en: 'Tell us & stay "in touch"', status: 'open' })
      .returning();
    if (!form) throw new Error('no event inserted');
    const spanish = await get();
    expect(spanish.body).toContain('<p>Déjenos &lt;b&gt;sus&lt;/b&gt; datos $&amp;</p><form></form>');
    expect(spanish.body).not.toContain(interestDescriptionMark);
    expect(dataOf(spanish.body)).toMatchObject({ id: form.id, kind: 'interest', available: true, description: { es: 'Déjenos <b>sus</b> datos $&' } });
    // The data cannot end its <script> early, whatever the description holds.
    expect(spanish.body).not.toContain('<b>sus</b>');

    const english = await get({ cookie: 'language=en', 'accept-encoding': 'gzip, br' });
    expect(english.headers['content-encoding']).toBe('br');
    expect(english.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(english.rawPayload).toString();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<p>Tell us &amp; stay &quot;in touch&quot;</p>');

    // No description in that language: the drawing with the block's own sentence.
    await test.app.ctx.db.update(events).set({ description_en: '' });
    expect((await get({ cookie: 'language=en' })).body).toContain('<p>plain en</p>');

    // Closed by staff: the page says no form is open again.
    await test.app.ctx.db.update(events).set({ status: 'closed' });
    const closed = await get();
    expect(closed.body).toContain('<p>closed es</p>');
    expect(dataOf(closed.body)).toBeNull();
  });
});
