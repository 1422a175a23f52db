// The applicant panel's layout (/panel/*), loaded lazily so the landing page stays light. Each screen (programs, My
// Programs, events, news, the survey, the program drive) is a lazy chunk of its own (AppRoutes.tsx), and so are the
// application's screens (./ApplicationRoutes.tsx): docs/decisions/066-boot-closure.md.
import { FormattedMessage, useIntl } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { SubNav } from '#components/ui/SubNav';
import { SignedInOnly } from '#components/session/SignedInOnly';

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
