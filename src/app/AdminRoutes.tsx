// The staff area (/admin/*): its layout and screens, loaded lazily as one chunk. Non-staff people are sent
// to /panel (docs/product.md section 11; the server enforces it too). The dashboard is a chunk of its own inside it,
// so the chart library loads only there (docs/decisions/030-dashboard.md).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { secondFactorStatusQuery } from '#features/profile/api/second-factor';
import { paths } from '#lib/paths';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';
import { AppLoading } from './RootLayout';

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

const LazyDashboardPage = lazy(async () => ({ default: (await import('#features/admin-dashboard/components/DashboardPage')).DashboardPage }));

export function DashboardPage() {
  return (
    <Suspense fallback={<AppLoading />}>
      <LazyDashboardPage />
    </Suspense>
  );
}

export { AdminDrivePage as DrivePage } from '#features/admin-drive/components/AdminDrivePage';
export { ApplicationsPage } from '#features/admin-applications/components/ApplicationsPage';
export { PrintPage as ApplicationPrintPage } from '#features/admin-applications/components/PrintPage';
export { ReviewStep1Page, ReviewStep2Page, ReviewStep3Page, ReviewStep4Page } from '#features/admin-applications/components/ReviewPage';
export { EventsPage } from '#features/admin-events/components/EventsPage';
export { EventSubmissionPage } from '#features/admin-events/components/EventSubmissionPage';
export { HudPrintPage } from '#features/admin-reports/components/HudPrintPage';
export { HudReportPage } from '#features/admin-reports/components/HudReportPage';
export { NewsAdminPage } from '#features/admin-news/components/NewsAdminPage';
export { NewsEditorPage } from '#features/admin-news/components/NewsEditorPage';
export { ProgramsPage } from '#features/admin-programs/components/ProgramsPage';
export { UsersPage } from '#features/admin-users/components/UsersPage';
export { UserDetailPage } from '#features/admin-users/components/UserDetailPage';
