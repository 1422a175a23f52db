// The web app manifests, one per language (Spanish first: manifest.webmanifest; English: manifest.en.webmanifest),
// made from the catalogs so the installed app's name is the one the pages show. The SPA points the page's
// <link rel="manifest"> at its language's file (src/lib/locale.ts); the prerender does the same (scripts/prerender.ts).
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { components } from '../src/api/schema.d.ts';
import { manifestHref } from '../src/lib/offline-shell.ts';

type Language = components['schemas']['Language'];

/** The theme colour: the header's blue (Tailwind blue-900). */
export const THEME_COLOR = '#1c398e';

const catalog = (language: Language): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../locales/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;

export function webManifest(language: Language) {
  const messages = catalog(language);
  return {
    id: '/',
    name: messages['app.name'] ?? 'Incubadora',
    short_name: messages['app.shortName'] ?? 'Incubadora',
    description: messages['meta.description.home'] ?? '',
    lang: language,
    dir: 'ltr' as const,
    start_url: '/panel',
    scope: '/',
    display: 'standalone' as const,
    background_color: '#ffffff',
    theme_color: THEME_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      // The drawing keeps to the middle 80 %: a launcher may cut the corners off.
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Writes the English manifest beside the Spanish one vite-plugin-pwa writes. */
export function englishManifestPlugin(): Plugin {
  return {
    name: 'english-web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: manifestHref('en').slice(1),
        source: `${JSON.stringify(webManifest('en'))}\n`,
      });
    },
  };
}
