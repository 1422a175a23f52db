// What the service worker (src/app/sw.ts) answers from its cache, and the page's side of it: the messages between
// them and the caches sign-out empties (docs/decisions/060-offline-shell.md). The worker bundles this file: it imports
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

/** The precache's name starts so (workbox-precaching); every other cache of this origin is emptied at sign-out. */
const PRECACHE_PREFIX = 'workbox-precache';

/**
 * Deletes every cache of this origin but the versioned shell: nothing a signed-in person fetched may outlive their
 * session on a shared phone. The worker caches no /api answer; this keeps it so if a cache is ever added.
 */
export async function clearWorkerCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)));
}
