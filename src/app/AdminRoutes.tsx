// The staff area (/admin/*): its layout and screens, loaded lazily as one chunk. Non-staff people are sent
// to /panel (docs/product.md section 11; the server enforces it too). The dashboard and the news editor (with its
// Markdown preview) are chunks of their own inside it (docs/decisions/058-phone-speed.md).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { provideStaffPageActors } from '#actors/page-actors';
import { staffPageActors } from '#actors/staff-page-actors';
import { secondFactorStatusQuery } from '#features/profile/api/second-factor';
import { paths } from '#lib/paths';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';
import { AppLoading } from './RootLayout';

// The session's staff page actors run the code of this chunk (src/actors/page-actors.ts): handed over as it loads.
provideStaffPageActors(staffPageActors);

export function AdminLayout() {
  const intl = useIntl();
  return (
    <SignedInOnly staff>
      <SecondFactorGate>
      <SubNav
        label={intl.formatMessage({ id: 'admin.nav.label' })}
        items={[
          { to: '/admin/events', label: <FormattedMessage id="admin.nav.events" /> },
          { to: '/admin/applications', label: <FormattedMessage id="admin.nav.applications" /> },
          { to: '/admin/programs', label: <FormattedMessage id="admin.nav.programs" /> },
          { to: '/admin/news', label: <FormattedMessage id="admin.nav.news" /> },
          { to: '/admin/reports/hud', label: <FormattedMessage id="admin.nav.hudReport" /> },
          { to: '/admin/dashboard', label: <FormattedMessage id="admin.nav.dashboard" /> },
          { to: '/admin/users', label: <FormattedMessage id="admin.nav.users" /> },
        ]}
      />
      <Outlet />
      </SecondFactorGate>
    </SignedInOnly>
  );
}

/**
 * Staff without a second factor are sent to enrol first (docs/decisions/049-second-factor.md); the server refuses
 * them every admin operation anyway (403 `second_factor_required`). `next` brings them back here after.
 */
function SecondFactorGate({ children }: { children: ReactNode }) {
  const status = useQuery(secondFactorStatusQuery());
  const location = useLocation();
  // While the status loads the page renders (its calls are refused without a factor anyway): a loading screen here
  // would take the route change's focus from the page's heading.
  if (status.data?.required && !status.data.totp && status.data.passkeys.length === 0) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${paths.secondFactor}?next=${next}`} replace />;
  }
  return children;
}

/** A screen in a chunk of its own, loaded when first shown (the loading line meanwhile). */
function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<AppLoading />}>
        <Lazy />
      </Suspense>
    );
  };
}

export const DashboardPage = lazyScreen(async () => (await import('#features/admin-dashboard/components/DashboardPage')).DashboardPage);
// The news editor's preview renders Markdown: a chunk of its own keeps markdown-it out of every other admin screen.
export const NewsEditorPage = lazyScreen(async () => (await import('#features/admin-news/components/NewsEditorPage')).NewsEditorPage);

export { AdminDrivePage as DrivePage } from '#features/admin-drive/components/AdminDrivePage';
export { ApplicationsPage } from '#features/admin-applications/components/ApplicationsPage';
export { PrintPage as ApplicationPrintPage } from '#features/admin-applications/components/PrintPage';
export { ReviewStep1Page, ReviewStep2Page, ReviewStep3Page, ReviewStep4Page } from '#features/admin-applications/components/ReviewPage';
export { EventsPage } from '#features/admin-events/components/EventsPage';
export { EventSubmissionPage } from '#features/admin-events/components/EventSubmissionPage';
export { HudPrintPage } from '#features/admin-reports/components/HudPrintPage';
export { HudReportPage } from '#features/admin-reports/components/HudReportPage';
export { NewsAdminPage } from '#features/admin-news/components/NewsAdminPage';
export { ProgramsPage } from '#features/admin-programs/components/ProgramsPage';
export { UsersPage } from '#features/admin-users/components/UsersPage';
export { UserDetailPage } from '#features/admin-users/components/UserDetailPage';
