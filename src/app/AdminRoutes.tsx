// The staff area's layout (/admin/*), loaded lazily as one chunk; each admin screen is a chunk of its own beside it
// (src/app/AppRoutes.tsx, `adminScreens`), with the staff page actors it opens (src/actors/page-actors.ts). Non-staff
// people are sent to /panel (docs/product.md section 11; the server enforces it too).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { secondFactorStatusQuery } from '#features/profile/api/second-factor';
import { paths } from '#lib/paths';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';

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
