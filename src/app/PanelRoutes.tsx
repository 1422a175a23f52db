// The applicant panel (/panel/*): its layout and screens, loaded lazily as one chunk so the landing page
// stays light. Programs, My Programs, events, news, the survey, the application and the program drive come from their
// features.
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';

export { ApplicationLayout } from '#features/application/components/ApplicationLayout';
export { ConfirmationPage as ApplicationConfirmationPage } from '#features/application/components/ConfirmationPage';
export { StartPage as ApplicationStartPage } from '#features/application/components/StartPage';
export {
  Step1Page as ApplicationStep1Page,
  Step2Page as ApplicationStep2Page,
  Step3Page as ApplicationStep3Page,
  Step6Page as ApplicationStep6Page,
} from '#features/application/components/StepPages';
export { SubmitPage as ApplicationSubmitPage } from '#features/application/components/SubmitPage';
export { EventsPage } from '#features/events/components/EventsPage';
export { DrivePage } from '#features/drive/components/DrivePage';
export { MyProgramsPage } from '#features/programs/components/MyProgramsPage';
export { NewsListPage } from '#features/news/components/NewsListPage';
export { ProgramsPage } from '#features/programs/components/ProgramsPage';
export { SurveyPage } from '#features/survey/components/SurveyPage';

export function PanelLayout() {
  const intl = useIntl();
  return (
    <SignedInOnly>
      <SubNav
        label={intl.formatMessage({ id: 'panel.nav.label' })}
        items={[
          { to: '/panel/programs', label: <FormattedMessage id="panel.nav.programs" />, end: true },
          { to: '/panel/programs/my', label: <FormattedMessage id="panel.nav.myPrograms" /> },
          { to: '/panel/events', label: <FormattedMessage id="panel.nav.events" /> },
          { to: '/panel/news', label: <FormattedMessage id="panel.nav.news" /> },
        ]}
      />
      <Outlet />
    </SignedInOnly>
  );
}
