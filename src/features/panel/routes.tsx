// The applicant panel (/panel/*): its layout and screens, loaded lazily as one chunk so the landing page
// stays light. The screens are placeholders until their features are built.
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet, useParams } from 'react-router-dom';
import { PlaceholderPage } from '../../components/ui/PlaceholderPage';
import { SubNav } from '../../components/ui/SubNav';
import { SignedInOnly } from '../auth/components/SignedInOnly';

export function PanelLayout() {
  const intl = useIntl();
  return (
    <SignedInOnly>
      <SubNav
        label={intl.formatMessage({ id: 'panel.nav.label' })}
        items={[
          { to: '/panel/programs', label: <FormattedMessage id="panel.nav.programs" />, end: true },
          { to: '/panel/programs/my', label: <FormattedMessage id="panel.nav.myPrograms" /> },
        ]}
      />
      <Outlet />
    </SignedInOnly>
  );
}

export function ProgramsPage() {
  return <PlaceholderPage title={<FormattedMessage id="panel.programs.title" />} />;
}

export function MyProgramsPage() {
  return <PlaceholderPage title={<FormattedMessage id="panel.myPrograms.title" />} />;
}

export function DrivePage() {
  const { id = '' } = useParams();
  return (
    <PlaceholderPage title={<FormattedMessage id="panel.drive.title" />}>
      <p className="text-gray-800">
        <FormattedMessage id="panel.drive.reference" values={{ id }} />
      </p>
    </PlaceholderPage>
  );
}

/** Steps 1, 2, 3 and 6 have screens; 4 and 5 are sections of the /3 screen (DESIGN.md section 3). */
function ApplicationStepPage({ step }: { step: 1 | 2 | 3 | 6 }) {
  const { rid = '' } = useParams();
  return (
    <PlaceholderPage title={<FormattedMessage id="panel.application.title" />}>
      <p className="text-lg text-gray-800">
        <FormattedMessage id="panel.application.step" values={{ step, total: 6, rid }} />
      </p>
    </PlaceholderPage>
  );
}

export const ApplicationStep1Page = () => <ApplicationStepPage step={1} />;
export const ApplicationStep2Page = () => <ApplicationStepPage step={2} />;
export const ApplicationStep3Page = () => <ApplicationStepPage step={3} />;
export const ApplicationStep6Page = () => <ApplicationStepPage step={6} />;

export function ApplicationSubmitPage() {
  const { rid = '' } = useParams();
  return (
    <PlaceholderPage title={<FormattedMessage id="panel.application.title" />}>
      <p className="text-lg text-gray-800">
        <FormattedMessage id="panel.application.submit" values={{ rid }} />
      </p>
    </PlaceholderPage>
  );
}
