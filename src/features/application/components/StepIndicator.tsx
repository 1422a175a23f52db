// The USWDS step indicator: the six steps and "check your answers", each with its status in text (not only
// color), the current screen marked with aria-current="step". Each segment links to its screen.
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { selectStepStatuses, selectSubmittedStepCount } from '#machines/application/application.selectors';
import type { StepKey } from '#machines/application/application.types';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { stepStatusNames, stepShortNames } from '#components/application/messages';
import { applicationPaths, screenOfStep, STEP_NUMBERS, type StepScreen } from '#lib/application-paths';
import { isStepSubmitted } from '#shared/review-lifecycle';

export type Screen = StepScreen | 'submit';

const segmentClass = (current: boolean, done: boolean) =>
  'flex h-full flex-col border-t-8 pt-2 pb-1 text-sm leading-snug underline-offset-2 hover:underline ' +
  (current ? 'border-blue-800 text-blue-950' : done ? 'border-green-700 text-gray-900' : 'border-gray-400 text-gray-900');

export function StepIndicator({ screen }: { screen: Screen }) {
  const intl = useIntl();
  const { app, application } = useWorkspace();
  const statuses = useSelector(app, selectStepStatuses);
  const done = useSelector(app, selectSubmittedStepCount);
  return (
    <nav aria-label={intl.formatMessage({ id: 'application.indicator.label' })}>
      <p className="mb-2 text-sm font-medium text-gray-800">
        <FormattedMessage id="application.indicator.progress" values={{ done, total: STEP_NUMBERS.length }} />
      </p>
      <ol className="grid grid-cols-3 gap-x-2 gap-y-3 sm:grid-cols-4 lg:grid-cols-7">
        {STEP_NUMBERS.map((step) => {
          const status = statuses[`${step}` satisfies StepKey];
          const onScreen = screenOfStep[step] === screen;
          // One element is "the current step" for assistive technology: the first step of the screen.
          const current = onScreen && (screen !== 3 || step === 3);
          return (
            <li key={step}>
              <Link
                to={applicationPaths.step(application.id, step)}
                aria-current={current ? 'step' : undefined}
                className={segmentClass(onScreen, isStepSubmitted(status))}
              >
                <span className={onScreen ? 'font-bold' : 'font-semibold'}>
                  <FormattedMessage
                    id="application.indicator.segment"
                    values={{ step, name: intl.formatMessage(stepShortNames[step]) }}
                  />
                </span>
                <span className={isStepSubmitted(status) ? 'text-green-900' : 'text-gray-800'}>
                  {isStepSubmitted(status) ? <span aria-hidden="true">✓ </span> : null}
                  <FormattedMessage {...stepStatusNames[status]} />
                </span>
              </Link>
            </li>
          );
        })}
        <li>
          <Link
            to={applicationPaths.submit(application.id)}
            aria-current={screen === 'submit' ? 'step' : undefined}
            className={segmentClass(screen === 'submit', false)}
          >
            <span className={screen === 'submit' ? 'font-bold' : 'font-semibold'}>
              <FormattedMessage id="application.indicator.review" />
            </span>
          </Link>
        </li>
      </ol>
    </nav>
  );
}
