// What the applicant reads of staff's review (docs/decisions/029-review-screens.md): the open change request (on the
// overview and the answers page, and on each step: the reviewer's words on a reopened step, a note on the others) and
// the decision with its reason once decided.
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectIsChangeRequestOpen, selectIsDecided, selectIsStepEditable } from '#machines/application/application.selectors';
import type { StepNumber } from '#machines/step/step.types';
import { isStepNumber } from '#shared/application-constants';
import { Alert } from '#components/ui/Alert';
import { InstantText } from '#components/ui/InstantText';
import { stepNames } from '#components/application/messages';
import { applicationStatusNames } from '#components/programs/messages';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';

/** The reviewer's own words, kept as they wrote them (line breaks included). */
function ReviewerWords({ text }: { text: string }) {
  return (
    <blockquote className="whitespace-pre-line break-words border-l-4 border-gray-400 bg-white p-3 text-gray-900">{text}</blockquote>
  );
}

/** The change request's words while the application machine says it is open: null otherwise. */
function useOpenChangeRequest() {
  const { app, application } = useWorkspace();
  const open = useSelector(app, selectIsChangeRequestOpen);
  return open ? application.change_request : null;
}

/** "Changes requested": which steps reopened, the reviewer's message, and what to do (the overview, the answers). */
export function ChangeRequestBanner() {
  const intl = useIntl();
  const request = useOpenChangeRequest();
  if (!request) return null;
  const steps = request.steps
    .filter(isStepNumber)
    .map((step) => intl.formatMessage({ id: 'application.step.heading' }, { step, name: intl.formatMessage(stepNames[step]) }));
  return (
    <Alert kind="warning" heading={<FormattedMessage id="application.review.changesTitle" />}>
      <p>
        <FormattedMessage id="application.review.changesSteps" values={{ steps: intl.formatList(steps, { type: 'conjunction' }) }} />
      </p>
      <p className="font-semibold">
        <FormattedMessage id="application.review.message" />
      </p>
      <ReviewerWords text={request.message} />
      <p>
        <FormattedMessage id="application.review.changesHow" />
      </p>
    </Alert>
  );
}

/** On a step while changes are requested: the reviewer's message on a reopened step; on another, that it is locked. */
export function ChangeRequestNote({ step, level }: { step: StepNumber; level: 2 | 3 }) {
  const { app } = useWorkspace();
  const request = useOpenChangeRequest();
  const editable = useSelector(app, (snapshot) => selectIsStepEditable(snapshot, step));
  if (!request) return null;
  if (!editable) {
    return (
      <Alert kind="info">
        <p>
          <FormattedMessage id="application.review.stepLocked" />
        </p>
      </Alert>
    );
  }
  return (
    <Alert kind="warning" level={level} heading={<FormattedMessage id="application.review.stepReopened" />}>
      <ReviewerWords text={request.message} />
      <p>
        <FormattedMessage id="application.review.stepHow" />
      </p>
    </Alert>
  );
}

/** Approved, rejected or waitlisted, with staff's reason; null before a decision. */
export function DecisionBanner() {
  const { app, application } = useWorkspace();
  const decided = useSelector(app, selectIsDecided);
  const { decision } = application;
  if (!decision || !decided) return null;
  const kind = decision.decision === 'approved' ? 'success' : decision.decision === 'rejected' ? 'error' : 'info';
  return (
    <Alert
      kind={kind}
      heading={<FormattedMessage id="application.review.decisionTitle" values={{ decision: <FormattedMessage {...applicationStatusNames[decision.decision]} /> }} />}
    >
      <p>
        <FormattedMessage id="application.review.decidedOn" values={{ date: <InstantText instant={decision.decided_at} /> }} />
      </p>
      <p className="font-semibold">
        <FormattedMessage id="application.review.reason" />
      </p>
      <ReviewerWords text={decision.reason} />
    </Alert>
  );
}
