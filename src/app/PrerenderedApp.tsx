// The build-time side of the public pages (scripts/prerender.ts builds this file for Node and writes its HTML into
// dist/pages/): the same route table, layout and providers as the browser (main.tsx), drawn for a signed-out visitor
// in one language. The browser then hydrates that HTML (docs/decisions/020-news-and-a-light-landing-page.md).
import { StrictMode } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type UIMatch } from 'react-router-dom';
import { createActor } from 'xstate';
import { eventKeys, type EventInfo } from '#api/events';
import { provideSessionMachine } from '#actors/session';
import { getIntl, loadCatalog, setLocale, type Locale } from '#lib/locale';
import { paths } from '#lib/paths';
import { interestDescriptionMark, type InterestVariant } from '#shared/prerendered-landing';
import { appRoutes } from './AppRoutes';
import { createQueryClient, Providers } from './Providers';
import { DrawnFrame } from './drawn-frame';
import { AppLoading, documentTitle, RootLayout, titleOf } from './RootLayout';

const descriptions = defineMessages({
  home: { id: 'meta.description.home' },
  login: { id: 'meta.description.login' },
  createAccount: { id: 'meta.description.createAccount' },
  passwordReset: { id: 'meta.description.passwordReset' },
  terms: { id: 'meta.description.terms' },
});

/** The public pages' own lazy chunk (src/app/AppRoutes.tsx `publicPages`). */
const PUBLIC_ROUTES = 'src/app/PublicRoutes.tsx';

/**
 * The public pages written at build time, each with its meta description. `code`: the module its route loads lazily
 * (src/app/AppRoutes.tsx), as the build's manifest names it; its chunk and what that chunk imports are what the page's
 * boot script preloads, and nothing else (tests/unit/prerendered-page-code.test.ts checks that the route renders from it).
 * `appAtOnce`: the page's content needs the app (the terms' contact details come from the API), so its boot script
 * loads it without waiting for an act (docs/decisions/034-hydrate-on-intent.md).
 */
export const prerenderedPages: readonly { path: string; description: MessageDescriptor; code: string; appAtOnce?: boolean }[] = [
  { path: paths.home, description: descriptions.home, code: PUBLIC_ROUTES },
  { path: paths.login, description: descriptions.login, code: PUBLIC_ROUTES },
  { path: paths.createAccount, description: descriptions.createAccount, code: 'src/features/auth/components/CreateAccountPage.tsx' },
  { path: paths.passwordReset, description: descriptions.passwordReset, code: PUBLIC_ROUTES },
  { path: paths.terms, description: descriptions.terms, code: 'src/features/legal/components/TermsPage.tsx', appAtOnce: true },
];

/**
 * The open interest form each drawing of `/` shows (shared/prerendered-landing.ts): its description is the mark the
 * server replaces, or empty; nothing else of the form is in the markup (its id only reaches the registration machine).
 */
function drawnInterestForm(variant: InterestVariant): EventInfo {
  const description = variant === 'open' ? interestDescriptionMark : '';
  return {
    id: 0,
    kind: 'interest',
    title: { es: '', en: '' },
    description: { es: description, en: description },
    starts_at: null,
    ends_at: null,
    place: '',
    link: null,
    capacity: null,
    status: 'open',
    spots_left: null,
    available: true,
  };
}

export interface PrerenderedPage {
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
}

/**
 * Renders one public page as a signed-out visitor sees it in `locale`: with no interest form open, or (`/` only) with
 * one open, as `interest` draws it.
 */
export async function renderPage(
  path: string,
  description: MessageDescriptor,
  locale: Locale,
  interest?: InterestVariant,
): Promise<PrerenderedPage> {
  await loadCatalog(locale);
  setLocale(locale, false);
  const queryClient = createQueryClient();
  const session = createActor(provideSessionMachine(queryClient), { input: { record: null } }).start();
  const handler = createStaticHandler(appRoutes(session));
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} while prerendering`);
  if (context.errors) throw new Error(`${path} failed while prerendering: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  queryClient.setQueryData<EventInfo | null>(eventKeys.interest(), interest ? drawnInterestForm(interest) : null);
  const html = renderToString(
    <StrictMode>
      <Providers session={session} queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  session.stop();
  const intl = getIntl(locale);
  const matches = context.matches.map(({ route }): Pick<UIMatch, 'handle'> => ({ handle: route.handle }));
  return { html, title: documentTitle(intl, titleOf(matches)), description: intl.formatMessage(description) };
}

/**
 * The frame of the signed-in screens in `locale` (docs/decisions/067-the-frame-before-the-app.md): the layout (header,
 * small-screen notice, footer) around "Loading…", which the server sends for every address that has no drawn page,
 * so a phone shows the frame at the first paint instead of a blank page while the app arrives. The app then renders
 * afresh over it (main.tsx: it carries no `data-prerendered`).
 */
export async function renderFrame(locale: Locale): Promise<{ html: string; title: string }> {
  await loadCatalog(locale);
  setLocale(locale, false);
  const queryClient = createQueryClient();
  const session = createActor(provideSessionMachine(queryClient), { input: { record: null } }).start();
  const handler = createStaticHandler([{ path: '/', element: <RootLayout />, children: [{ index: true, element: <AppLoading /> }] }]);
  const context = await handler.query(new Request('http://prerender.invalid/'));
  if (context instanceof Response) throw new Error(`the frame answered ${context.status} while prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <Providers session={session} queryClient={queryClient}>
        <DrawnFrame.Provider value={true}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </DrawnFrame.Provider>
      </Providers>
    </StrictMode>,
  );
  session.stop();
  return { html, title: documentTitle(getIntl(locale), undefined) };
}
