// The applicant panel (/panel/*): its layout and screens, loaded lazily as one chunk so the landing page
// stays light. Programs, My Programs, events, news, the survey and the program drive come from their features; the
// application's screens are a chunk of their own (./ApplicationRoutes.tsx).
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';

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
