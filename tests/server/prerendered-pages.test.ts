// The prerendered public pages (docs/decisions/020-news-and-a-light-landing-page.md): the server sends the file of the
// `language` cookie's language, else Spanish's, compressed like every file; other paths keep the SPA page, and an
// unknown file name is a 404, never HTML. (tests/e2e/landing-prerender.spec.ts checks the real build's pages.)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress.ts';
import { fillTemplate } from '../../scripts/prerender.ts';
import { databaseKinds, startTestApp, type TestApp } from '../support/server.ts';

const template =
  '<!doctype html>\n<html lang="es">\n  <head>\n    <title>Portal</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
  '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

describe.each(databaseKinds)('prerendered pages (%s)', (kind) => {
  let test: TestApp;
  let spaDir: string;

  beforeAll(async () => {
    spaDir = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    writeFileSync(join(spaDir, 'index.html'), template);
    for (const [language, heading] of [['es', 'Bienvenida'], ['en', 'Welcome']] as const) {
      mkdirSync(join(spaDir, 'pages', language, 'account'), { recursive: true });
      const page = (title: string) => ({ html: `<h1>${heading} ${title}</h1>`, title, description: `${heading} & "${title}"` });
      writeFileSync(join(spaDir, 'pages', language, 'index.html'), fillTemplate(template, language, page('home'), `/assets/${language}-1.js`, '/assets/boot-1.js'));
      writeFileSync(join(spaDir, 'pages', language, 'account', 'create.html'), fillTemplate(template, language, page('create'), `/assets/${language}-1.js`, '/assets/boot-1.js'));
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
    // The boot script instead of the SPA's entry and preloads, which it loads on intent (docs/decisions/034).
    expect(spanish.body).toContain(
      '<script type="module" crossorigin src="/assets/boot-1.js" data-app-entry="/assets/index-1.js" data-app-preload="/assets/react-1.js /assets/es-1.js"></script>',
    );
    expect(spanish.body).not.toContain('modulepreload');
    expect(spanish.body).not.toContain('src="/assets/index-1.js"');

    const english = await get('/account/create?next=%2Fpanel', { cookie: 'theme=dark; language=en' });
    expect(english.headers['content-language']).toBe('en');
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Welcome create</h1>');
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
