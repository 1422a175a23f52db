// After the browser build: builds src/app/PrerenderedApp.tsx for Node, writes each public page in each language to
// dist/pages/<language>/<path>.html (dist/index.html with the page's markup, <html lang>, title and description, and
// the boot script in place of the SPA's scripts: docs/decisions/034-hydrate-on-intent.md; the landing page also with an
// interest form open, into dist/landing/<language>/: shared/prerendered-landing.ts), then compresses the whole
// build (scripts/precompress.ts). The server picks the file (server/http/prerendered.ts).
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { precompressDirectory } from './precompress.ts';
import { filesOf, reachableKeys, readViteManifest, type ViteManifest } from './vite-manifest.ts';
import { manifestHref } from '../src/lib/offline-shell.ts';
import { LANGUAGE_VALUES } from '../shared/contract-enums.ts';
import { interestVariants, LANDING_VARIANTS_DIR, type InterestVariant } from '../shared/prerendered-landing.ts';
import { catalogPartsFor, type CatalogPart } from '../shared/catalog-parts.ts';
import { FRAME_FAMILIES, frameFile, type FrameFamily } from '../shared/prerendered-frame.ts';

const locales = LANGUAGE_VALUES;

interface PrerenderModule {
  prerenderedPages: readonly { path: string; description: { id: string }; code: string; appAtOnce?: boolean }[];
  renderPage(
    path: string,
    description: { id: string },
    locale: string,
    interest?: InterestVariant,
  ): Promise<{ html: string; title: string; description: string }>;
  renderFrame(locale: string): Promise<{ html: string; title: string }>;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a page's file goes under dist/pages/<language>/: `/` is index.html, `/account/create` account/create.html. */
export const prerenderedFile = (path: string): string => (path === '/' ? 'index.html' : `${path.slice(1)}.html`);

/**
 * The built chunk of a part of a language's catalog (scripts/catalogs-plugin.ts names it _catalog-<language>-<part>,
 * Rollup writing the id's leading \0 as `_`, and Vite adds an 8-character hash), fetched with the app.
 */
async function catalogChunk(dist: string, locale: string, part: CatalogPart = 'public'): Promise<string> {
  const found = (await readdir(join(dist, 'assets'))).filter((name) => new RegExp(`^_catalog-${locale}-${part}-[\\w-]{8}\\.js$`).test(name));
  if (found.length !== 1) throw new Error(`expected one ${part} catalog chunk for ${locale} in dist/assets, found ${found.length}`);
  return `/assets/${found[0]}`;
}

/** The built boot script (src/app/boot.ts, the second entry of vite.config.ts). */
async function bootChunk(dist: string): Promise<string> {
  const found = (await readdir(join(dist, 'assets'))).filter((name) => /^boot-[\w-]+\.js$/.test(name));
  if (found.length !== 1) throw new Error(`expected one boot chunk in dist/assets, found ${found.length}`);
  return `/assets/${found[0]}`;
}

/**
 * The built files a page renders: the chunk of the module its route loads lazily (`code` in src/app/PrerenderedApp.tsx)
 * and that chunk's static imports that index.html does not preload already, from the build's manifest
 * (vite.config.ts). A prerendered page needs them to hydrate, so the boot script preloads them with the entry instead
 * of after it; only them: /terms does not download the public pages' chunk it never renders
 * (docs/decisions/066-boot-closure.md).
 */
export function renderedChunks(manifest: ViteManifest, template: string, code: string): string[] {
  if (!manifest[code]?.isDynamicEntry) throw new Error(`${code} is not a lazily loaded chunk of the build: update the page's \`code\``);
  const files = filesOf(manifest, reachableKeys(manifest, [code]));
  return [...files].map((file) => `/${file}`).filter((href) => !template.includes(`"${href}"`));
}

const entryScript = /[ \t]*<script type="module" crossorigin src="([^"]+)"><\/script>\n?/g;
const modulePreload = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;

/**
 * Swaps the SPA's entry and its modulepreloads for the boot script, which loads them on intent: the entry's URL in
 * `data-app-entry`, what it would have preloaded (and the language's catalog, needed to hydrate) in `data-app-preload`.
 */
export function bootInsteadOfEntry(template: string, boot: string, catalog: string, appAtOnce = false, pageChunks: string[] = []): string {
  const entries = [...template.matchAll(entryScript)].map((match) => match[1] ?? '');
  if (entries.length !== 1) throw new Error(`dist/index.html should load one module entry, found ${entries.length}`);
  const preloads = [...[...template.matchAll(modulePreload)].map((match) => match[1] ?? ''), ...pageChunks, catalog];
  const atOnce = appAtOnce ? ' data-app-at-once' : '';
  const tag = `    <script type="module" crossorigin src="${boot}" data-app-entry="${entries[0]}" data-app-preload="${preloads.join(' ')}"${atOnce}></script>\n`;
  return template.replace(modulePreload, '').replace(entryScript, tag);
}

/** Fills the built index.html with one rendered page, loading the boot script instead of the SPA's entry. */
export function fillTemplate(
  template: string,
  locale: string,
  page: { html: string; title: string; description: string },
  catalog: string,
  boot: string,
  appAtOnce = false,
  pageChunks: string[] = [],
): string {
  const filled = bootInsteadOfEntry(template, boot, catalog, appAtOnce, pageChunks)
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace(`href="${manifestHref('es')}"`, `href="${manifestHref(locale)}"`)
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

/**
 * Fills the built index.html with the frame (docs/decisions/067-the-frame-before-the-app.md): the SPA's own entry and
 * preloads stay, the catalog parts of the family's screens are preloaded beside them (the app would ask for them only
 * once its entry ran), and #root holds the drawn frame, which the app replaces (no `data-prerendered`: not hydrated).
 */
export function fillFrame(template: string, locale: string, frame: { html: string; title: string }, catalogs: readonly string[]): string {
  const preloads = catalogs.map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`).join('');
  const filled = template
    .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
    .replace(`href="${manifestHref('es')}"`, `href="${manifestHref(locale)}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(frame.title)}</title>`)
    .replace('</head>', `${preloads}  </head>`)
    .replace('<div id="root"></div>', `<div id="root" data-frame="${locale}">${frame.html}</div>`);
  if (!filled.includes('data-frame') || !filled.includes('type="module"')) {
    throw new Error('dist/index.html no longer has the module entry and empty <div id="root"> the frame fills');
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
    // One file: the module is imported with a query (a fresh copy each build), so a chunk importing it back by its plain
    // name would get a second copy, with a second session context (the public pages are lazy routes). The browser
    // build's chunk groups (vite.config.ts) are turned off with it.
    build: {
      ssr: 'src/app/PrerenderedApp.tsx',
      outDir: serverBuild,
      emptyOutDir: true,
      sourcemap: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const entry = pathToFileURL(join(serverBuild, 'PrerenderedApp.js')).href;
  const app = (await import(`${entry}?build=${Date.now()}`)) as PrerenderModule;
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  const boot = await bootChunk(dist);
  const manifest = readViteManifest(dist);
  let written = 0;
  for (const locale of locales) {
    const catalog = await catalogChunk(dist, locale);
    for (const { path, description, code, appAtOnce } of app.prerenderedPages) {
      const chunks = renderedChunks(manifest, template, code);
      const page = await app.renderPage(path, description, locale);
      const file = join(dist, 'pages', locale, prerenderedFile(path));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, fillTemplate(template, locale, page, catalog, boot, appAtOnce, chunks));
      written += 1;
      if (path !== '/') continue;
      // The landing page with an interest form open, each way it can look (shared/prerendered-landing.ts).
      for (const variant of interestVariants) {
        const drawn = await app.renderPage(path, description, locale, variant);
        const variantFile = join(dist, LANDING_VARIANTS_DIR, locale, `${variant}.html`);
        await mkdir(dirname(variantFile), { recursive: true });
        await writeFile(variantFile, fillTemplate(template, locale, drawn, catalog, boot, appAtOnce, chunks));
      }
    }
  }
  for (const locale of locales) {
    const frame = await app.renderFrame(locale);
    for (const [family, address] of Object.entries(FRAME_FAMILIES) as [FrameFamily, string][]) {
      const catalogs = await Promise.all(catalogPartsFor(address).map((part) => catalogChunk(dist, locale, part)));
      const file = join(dist, frameFile(locale, family));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, fillFrame(template, locale, frame, catalogs));
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
