// The public pages prerendered at build time (scripts/prerender.ts wrote dist/pages/<language>/<path>.html): which
// exist, and which language a request gets. The language is the device's choice, which the SPA's switcher copies
// into the `language` cookie (src/lib/locale.ts); without one, Spanish (docs/decisions/016 and 020).
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export const PRERENDERED_DIR = 'pages';
export const DEFAULT_PAGE_LANGUAGE = 'es';

/** URL path -> language -> file (relative to the SPA's root), read once at start from what the build wrote. */
export type PrerenderedPages = Map<string, Map<string, string>>;

function htmlFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? htmlFilesUnder(join(dir, entry.name)) : entry.name.endsWith('.html') ? [join(dir, entry.name)] : [],
  );
}

export function findPrerenderedPages(spaDir: string): PrerenderedPages {
  const pages: PrerenderedPages = new Map();
  const base = join(spaDir, PRERENDERED_DIR);
  if (!existsSync(base)) return pages;
  for (const language of readdirSync(base)) {
    if (!/^[a-z]{2}$/.test(language)) continue;
    for (const file of htmlFilesUnder(join(base, language))) {
      const inLanguage = relative(join(base, language), file).split('\\').join('/');
      const path = inLanguage === 'index.html' ? '/' : `/${inLanguage.slice(0, -'.html'.length)}`;
      if (!pages.has(path)) pages.set(path, new Map());
      pages.get(path)?.set(language, `${PRERENDERED_DIR}/${language}/${inLanguage}`);
    }
  }
  return pages;
}

/** The `language` cookie's value, when it names a language; anything else is ignored. */
export function cookieLanguage(cookieHeader: string | undefined): string | undefined {
  return cookieHeader?.match(/(?:^|;\s*)language=([a-z]{2})(?:;|$)/)?.[1];
}

/** The file of `page` for a request with this Cookie header: the cookie's language when built, else Spanish's. */
export function pickPrerenderedFile(page: Map<string, string>, cookieHeader: string | undefined): { language: string; file: string } | undefined {
  for (const language of [cookieLanguage(cookieHeader), DEFAULT_PAGE_LANGUAGE]) {
    const file = language === undefined ? undefined : page.get(language);
    if (language !== undefined && file !== undefined) return { language, file };
  }
  return undefined;
}
