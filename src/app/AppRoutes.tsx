// The route table: every path of docs/product.md section 2 in one place, with its title, its guard, and whether its
// code loads lazily (every area, the public pages included: docs/decisions/066-boot-closure.md).
import type { ComponentType } from 'react';
import { defineMessages } from 'react-intl';
import { matchRoutes, redirect, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router-dom';
import type { SessionActor } from '#actors/session';
import { loadCatalogPart } from '#lib/locale';
import type { CatalogPart } from '#shared/catalog-parts';
import { NotFoundPage, RouteErrorPage } from './ErrorPages';
import { redirectSignedIn, requireSignedIn, requireStaff } from './guards';
import { AppLoading, RootLayout, type RouteHandle } from './RootLayout';

const titles = defineMessages({
  home: { id: 'home.page.title' },
  registration: { id: 'events.registration.title' },
  login: { id: 'auth.login.title' },
  createAccount: { id: 'auth.register.title' },
  passwordReset: { id: 'auth.reset.title' },
  passwordResetConfirm: { id: 'auth.resetConfirm.title' },
  emailConfirm: { id: 'account.emailConfirm.title' },
  emailUndo: { id: 'account.emailUndo.title' },
  profile: { id: 'profile.page.title' },
  secondFactor: { id: 'profile.secondFactor.title' },
  terms: { id: 'terms.page.title' },
  programs: { id: 'panel.programs.title' },
  myPrograms: { id: 'panel.myPrograms.title' },
  drive: { id: 'panel.drive.title' },
  events: { id: 'panel.events.title' },
  applying: { id: 'panel.application.title' },
  survey: { id: 'survey.page.title' },
  news: { id: 'panel.news.title' },
  newsArticle: { id: 'panel.news.articleTitle' },
  adminEvents: { id: 'admin.events.title' },
  adminSubmission: { id: 'admin.submission.title' },
  adminApplications: { id: 'admin.applications.title' },
  adminReview: { id: 'admin.review.title' },
  adminPrint: { id: 'admin.print.title' },
  adminPrograms: { id: 'admin.programs.title' },
  adminDrive: { id: 'admin.drive.title' },
  adminDashboard: { id: 'admin.dashboard.title' },
  adminNews: { id: 'admin.news.title' },
  adminHudReport: { id: 'admin.hud.title' },
  adminNewsItem: { id: 'admin.news.editTitle' },
  adminUsers: { id: 'admin.users.title' },
  adminUser: { id: 'admin.users.detailTitle' },
  notFound: { id: 'app.notFound.title' },
});

const handle = (title: RouteHandle['title']): RouteHandle => ({ title });

// One dynamic import per area: Vite makes each a chunk the landing page never downloads.
// A signed-in area's code comes with its part of the catalog (docs/decisions/062-small-chunks.md).
const withCatalog = async <T,>(code: Promise<T>, ...catalogParts: CatalogPart[]): Promise<T> =>
  (await Promise.all([code, ...catalogParts.map(loadCatalogPart)]))[0];
const panel = () => withCatalog(import('./PanelRoutes'), 'panel');
// Each panel screen is a chunk of its own, with its machines (the drive's, the attendance's) and validators (the
// survey's): /panel/programs loads none of the others' (docs/decisions/066-boot-closure.md).
const panelScreen = <T,>(code: Promise<T>) => withCatalog(code, 'panel');
// The public pages too: no signed-in screen needs them (docs/decisions/066-boot-closure.md).
const publicPages = () => import('./PublicRoutes');
// An application's screens are apart from the rest of the panel: they alone need the step schemas' validators.
const application = () => withCatalog(import('./ApplicationRoutes'), 'panel');
const admin = () => withCatalog(import('./AdminRoutes'), 'panel', 'admin');

type AdminModule = typeof import('./AdminRoutes');
type AdminScreenName = { [K in keyof AdminModule]: AdminModule[K] extends ComponentType ? K : never }[keyof AdminModule];

/** The admin area's code, once loaded (see adminScreen). */
let adminModule: AdminModule | undefined;
let adminCode: Promise<AdminModule> | undefined;

function loadAdminCode(): Promise<AdminModule> {
  adminCode ??= admin().then(
    (module) => (adminModule = module),
    (error: unknown) => {
      // A failed download is tried again on the next visit rather than remembered.
      adminCode = undefined;
      throw error;
    },
  );
  return adminCode;
}

/**
 * Starts the admin code for an /admin address when this device's session is staff's, in parallel with the catalog,
 * the staff check and the screen's data (docs/decisions/058-phone-speed.md). Anyone else's code waits for the guard.
 */
export function preloadAdminCode(pathname: string, isStaff: boolean): void {
  if (!isStaff || !/^\/admin(?:\/|$)/.test(pathname)) return;
  loadAdminCode().catch(() => {
    // The staff guard's own load reports it.
  });
  // The dashboard's chart chunk is a level deeper (src/app/AdminRoutes.tsx): start it too.
  if (/^\/admin\/dashboard\/?$/.test(pathname)) void import('#features/admin-dashboard/components/DashboardPage').catch(() => undefined);
}

/**
 * The staff guard, then the admin code. Admin routes are not route-`lazy`: React Router runs those in parallel with
 * the loaders, so an applicant typing an /admin address would download the admin chunk while requireStaff sends them
 * away. Here the import starts once the guard let a staff member through, or earlier when the session already
 * says staff (preloadAdminCode), and routes render after their loaders.
 */
const staffThenAdminCode =
  (session: SessionActor) =>
  async (args: LoaderFunctionArgs): Promise<null> => {
    await requireStaff(session)(args);
    await loadAdminCode();
    return null;
  };

/** An admin screen from the code the staff guard loaded before this route could render. */
function adminScreen(name: AdminScreenName): ComponentType {
  return function AdminScreen() {
    if (!adminModule) throw new Error(`admin screen ${name} rendered before the staff guard loaded the admin code`);
    const Screen = adminModule[name];
    return <Screen />;
  };
}

const rid = (value: string | undefined): string => encodeURIComponent(value ?? '');

/** A route that only redirects. `element: null` says so explicitly (and silences React Router's empty-leaf warning). */
const redirectTo = (to: string | ((params: Record<string, string | undefined>) => string)) => ({
  element: null,
  loader: ({ params }: { params: Record<string, string | undefined> }) => redirect(typeof to === 'string' ? to : to(params)),
});

export function appRoutes(session: SessionActor): RouteObject[] {
  return withRouteIds(routeTable(session));
}

/**
 * Every route gets the id React Router would give it (its position in the tree), written down so the prerender
 * (src/app/prerender.tsx) and the browser name the same routes when the browser takes over the prerendered HTML.
 */
function withRouteIds(routes: RouteObject[], parent = ''): RouteObject[] {
  return routes.map((route, index) => {
    const id = route.id ?? `${parent}${index}`;
    const named: RouteObject = route.children ? { ...route, id, children: withRouteIds(route.children, `${id}-`) } : { ...route, id };
    return named;
  });
}

/**
 * Loads the code of the lazy routes `pathname` matches and puts it in the route objects, so the first render (a
 * hydration, or a fresh one over prerendered HTML) shows the page at once instead of the loading fallback.
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * What the prerendered page's loaders returned: every guard on a public page answers null for a signed-out visitor
 * (src/app/guards.ts), which is the only visitor the prerender draws. Given to the router, it skips those loaders.
 */
export function prerenderedLoaderData(routes: RouteObject[], pathname: string): HydrationState {
  const matches = matchRoutes(routes, pathname) ?? [];
  return {
    loaderData: Object.fromEntries(matches.filter(({ route }) => route.loader).map(({ route }) => [route.id, null])),
  };
}

function routeTable(session: SessionActor): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootLayout />,
      HydrateFallback: AppLoading,
      children: [
        {
          // Errors render inside the layout, so the header and language switcher stay usable.
          errorElement: <RouteErrorPage />,
          children: [
            {
              index: true,
              handle: handle(titles.home),
              lazy: async () => ({ Component: (await publicPages()).LandingPage }),
            },
            {
              path: 'submission/:id',
              handle: handle(titles.registration),
              lazy: async () => ({ Component: (await publicPages()).SubmissionPage }),
            },
            {
              path: 'login',
              loader: redirectSignedIn(session),
              handle: handle(titles.login),
              lazy: async () => ({ Component: (await publicPages()).LoginPage }),
            },
            {
              path: 'account/create',
              handle: handle(titles.createAccount),
              lazy: async () => ({
                Component: (await import('#features/auth/components/CreateAccountPage')).CreateAccountPage,
              }),
            },
            { path: 'register', ...redirectTo('/account/create') },
            {
              // The terms and privacy page (docs/decisions/017-account-dead-ends.md): public, linked from the footer.
              path: 'terms',
              handle: handle(titles.terms),
              lazy: async () => ({ Component: (await import('#features/legal/components/TermsPage')).TermsPage }),
            },
            {
              path: 'password/reset',
              handle: handle(titles.passwordReset),
              lazy: async () => ({ Component: (await publicPages()).PasswordResetPage }),
            },
            {
              path: 'password/reset/confirm',
              handle: handle(titles.passwordResetConfirm),
              lazy: async () => ({ Component: (await publicPages()).PasswordResetConfirmPage }),
            },
            // The links of an e-mail change (docs/decisions/046-account-safety.md): public, since either may be opened on
            // another device, and lazy (few people ever open them).
            // Written out (not mapped) so that every route of this table is a literal the accessibility sweep reads.
            {
              path: 'account/email/confirm',
              handle: handle(titles.emailConfirm),
              lazy: async () => {
                const { EmailLinkPage } = await import('#features/auth/components/EmailLinkPage');
                return { Component: () => <EmailLinkPage kind="confirm" /> };
              },
            },
            {
              path: 'account/email/undo',
              handle: handle(titles.emailUndo),
              lazy: async () => {
                const { EmailLinkPage } = await import('#features/auth/components/EmailLinkPage');
                return { Component: () => <EmailLinkPage kind="undo" /> };
              },
            },
            {
              // Listed with the public routes in docs/product.md, but /me needs a signed-in person, so it is guarded.
              path: 'profile',
              loader: requireSignedIn(session),
              handle: handle(titles.profile),
              lazy: async () => ({
                Component: (await withCatalog(import('#features/profile/components/ProfilePage'), 'panel')).ProfilePage,
              }),
            },
            {
              // Add or remove an authenticator app (docs/decisions/049-second-factor.md); staff are sent here to enrol.
              path: 'profile/second-factor',
              loader: requireSignedIn(session),
              handle: handle(titles.secondFactor),
              lazy: async () => ({
                Component: (await withCatalog(import('#features/profile/components/SecondFactorPage'), 'panel')).SecondFactorPage,
              }),
            },
            {
              path: 'panel',
              loader: requireSignedIn(session),
              lazy: async () => ({ Component: (await panel()).PanelLayout }),
              children: [
                { index: true, ...redirectTo('/panel/programs') },
                {
                  path: 'programs',
                  handle: handle(titles.programs),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/programs/components/ProgramsPage'))).ProgramsPage }),
                },
                {
                  path: 'programs/my',
                  handle: handle(titles.myPrograms),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/programs/components/MyProgramsPage'))).MyProgramsPage }),
                },
                {
                  path: 'programs/my/drive/:id',
                  handle: handle(titles.drive),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/drive/components/DrivePage'))).DrivePage }),
                },
                {
                  path: 'events',
                  handle: handle(titles.events),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/events/components/EventsPage'))).EventsPage }),
                },
                {
                  path: 'news',
                  handle: handle(titles.news),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/news/components/NewsListPage'))).NewsListPage }),
                },
                {
                  // A chunk of its own: only an article renders Markdown, so markdown-it stays out of the panel's chunk.
                  path: 'news/:id',
                  handle: handle(titles.newsArticle),
                  lazy: async () => ({ Component: (await import('#features/news/components/NewsArticlePage')).NewsArticlePage }),
                },
                {
                  path: 'survey',
                  handle: handle(titles.survey),
                  lazy: async () => ({ Component: (await panelScreen(import('#features/survey/components/SurveyPage'))).SurveyPage }),
                },
                {
                  // One application: its layout loads it and holds its actors while the person moves between screens.
                  path: 'application/:rid',
                  handle: handle(titles.applying),
                  lazy: async () => ({ Component: (await application()).ApplicationLayout }),
                  children: [
                    {
                      // The application start message, before step 1.
                      index: true,
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStartPage }),
                    },
                    {
                      path: '1',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStep1Page }),
                    },
                    {
                      path: '2',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStep2Page }),
                    },
                    {
                      path: '3',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStep3Page }),
                    },
                    // Steps 4 and 5 are sections of the step-3 screen: no route of their own (docs/product.md section 2).
                    { path: '4', ...redirectTo((params) => `/panel/application/${rid(params.rid)}/3`) },
                    { path: '5', ...redirectTo((params) => `/panel/application/${rid(params.rid)}/3`) },
                    {
                      path: '6',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationStep6Page }),
                    },
                    {
                      path: 'submit',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationSubmitPage }),
                    },
                    {
                      // The submit confirmation.
                      path: 'confirmation',
                      handle: handle(titles.applying),
                      lazy: async () => ({ Component: (await application()).ApplicationConfirmationPage }),
                    },
                  ],
                },
                { path: '*', ...redirectTo('/panel/programs') },
              ],
            },
            {
              path: 'admin',
              loader: staffThenAdminCode(session),
              Component: adminScreen('AdminLayout'),
              children: [
                { index: true, ...redirectTo('/admin/events') },
                {
                  path: 'events',
                  handle: handle(titles.adminEvents),
                  Component: adminScreen('EventsPage'),
                },
                {
                  path: 'events/submission/:id',
                  handle: handle(titles.adminSubmission),
                  Component: adminScreen('EventSubmissionPage'),
                },
                {
                  path: 'applications',
                  handle: handle(titles.adminApplications),
                  Component: adminScreen('ApplicationsPage'),
                },
                {
                  path: 'applications/:rid/1',
                  handle: handle(titles.adminReview),
                  Component: adminScreen('ReviewStep1Page'),
                },
                {
                  path: 'applications/:rid/2',
                  handle: handle(titles.adminReview),
                  Component: adminScreen('ReviewStep2Page'),
                },
                {
                  path: 'applications/:rid/3',
                  handle: handle(titles.adminReview),
                  Component: adminScreen('ReviewStep3Page'),
                },
                {
                  path: 'applications/:rid/4',
                  handle: handle(titles.adminReview),
                  Component: adminScreen('ReviewStep4Page'),
                },
                {
                  // The whole application to print, in either language.
                  path: 'applications/:rid/print',
                  handle: handle(titles.adminPrint),
                  Component: adminScreen('ApplicationPrintPage'),
                },
                {
                  path: 'programs',
                  handle: handle(titles.adminPrograms),
                  Component: adminScreen('ProgramsPage'),
                },
                {
                  path: 'programs/drive/:id',
                  handle: handle(titles.adminDrive),
                  Component: adminScreen('DrivePage'),
                },
                {
                  path: 'dashboard',
                  handle: handle(titles.adminDashboard),
                  Component: adminScreen('DashboardPage'),
                },
                // The HUD beneficiary report and its printable page (docs/decisions/031-hud-beneficiary-report.md).
                { path: 'reports/hud', handle: handle(titles.adminHudReport), Component: adminScreen('HudReportPage') },
                { path: 'reports/hud/print', handle: handle(titles.adminHudReport), Component: adminScreen('HudPrintPage') },
                { path: 'news', handle: handle(titles.adminNews), Component: adminScreen('NewsAdminPage') },
                { path: 'news/:id', handle: handle(titles.adminNewsItem), Component: adminScreen('NewsEditorPage') },
                {
                  path: 'users',
                  handle: handle(titles.adminUsers),
                  Component: adminScreen('UsersPage'),
                },
                {
                  path: 'users/:id',
                  handle: handle(titles.adminUser),
                  Component: adminScreen('UserDetailPage'),
                },
              ],
            },
            { path: '*', element: <NotFoundPage />, handle: handle(titles.notFound) },
          ],
        },
      ],
    },
  ];
}
