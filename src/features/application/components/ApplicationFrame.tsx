// The frame of every application screen: the program it is for, the step indicator, the page's <h1>, the
// read-only banner once the application is submitted or closed (the decision once decided, the change request while
// one is open), and links to the previous and next screens.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectReadonlyBanner } from '#machines/application/application.selectors';
import { Alert } from '#components/ui/Alert';
import { linkClass } from '#components/ui/Button';
import { MAIN_HEADING_ID } from '#components/ui/PageHeading';
import { useLocale } from '#lib/locale';
import { InstantText } from '#components/ui/InstantText';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { applicationPaths, screenOrder } from '#lib/application-paths';
import { ChangeRequestBanner, DecisionBanner } from './ReviewNotes';
import { StepIndicator, type Screen } from './StepIndicator';

export function ProgramEyebrow() {
  const locale = useLocale();
  const { application } = useWorkspace();
  return (
    <p className="text-sm font-semibold uppercase tracking-wide text-gray-700">
      <FormattedMessage
        id="application.frame.program"
        values={{ program: application.program.name[locale], period: application.program.period }}
      />
    </p>
  );
}

/**
 * 'Application has been submitted' / 'Application has been closed' (docs/product.md section 8), when it is; staff's
 * decision and its reason once decided; on the overview screens (`overview`), the open change request.
 */
export function ReadonlyBanner({ overview = true }: { overview?: boolean }) {
  const { app, application } = useWorkspace();
  const banner = useSelector(app, selectReadonlyBanner);
  if (banner === 'decided') return <DecisionBanner />;
  if (banner === 'submitted') {
    return (
      <Alert kind="info" heading={<FormattedMessage id="application.state.submitted" />}>
        <p>
          {application.submitted_at ? (
            <FormattedMessage
              id="application.state.submittedOn"
              values={{ date: <InstantText instant={application.submitted_at} /> }}
            />
          ) : null}{' '}
          <FormattedMessage id="application.state.readonly" />
        </p>
      </Alert>
    );
  }
  if (banner === 'closed') {
    return (
      <Alert kind="warning" heading={<FormattedMessage id="application.state.closed" />}>
        <p>
          <FormattedMessage id="application.state.closedBody" />
        </p>
      </Alert>
    );
  }
  return overview ? <ChangeRequestBanner /> : null;
}

interface ApplicationFrameProps {
  screen: Screen;
  /** The counter above the title ("Step 1 of 6"). */
  counter?: ReactNode;
  title: ReactNode;
  children: ReactNode;
}

export function ApplicationFrame({ screen, counter, title, children }: ApplicationFrameProps) {
  const { application } = useWorkspace();
  const index = screen === 'submit' ? screenOrder.length : screenOrder.indexOf(screen);
  const previous = index > 0 ? screenOrder[index - 1] : undefined;
  const next = screen === 'submit' ? undefined : screenOrder[index + 1];
  return (
    <div className="space-y-6">
      <ProgramEyebrow />
      <StepIndicator screen={screen} />
      <h1 id={MAIN_HEADING_ID} tabIndex={-1} className="text-3xl font-bold text-gray-900 focus:outline-none">
        {counter ? <span className="block text-base font-semibold text-gray-700">{counter}</span> : null}
        {title}
      </h1>
      <ReadonlyBanner overview={screen === 'submit'} />
      {children}
      <div className="flex flex-wrap justify-between gap-4 border-t-2 border-gray-200 pt-5">
        {previous !== undefined ? (
          <Link to={applicationPaths.screen(application.id, previous)} className={linkClass}>
            <FormattedMessage id="application.frame.previous" />
          </Link>
        ) : screen === 1 ? (
          <Link to={applicationPaths.start(application.id)} className={linkClass}>
            <FormattedMessage id="application.frame.backToStart" />
          </Link>
        ) : (
          <span />
        )}
        {next !== undefined ? (
          <Link to={applicationPaths.screen(application.id, next)} className={linkClass}>
            <FormattedMessage id="application.frame.next" />
          </Link>
        ) : screen === 6 ? (
          <Link to={applicationPaths.submit(application.id)} className={linkClass}>
            <FormattedMessage id="application.frame.checkAnswers" />
          </Link>
        ) : null}
      </div>
    </div>
  );
}
