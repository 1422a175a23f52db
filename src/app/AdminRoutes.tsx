// The staff area (/admin/*): its layout and screens, loaded lazily as one chunk. Non-staff people are sent
// to /panel (docs/product.md section 11; the server enforces it too). The screens are placeholders for now.
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useParams } from 'react-router-dom';
import { PlaceholderPage } from '#components/ui/PlaceholderPage';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';

export function AdminLayout() {
  const intl = useIntl();
  return (
    <SignedInOnly staff>
      <SubNav
        label={intl.formatMessage({ id: 'admin.nav.label' })}
        items={[
          { to: '/admin/events', label: <FormattedMessage id="admin.nav.events" /> },
          { to: '/admin/applications', label: <FormattedMessage id="admin.nav.applications" /> },
          { to: '/admin/programs', label: <FormattedMessage id="admin.nav.programs" /> },
          { to: '/admin/news', label: <FormattedMessage id="admin.nav.news" /> },
          { to: '/admin/dashboard', label: <FormattedMessage id="admin.nav.dashboard" /> },
          { to: '/admin/users', label: <FormattedMessage id="admin.nav.users" /> },
        ]}
      />
      <Outlet />
    </SignedInOnly>
  );
}

export function ApplicationsPage() {
  return <PlaceholderPage title={<FormattedMessage id="admin.applications.title" />} />;
}

/** Review steps 1-4; the fourth shows the applicant's step-six content (docs/product.md section 2). */
function ReviewStepPage({ step }: { step: 1 | 2 | 3 | 4 }) {
  const { rid = '' } = useParams();
  return (
    <PlaceholderPage title={<FormattedMessage id="admin.review.title" />}>
      <p className="text-lg text-gray-800">
        <FormattedMessage id="admin.review.step" values={{ step, total: 4, rid }} />
      </p>
    </PlaceholderPage>
  );
}

export const ReviewStep1Page = () => <ReviewStepPage step={1} />;
export const ReviewStep2Page = () => <ReviewStepPage step={2} />;
export const ReviewStep3Page = () => <ReviewStepPage step={3} />;
export const ReviewStep4Page = () => <ReviewStepPage step={4} />;

export function DashboardPage() {
  return <PlaceholderPage title={<FormattedMessage id="admin.dashboard.title" />} />;
}

export { AdminDrivePage as DrivePage } from '#features/admin-drive/components/AdminDrivePage';
export { EventsPage } from '#features/admin-events/components/EventsPage';
export { EventSubmissionPage } from '#features/admin-events/components/EventSubmissionPage';
export { NewsAdminPage } from '#features/admin-news/components/NewsAdminPage';
export { NewsEditorPage } from '#features/admin-news/components/NewsEditorPage';
export { ProgramsPage } from '#features/admin-programs/components/ProgramsPage';
export { UsersPage } from '#features/admin-users/components/UsersPage';
export { UserDetailPage } from '#features/admin-users/components/UserDetailPage';
