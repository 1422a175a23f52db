// After the browser build: builds src/app/PrerenderedApp.tsx for Node, writes each public page in each language to
// dist/pages/<language>/<path>.html (dist/index.html with the page's markup, <html lang>, title and description),
// then compresses the whole build (scripts/precompress.ts). The server picks the file (server/http/prerendered.ts).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { precompressDirectory } from './precompress.ts';

const locales = ['es', 'en'] as const;

interface PrerenderModule {
  prerenderedPages: readonly { path: string; description: { id: string } }[];
  renderPage(path: string, description: { id: string }, locale: string): Promise<{ html: string; title: string; description: string }>;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a page's file goes under dist/pages/<language>/: `/` is index.html, `/account/create` account/create.html. */
export const prerenderedFile = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/** The built chunk of a language's catalog (Vite names it after locales/<language>.json), fetched with the page. */
async function catalogChunk(dist: string, locale: string): Promise<string> {
  const found = (await readdir(join(dist, 'assets'))).filter((name) => new RegExp(`^${locale}-[\\w-]+\\.js$`).test(name));
  if (found.length !== 1) throw new Error(`expected one catalog chunk for ${locale} in dist/assets, found ${found.length}`);
  return `/assets/${found[0]}`;
}

/** Fills the built index.html with one rendered page (and a preload of its language's catalog, needed to hydrate). */
export function fillTemplate(
  template: string,
  locale: string,
  page: { html: string; title: string; description: string },
  catalog: string,
): string {
  const filled = template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace('</head>', `  <link rel="modulepreload" crossorigin href="${catalog}">\n  </head>`)
    .replace(
      /<title>[^<]*<\/title>/,
      `<title>${escapeHtml(page.title)}</title>\n    <meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${page.html}</div>`);
  if (!filled.includes('data-prerendered') || !filled.includes('name="description"')) {
    throw new Error('dist/index.html no longer has the <title> and empty <div id="root"> the prerender fills');
  }
  return filled;
}

/** Renders every public page of PrerenderedApp.tsx in each language into `<root>/dist/pages`. */
export async function prerenderPages(root: string): Promise<number> {
  const dist = join(root, 'dist');
  const serverBuild = join(root, 'node_modules', '.prerender');
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/app/PrerenderedApp.tsx', outDir: serverBuild, emptyOutDir: true, sourcemap: false },
  });
  const entry = pathToFileURL(join(serverBuild, 'PrerenderedApp.js')).href;
  const app = (await import(`${entry}?build=${Date.now()}`)) as PrerenderModule;
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  let written = 0;
  for (const locale of locales) {
    const catalog = await catalogChunk(dist, locale);
    for (const { path, description } of app.prerenderedPages) {
      const page = await app.renderPage(path, description, locale);
      const file = join(dist, 'pages', locale, prerenderedFile(path));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, fillTemplate(template, locale, page, catalog));
      written += 1;
    }
  }
  return written;
}

/** The Vite plugin: prerender, then compress, once the browser build is written (not after the Node build it starts). */
export function prerenderPlugin(): Plugin {
  let root = process.cwd();
  let serverBuild = false;
  return {
    name: 'prerender-and-precompress',
    apply: 'build',
    configResolved(config) {
      root = resolve(config.root);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      await prerenderPages(root);
      await precompressDirectory(join(root, 'dist'));
    },
  };
}
