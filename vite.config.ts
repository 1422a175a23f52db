// Vite builds the SPA; Vitest runs the unit, machine and server suites (projects below).
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogsPlugin } from './scripts/catalogs-plugin.ts';
import { withoutAdminCode } from './scripts/precache-shell.ts';
import { prerenderPlugin } from './scripts/prerender.ts';
import { englishManifestPlugin, webManifest } from './scripts/web-manifest.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The message catalogs in parts, compiled ahead of time (docs/decisions/062-small-chunks.md).
    catalogsPlugin(),
    // The public pages rendered in each language (docs/decisions/020-news-and-a-light-landing-page.md), then brotli and
    // gzip copies of the built files, sent as they are by the server (docs/decisions/012-speed.md).
    prerenderPlugin(),
    // The installable app and its offline shell (docs/decisions/060-offline-shell.md): the worker is our own
    // (src/app/sw.ts, so /api answers are never cached), registered by the SPA after the first paint (injectRegister
    // false) and never activated behind the person's back (the update prompt, src/app/UpdatePrompt.tsx).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/app',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: webManifest('es'),
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // The shell, the frames of the screens (the worker picks one per family and language: src/app/sw.ts), every
        // route chunk, the catalogs and the icons; not the prerendered public pages (the server picks one per language
        // cookie) nor the compressed copies, which the browser never asks for by name.
        globPatterns: ['index.html', 'frame/*/*.html', 'assets/**/*.{js,css,woff2}', 'icons/*.{png,svg}', '*.webmanifest'],
        globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'pages/**', 'landing/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // Not the admin code, which applicants never load: staff fetch it at run time (docs/decisions/066-boot-closure.md).
        manifestTransforms: [withoutAdminCode('dist')],
      },
      devOptions: { enabled: false },
    }),
    englishManifestPlugin(),
  ],
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  // Hidden maps: written for error reports, not linked from the bundles (and never served: server/plugins/spa.ts).
  // Two entries: the SPA (index.html) and the prerendered pages' boot script, which loads the SPA on intent
  // (docs/decisions/034-hydrate-on-intent.md; scripts/prerender.ts puts it in place of the SPA's scripts).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    // dist/.vite/manifest.json: which chunks each module needs, read by the precache's list (scripts/precache-shell.ts),
    // the prerender (each public page's chunks) and `npm run bench:chunks`. Not served: @fastify/static skips dot folders.
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html', boot: 'src/app/boot.ts' },
      // The libraries every screen starts with (React, the router, TanStack Query, react-intl, XState...) in one chunk
      // instead of a dozen: fewer requests on a phone's slow link, and one larger file compresses better
      // (docs/decisions/066-boot-closure.md, "Grouped").
      // The app's own modules every screen starts with (the entry's static imports: the session, the API client, the
      // layout's parts) likewise in one `shell` chunk: left to the bundler they were 24 files of 0.1 to 4 KiB,
      // which a phone fetched six at a time over HTTP/1.1 (docs/decisions/072-fewer-files.md). Kept out: the entry,
      // main.tsx, whose top-level `await` waits for route chunks that import the shell (in the shell, each would wait
      // for the other and the app never start), and the prerendered pages' boot script, which must stay a few KB.
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', tags: ['$initial'], test: /node_modules/ },
            { name: 'shell', tags: ['$initial'], test: (id) => /\/(src|machines|shared)\//.test(id) && !/\/src\/app\/(main\.tsx|boot\.ts|boot-rules\.ts)$/.test(id) },
          ],
        },
      },
    },
  },
  test: {
    // Each worker runs its files one after another in one process, its modules loaded once (isolate: false): the
    // app's module graph (Fastify, Drizzle, PGlite, the contract) took seconds to load for every one of the files
    // again, the largest share of the step after the tests themselves. No suite changes the process for the next: none
    // mocks modules or sets the environment, and every app, server and database a file starts it closes
    // (docs/decisions/069-test-time.md).
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'machines/**/*.test.ts'],
          environment: 'node',
          // One group with the server files, two at a time: on two cores Vitest's default (the cores less one) ran
          // these one by one, and the server files waited for the last of them. The sequence puts the server files
          // first (longest, largest), and the short unit files fill in while the last server files run.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
          // The scans of the whole source (tests/unit/one-*.test.ts parse every file) take about 4 s alone and several
          // times that on a busy machine: Vitest's 5 s default failed them there.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own PGlite; two cores, so two files at a time.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
