// What the service worker (src/app/sw.ts) answers from its cache, and the page's side of it: the messages between
// them, the device's language they share (the worker draws the frame in it: docs/decisions/067-the-frame-before-the-app.md)
// and the caches sign-out empties (docs/decisions/060-offline-shell.md). The worker bundles this file: it imports
// nothing but the paths.
import { paths } from './paths.ts';

/** The precached page every SPA navigation gets when the worker answers it. */
export const SHELL_URL = '/index.html';

/** The page's word to a waiting worker: take over now (only after the person accepted the update). */
export const SKIP_WAITING_MESSAGE = 'skip-waiting';

/** The web app manifest of a language (scripts/web-manifest.ts writes both): Spanish first, English beside it. */
export const manifestHref = (language: string): string =>
  language === 'en' ? '/manifest.en.webmanifest' : '/manifest.webmanifest';

/** The public pages the server prerenders (src/app/PrerenderedApp.tsx): network first. */
const PRERENDERED_PUBLIC_PAGES: ReadonlySet<string> = new Set([
  paths.home,
  paths.login,
  paths.createAccount,
  paths.passwordReset,
  paths.terms,
]);

export const isPrerenderedPublicPage = (pathname: string): boolean => PRERENDERED_PUBLIC_PAGES.has(pathname);

/**
 * Whether a navigation is to an SPA route the cached shell may answer: never /api (a download, a health check), never
 * a file of the server (/sw.js, /robots.txt, /assets/...: a last segment with an extension).
 */
export function isShellNavigation(pathname: string): boolean {
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/\.[a-z0-9]+$/i.test(last);
}

/**
 * The device's language, copied where the worker can read it. A worker cannot read the `language` cookie the server
 * reads: a navigation's Request in the fetch event carries no Cookie header (the browser adds cookies after the worker,
 * on the way to the network), and the Cookie Store API, which can, reached every engine's workers only in 2025 while
 * phones keep older browsers for years. So the page writes a copy beside the cookie, one small entry of its own cache.
 */
export const LANGUAGE_CACHE = 'device-language';
/** The entry's key: an address of this origin that nothing serves, only a name in LANGUAGE_CACHE. */
const LANGUAGE_ENTRY = '/device-language';

/** The page's side: keeps the language the cookie names (src/lib/locale.ts writes both). Without the Cache API, nothing. */
export async function rememberLanguageForWorker(language: string): Promise<void> {
  // No Cache API on an insecure origin; a private window may refuse to open one.
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(LANGUAGE_CACHE);
    await cache.put(LANGUAGE_ENTRY, new Response(language, { headers: { 'content-type': 'text/plain' } }));
  } catch {
    // The worker then draws the frame in Spanish, as the server does for a device that named no language.
  }
}

/** The worker's side: the language the page last kept, if it names one (anything else is ignored). */
export async function keptLanguage(): Promise<string | undefined> {
  try {
    const kept = await (await caches.open(LANGUAGE_CACHE)).match(LANGUAGE_ENTRY);
    const language = (await kept?.text())?.trim();
    return language && /^[a-z]{2}$/.test(language) ? language : undefined;
  } catch {
    return undefined;
  }
}

/** The precache's name starts so (workbox-precaching); every other cache of this origin is emptied at sign-out. */
const PRECACHE_PREFIX = 'workbox-precache';

/**
 * Deletes every cache of this origin but the versioned shell (the frames with it: they are nobody's) and the device's
 * language (the device's choice, like the cookie and localStorage's copy, which sign-out keeps too): nothing a
 * signed-in person fetched may outlive their session on a shared phone. The worker caches no /api answer; this keeps
 * it so if a cache is ever added.
 */
export async function clearWorkerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  const kept = (name: string) => name.startsWith(PRECACHE_PREFIX) || name === LANGUAGE_CACHE;
  await Promise.all(names.filter((name) => !kept(name)).map((name) => caches.delete(name)));
}
