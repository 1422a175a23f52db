// The service worker (docs/decisions/060-offline-shell.md): the app shell, the frames of the screens and every route
// chunk precached and versioned by the build (vite-plugin-pwa injects the list); SPA navigations answered with the
// cached frame of the address's family in the device's language (docs/decisions/067-the-frame-before-the-app.md), the
// prerendered public pages from the network first. It never caches an /api answer (one person's data must not be
// kept for the next), and a new version waits until the page asks it to take over (the update prompt).
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { isPrerenderedPublicPage, isShellNavigation, keptLanguage, SHELL_URL, SKIP_WAITING_MESSAGE } from '#lib/offline-shell';
import { frameUrlsFor } from '#shared/prerendered-frame';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install takes the open page at once, so it works offline from the first visit. A later version reaches
// this only after the person accepted the update (skipWaiting below) or once every tab was closed.
clientsClaim();

const cachedShell = async (): Promise<Response> => (await matchPrecache(SHELL_URL)) ?? fetch(SHELL_URL);

/**
 * The frame the server would send for this address (server/http/error-handler.ts): its family's, in the language the
 * page kept for the worker (the worker cannot read the cookie: src/lib/offline-shell.ts), else in Spanish; the plain
 * shell for a build without frames. The app renders over it as over the server's.
 */
async function cachedFrame(pathname: string): Promise<Response> {
  for (const url of frameUrlsFor(pathname, await keptLanguage())) {
    const frame = await matchPrecache(url);
    if (frame) return frame;
  }
  return cachedShell();
}

// Only navigations to SPA routes of this origin; /api, files and other origins go to the network untouched.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isShellNavigation(url.pathname),
  async ({ request, url }) => {
    // The public pages are drawn by the server in the visitor's language (scripts/prerender.ts): from the network
    // while there is one, else the public frame, over which the app renders the same page.
    if (isPrerenderedPublicPage(url.pathname)) {
      try {
        return await fetch(request);
      } catch {
        return cachedFrame(url.pathname);
      }
    }
    // Signed-in screens and every other route: the cached frame at once, online or not (a repeat visit waits for no
    // round trip and paints the header at once; the screen's data comes from /api, through the network).
    return cachedFrame(url.pathname);
  },
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  // Sent only when the person accepted the update prompt (src/app/UpdatePrompt.tsx).
  if (event.data === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
