// Entry point: start the session actor, build the router around it, and render the app: over the prerendered HTML
// of a public page when it shows what this browser would render (hydrateRoot), afresh otherwise
// (docs/decisions/020-news-and-a-light-landing-page.md).
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { readRememberedEmail, readStoredRecord } from '#actors/session';
import { selectIsSignedIn, selectIsStaff } from '#machines/session/session.selectors';
import { applyDocumentLanguage, getLocale, hasStoredLocale, loadCatalogPart, rememberLanguageForServer } from '#lib/locale';
import { clearWorkerCaches } from '#lib/offline-shell';
import { catalogPartsFor } from '#shared/catalog-parts';
import './styles.css';
import { createQueryClient, Providers } from './Providers';
import { seedPrerenderedData } from './prerendered-data';
import { appRoutes, prerenderedLoaderData, preloadAdminCode, resolveLazyRoutes } from './AppRoutes';
import { prefetchRouteData } from './route-data';
import { startSession } from './session';
import { startInspector } from './inspector';
import { yieldToBrowser } from './yield';

applyDocumentLanguage();
await startInspector();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The query client first: the session's page actors refresh it (src/actors/page-actors.ts).
const queryClient = createQueryClient();
const session = startSession(queryClient);
seedPrerenderedData(queryClient);
const routes = appRoutes(session);
const { pathname, search } = window.location;
// The screen's data and, for staff, the admin code start now, beside the catalog and the route's code
// (docs/decisions/058-phone-speed.md): none of them waits for another.
prefetchRouteData(queryClient, { pathname, search }, selectIsSignedIn(session.getSnapshot()));
// Each step of the start is a task of its own, not one long one with the modules' evaluation: the browser may paint
// and answer input between them (docs/decisions/070-blocking-time.md). The calls above are on their way already.
await yieldToBrowser();
preloadAdminCode(routes, pathname, selectIsStaff(session.getSnapshot()));
const firstCode = Promise.all([...catalogPartsFor(pathname).map(loadCatalogPart), resolveLazyRoutes(routes, pathname)]);
// Handled below; not reported as unhandled if it fails during the yield.
firstCode.catch(() => undefined);
await yieldToBrowser();
await firstCode;
// The route's modules were evaluated in the task that ends here; the router and the render start in the next.
await yieldToBrowser();

// The prerender draws a signed-out visitor with nothing remembered, in the language of the file the server chose
// (the `language` cookie). Anyone else (a stored session, a remembered e-mail, a device choice the cookie does not
// carry yet) gets a fresh render, which replaces the prerendered HTML in one commit.
const hydrate =
  container.dataset.prerendered === getLocale() && readStoredRecord() === null && readRememberedEmail() === '';
const router = createBrowserRouter(routes, hydrate ? { hydrationData: prerenderedLoaderData(routes, pathname) } : {});
if (hasStoredLocale()) rememberLanguageForServer(getLocale());
// A navigation's data starts with its code and guards, not after them.
router.subscribe((state) => {
  const next = state.navigation.location;
  if (state.navigation.state !== 'loading' || !next) return;
  const snapshot = session.getSnapshot();
  prefetchRouteData(queryClient, next, selectIsSignedIn(snapshot));
  preloadAdminCode(routes, next.pathname, selectIsStaff(snapshot));
});

// Cached server data belongs to one person: drop it when the signed-in user changes or signs out.
let userId = session.getSnapshot().context.record?.id ?? null;
session.subscribe((snapshot) => {
  const next = snapshot.context.record?.id ?? null;
  if (next !== userId) {
    userId = next;
    queryClient.clear();
    void clearWorkerCaches();
  }
});

const app = (
  <StrictMode>
    <Providers session={session} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);
if (hydrate) hydrateRoot(container, app);
else {
  // React Router's provider reads the router's state while it renders and subscribes to it only when it commits. A
  // time-sliced render lets the first route's guards and code finish between its slices: a change made then would
  // never reach the screen, which would stay on its loading state. So the render starts once the router is settled
  // (its loaders done), and nothing changes it until the commit; the frame is on screen meanwhile.
  await routerInitialized(router);
  // A fresh render (a signed-in screen over its frame, docs/decisions/067-the-frame-before-the-app.md) is a
  // transition: React renders the tree in slices of a few milliseconds and yields to the browser between them,
  // instead of one task as long as the whole tree; the frame stays on screen until the commit
  // (docs/decisions/070-blocking-time.md).
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

/** Resolves once the router has run the first address's loaders (or redirected, or caught their error). */
function routerInitialized(browserRouter: typeof router): Promise<void> {
  if (browserRouter.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = browserRouter.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

// The service worker (docs/decisions/060-offline-shell.md) is no part of the first paint: its registration loads once
// the page is idle, as its own chunk.
const idle = (task: () => void): void => {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1000);
};
// Without it the app only works online, as before: a failed download or registration is no page error.
const registerWorker = () =>
  void import('./service-worker').then(({ registerServiceWorker }) => registerServiceWorker()).catch(() => undefined);
if (import.meta.env.PROD) idle(registerWorker);
