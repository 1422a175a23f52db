// `npm run bench:chunks` (after `npm run build`): the brotli bytes of the scripts each screen loads before its first
// render, read from the build's manifest, so the figure does not depend on the machine's load
// (docs/decisions/066-boot-closure.md). `-- --files` lists each screen's files; `-- --stack` also builds the mandated
// libraries alone to show what they cost.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { catalogPartsFor } from '#shared/catalog-parts';
import { root } from '#test-support/processes.ts';
// The build's own reader of its manifest, shared with the prerender and the precache list; scripts/ has no path alias.
// eslint-disable-next-line no-restricted-imports
import { filesOf, reachableKeys, readViteManifest, type ViteManifest } from '../scripts/vite-manifest.ts';

/**
 * The bench's screens (bench/web.ts), the two public ones and an application's step 1, each with the modules src/app/main.tsx awaits before the
 * first render for that address: the matched routes' `lazy` code (resolveLazyRoutes; a step screen's includes its
 * steps' validators, shared/validation/step-validators.ts) and, for staff, the admin code
 * (preloadAdminCode). Kept in step with src/app/AppRoutes.tsx by hand. A module that is no chunk of its own is part of
 * the entry: the table marks that screen "(in the entry)", so a renamed module shows rather than pass unnoticed.
 */
export const SCREENS: { path: string; modules: string[] }[] = [
  { path: '/', modules: ['src/app/PublicRoutes.tsx'] },
  { path: '/login', modules: ['src/app/PublicRoutes.tsx'] },
  { path: '/panel/programs', modules: ['src/app/PanelRoutes.tsx', 'src/features/programs/components/ProgramsPage.tsx'] },
  {
    path: '/panel/programs/my',
    modules: ['src/app/PanelRoutes.tsx', 'src/features/programs/components/MyProgramsPage.tsx'],
  },
  {
    path: '/panel/application/:id/1',
    modules: ['src/app/PanelRoutes.tsx', 'src/app/ApplicationRoutes.tsx', 'shared/validation/validators/application-screen-1.js'],
  },
  {
    path: '/panel/application/:id/3',
    modules: ['src/app/PanelRoutes.tsx', 'src/app/ApplicationRoutes.tsx', 'shared/validation/validators/application-screen-3.js'],
  },
  { path: '/profile', modules: ['src/features/profile/components/ProfilePage.tsx'] },
  { path: '/admin/applications', modules: ['src/app/AdminRoutes.tsx', 'src/features/admin-applications/components/ApplicationsPage.tsx'] },
  {
    path: '/admin/dashboard',
    modules: ['src/app/AdminRoutes.tsx', 'src/features/admin-dashboard/components/DashboardPage.tsx'],
  },
];

const dist = join(root, 'dist');
const brotliCache = new Map<string, number>();

/** A file's brotli size: the build's own .br copy (what the server sends, scripts/precompress.ts) or made here. */
function brotliBytes(path: string): number {
  let size = brotliCache.get(path);
  if (size !== undefined) return size;
  size = existsSync(`${path}.br`)
    ? statSync(`${path}.br`).size
    : brotliCompressSync(readFileSync(path), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  brotliCache.set(path, size);
  return size;
}

/** The built files of `keys` and everything they import statically (what Vite preloads beside them). */
const closure = (manifest: ViteManifest, keys: string[]): Set<string> => filesOf(manifest, reachableKeys(manifest, keys));

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const sum = (files: Iterable<string>, dir = dist) => [...files].reduce((total, file) => total + brotliBytes(join(dir, file)), 0);

function measure(manifest: ViteManifest, showFiles: boolean): string {
  const boot = closure(manifest, ['index.html']);
  const rows = SCREENS.map(({ path, modules }) => {
    const own = modules.filter((module) => manifest[module]);
    const code = closure(manifest, ['index.html', ...own]);
    const catalog = (language: string) => closure(manifest, catalogPartsFor(path).map((part) => `catalog-${language}-${part}`));
    const es = catalog('es');
    const total = sum(code) + sum(es);
    if (showFiles) {
      const listed = [...code, ...es].map((file) => [file, brotliBytes(join(dist, file))] as const).sort((a, b) => b[1] - a[1]);
      console.log(`\n${path}\n${listed.map(([file, size]) => `  ${kib(size).padStart(10)}  ${file}`).join('\n')}`);
    }
    const note = own.length < modules.length ? ' (in the entry)' : '';
    return `| ${path}${note} | ${kib(total)} | ${kib(sum(code))} | ${kib(sum(es))} | ${kib(sum(catalog('en')))} | ${code.size + es.size} |`;
  });
  return [
    `Boot closure (index.html's entry and its static imports): ${kib(sum(boot))} in ${boot.size} files.`,
    '',
    '| screen | scripts + es catalog | scripts | es catalog | en catalog | files |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

/**
 * The mandated libraries alone (docs/stack.md), bundled and minified as the SPA's build does, with what an app of this
 * shape imports from them.
 */
const STACK: Record<string, string> = {
  'react + react-dom': `import { StrictMode, createElement } from 'react'; import { createRoot } from 'react-dom/client';
    createRoot(document.body).render(createElement(StrictMode, null, 'x'));`,
  'react-router 7 (react-router-dom)': `import { createBrowserRouter, RouterProvider, Link, NavLink, Outlet, useNavigate, useParams, useLocation, redirect, matchRoutes } from 'react-router-dom';
    globalThis.x = [createBrowserRouter, RouterProvider, Link, NavLink, Outlet, useNavigate, useParams, useLocation, redirect, matchRoutes];`,
  '@tanstack/react-query': `import { QueryClient, QueryClientProvider, useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
    globalThis.x = [QueryClient, QueryClientProvider, useQuery, useMutation, useQueryClient];`,
  'react-intl (no ICU parser)': `import { IntlProvider, FormattedMessage, useIntl, createIntl, defineMessages } from 'react-intl';
    globalThis.x = [IntlProvider, FormattedMessage, useIntl, createIntl, defineMessages];`,
  'xstate + @xstate/react': `import { createActor, setup, assign, fromPromise, fromCallback } from 'xstate'; import { useSelector, useActorRef } from '@xstate/react';
    globalThis.x = [createActor, setup, assign, fromPromise, fromCallback, useSelector, useActorRef];`,
};

async function measureStack(): Promise<string> {
  const { build } = await import('vite');
  const work = mkdtempSync(join(root, 'node_modules', '.bench-chunks-'));
  const bundle = async (name: string, source: string): Promise<number> => {
    const entry = join(work, `${name.replace(/\W+/g, '-')}.js`);
    writeFileSync(entry, source);
    const outDir = join(work, `out-${name.replace(/\W+/g, '-')}`);
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      // As the SPA's build: compiled messages need no parser (vite.config.ts).
      resolve: { alias: { '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js' } },
      build: { outDir, emptyOutDir: true, write: true, rolldownOptions: { input: entry }, modulePreload: false },
    });
    const assets = join(outDir, 'assets');
    return sum(readdirSync(assets).filter((file) => file.endsWith('.js')), assets);
  };
  try {
    // Added one at a time: each row's increase is what that library adds to the ones above it (React is counted once).
    const rows: string[] = [];
    let sources = '';
    let before = 0;
    for (const [name, source] of Object.entries(STACK)) {
      sources += `${source}\n`;
      const total = await bundle(name, sources);
      rows.push(`| ${name} | +${kib(total - before)} | ${kib(total)} |`);
      before = total;
    }
    return ['| library (added in this order) | adds (brotli) | running total |', '|---|---:|---:|', ...rows].join('\n');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (!existsSync(join(dist, '.vite', 'manifest.json'))) throw new Error('no dist/.vite/manifest.json: run `npm run build` first');
const manifest = readViteManifest(dist);
console.log(measure(manifest, process.argv.includes('--files')));
if (process.argv.includes('--stack')) console.log(`\n${await measureStack()}`);
