// The frame of every page: skip link, header, offline banner, update prompt, small-screen notice, <main>, footer
// and toasts. It also sets the document title '{title} | {shortName}' from the deepest route's handle and, after each
// navigation, moves focus to the page's <h1> so screen-reader and keyboard users start at the new content.
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Outlet, useLocation, useMatches, useNavigation, type UIMatch } from 'react-router-dom';
import { MAIN_HEADING_ID } from '#components/ui/PageHeading';
import { focusIdOf } from '#lib/focus-after-navigation';
import { getToasts, subscribeToasts } from '#lib/toast';
import { useHydrated } from '#lib/use-hydrated';
import { Footer } from './Footer';
import { Header } from './Header';
import { OfflineBanner } from './OfflineBanner';
import { SmallScreenPrompt } from './SmallScreenPrompt';
import { useLanguageRule } from './use-language-rule';

// The update prompt (which comes with the service worker's registration, src/app/service-worker.ts) is not needed to
// show a page: its chunk loads once the page is on screen (hydrated).
const UpdatePrompt = lazy(async () => ({ default: (await import('./UpdatePrompt')).UpdatePrompt }));

type ToasterView = typeof import('#components/ui/Toaster').Toaster;

/**
 * Radix Toast (about 9 KiB brotli with the parts it brings, and two providers to mount) loads with the first toast
 * rather than with every screen: most visits show none. A toast waits in the queue (#lib/toast) until the chunk
 * arrives. A fetch that fails (offline before the service worker's precache holds the chunk) is tried again with the
 * next toast or when the browser is back online; the toasts wait meanwhile. A browser that keeps a failed module's
 * error for the page's life (Chromium did in 2026; Firefox and Safari fetch it again) shows them after a reload.
 */
function ToasterOnFirstToast() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  const [view, setView] = useState<{ Toaster: ToasterView } | null>(null);
  const [failures, setFailures] = useState(0);
  const wanted = view === null && toasts.length > 0;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const retry = () => setFailures((count) => count + 1);
    import('#components/ui/Toaster').then(
      (module) => {
        if (current) setView({ Toaster: module.Toaster });
      },
      () => {
        if (current) window.addEventListener('online', retry, { once: true });
      },
    );
    return () => {
      current = false;
      window.removeEventListener('online', retry);
    };
  }, [wanted, toasts, failures]);
  return view ? <view.Toaster /> : null;
}

/** Mounts its lazy children once hydrated: the prerendered HTML has no update prompt. */
function OnceHydrated({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** What a route may declare in `handle`. */
export interface RouteHandle {
  title: MessageDescriptor;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle && typeof handle.title === 'object';
}

export function titleOf(matches: readonly Pick<UIMatch, 'handle'>[]): MessageDescriptor | undefined {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** '{title} | {shortName}' (docs/product.md section 2), or the short name alone; the prerender writes the same text. */
export function documentTitle(intl: IntlShape, title: MessageDescriptor | undefined): string {
  const shortName = intl.formatMessage({ id: 'app.shortName' });
  return title ? `${intl.formatMessage(title)} | ${shortName}` : shortName;
}

/** Builds '{title} | {shortName}' (docs/product.md section 2), or the short name alone. */
export function useDocumentTitle(title: MessageDescriptor | undefined): void {
  const text = documentTitle(useIntl(), title);
  // document.title is outside React: an effect is the place to keep it in step.
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/**
 * After a navigation (not the first load), focus the new page's <h1>, or <main> when it has none. A link to a part of
 * the page (`#step-4`) leaves focus to that page, which moved it to the part in its own effect, run before this one.
 * A link whose state names an element (`state={{ focus: 'review-content' }}`, e.g. the review's page navigation)
 * focuses that element when the new page has it, keeping the address clean.
 */
function useFocusOnNavigation(pathname: string, hash: string, focusId: string | undefined): void {
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (hash.length > 1 && document.getElementById(hash.slice(1))) return;
    const named = focusId === undefined ? null : document.getElementById(focusId);
    if (named) return void named.focus();
    const target = document.getElementById(MAIN_HEADING_ID) ?? document.getElementById('main-content');
    target?.focus();
  }, [pathname, hash, focusId]);
}

/**
 * Marks <html data-hydrated> after the first commit (hydration or a fresh render): the prerendered pages' boot script
 * (src/app/boot.ts) then replays the clicks and submits it held while the app arrived.
 */
function useMarkHydrated(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
}

export function RootLayout() {
  useMarkHydrated();
  const matches = useMatches();
  const location = useLocation();
  const navigation = useNavigation();
  useDocumentTitle(titleOf(matches));
  useLanguageRule();
  useFocusOnNavigation(location.pathname, location.hash, focusIdOf(location.state));

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white font-semibold text-blue-900 focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:px-4 focus:py-3"
      >
        <FormattedMessage id="app.skipLink" />
      </a>
      <Header />
      <OfflineBanner />
      <OnceHydrated>
        <UpdatePrompt />
      </OnceHydrated>
      <SmallScreenPrompt />
      {/* Always present, so the change of text is announced when a lazy screen is being fetched. */}
      <div role="status" className="sr-only">
        {navigation.state === 'loading' ? <FormattedMessage id="app.loading" /> : null}
      </div>
      {navigation.state === 'loading' ? (
        <div aria-hidden="true" className="h-1 w-full animate-pulse bg-blue-800" />
      ) : null}
      {/* At least a screen tall: the footer starts below the fold, so content arriving after the first paint never
          pushes it down (a layout shift; docs/decisions/058-phone-speed.md). */}
      <main id="main-content" tabIndex={-1} className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none md:py-8">
        <Outlet />
      </main>
      <Footer />
      <ToasterOnFirstToast />
    </div>
  );
}

/** Shown while the first route's guard and code load. */
export function AppLoading() {
  return (
    <p role="status" className="p-8 text-center text-gray-800">
      <FormattedMessage id="app.loading" />
    </p>
  );
}
