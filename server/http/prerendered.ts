// The public pages prerendered at build time (scripts/prerender.ts wrote dist/pages/<language>/<path>.html): which
// exist, and which language a request gets. The language is the device's choice, which the SPA's switcher copies
// into the `language` cookie (src/lib/locale.ts); without one, Spanish (docs/decisions/016 and 020). The landing page is
// filled in per request with the interest form's state (docs/decisions/048-the-applicants-copy.md, "Fault 7").
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { components } from '#api/schema.d.ts';
import { interestDescriptionMark, interestFormDataId, LANDING_VARIANTS_DIR } from '#shared/prerendered-landing.ts';
import { FRAME_DIR, FRAME_FAMILIES, frameFile, type FrameFamily } from '#shared/prerendered-frame.ts';

type Schemas = components['schemas'];

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

/** Family -> language -> file of the frame (shared/prerendered-frame.ts), read once at start. */
export type DrawnFrames = Map<FrameFamily, Map<string, string>>;

/** The frames this build drew (empty for a build without them). */
export function findFrames(spaDir: string): DrawnFrames {
  const frames: DrawnFrames = new Map();
  const base = join(spaDir, FRAME_DIR);
  if (!existsSync(base)) return frames;
  for (const language of readdirSync(base)) {
    if (!/^[a-z]{2}$/.test(language)) continue;
    for (const family of Object.keys(FRAME_FAMILIES) as FrameFamily[]) {
      if (!existsSync(join(spaDir, frameFile(language, family)))) continue;
      if (!frames.has(family)) frames.set(family, new Map());
      frames.get(family)?.set(language, frameFile(language, family));
    }
  }
  return frames;
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

/** The landing page's drawings, per language, read once at start: none open (the page itself) and each open variant. */
export interface LandingDrawings {
  closed: Map<string, string>;
  open: Map<string, string>;
  openPlain: Map<string, string>;
}

/** Reads the landing page's drawings (shared/prerendered-landing.ts), or undefined when this build has none. */
export function readLandingDrawings(spaDir: string, home: Map<string, string> | undefined): LandingDrawings | undefined {
  if (!home) return undefined;
  const drawings: LandingDrawings = { closed: new Map(), open: new Map(), openPlain: new Map() };
  for (const [language, file] of home) {
    const open = join(spaDir, LANDING_VARIANTS_DIR, language, 'open.html');
    const openPlain = join(spaDir, LANDING_VARIANTS_DIR, language, 'open-plain.html');
    if (!existsSync(open) || !existsSync(openPlain)) return undefined;
    drawings.closed.set(language, readFileSync(join(spaDir, file), 'utf8'));
    drawings.open.set(language, readFileSync(open, 'utf8'));
    drawings.openPlain.set(language, readFileSync(openPlain, 'utf8'));
  }
  return drawings;
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');

/** JSON inside a `<script>`: nothing in it can close the element or open a comment. */
const scriptJson = (value: unknown): string =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The landing page in `language` as it is now: the drawing of the interest form's state, its description written in,
 * and the form's data beside the page for the browser's first render (src/app/prerendered-data.ts).
 */
export function landingPage(drawings: LandingDrawings, language: string, form: Schemas['Event'] | null): string {
  const open = form?.available ? form : null;
  const description = open ? open.description[language === 'en' ? 'en' : 'es'] : '';
  const drawing = !open ? drawings.closed : description === '' ? drawings.openPlain : drawings.open;
  const page = drawing.get(language) ?? '';
  const data = `<script type="application/json" id="${interestFormDataId}">${scriptJson(open)}</script>`;
  // A function as the replacement: the description's own `$&` or `$1` stays text.
  return page.replace(interestDescriptionMark, () => escapeHtml(description)).replace('</body>', () => `    ${data}\n  </body>`);
}
