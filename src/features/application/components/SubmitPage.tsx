// /panel/application/:rid/submit: "check your answers" (every step's answers with a link to change them), then
// Submit. Once the application is submitted the same page is its read-only record. The page sends the person's events
// and reads selectors; what follows a sending (the confirmation page, the data read again) is the machine's.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import {
  selectError,
  selectIncompleteSteps,
  selectIsConfirmingSubmit,
  selectIsEditable,
  selectIsStepEditable,
  selectIsSubmitting,
  selectStepStatuses,
} from '#machines/application/application.selectors';
import type { ApplicationError } from '#machines/application/application.types';
import { selectDraftData } from '#machines/autosave/autosave.selectors';
import type { StepNumber } from '#machines/step/step.types';
import { Button, linkClass } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { noErrors, toFormErrors, type FormErrors } from '#lib/form-errors';
import { useStepActors, useWorkspace } from '#features/application/hooks/use-application-workspace';
import { stepNames } from '#components/application/messages';
import { applicationPaths, STEP_NUMBERS } from '#lib/application-paths';
import { ApplicationFrame } from './ApplicationFrame';
import { StepAnswers } from './StepAnswers';
import { StepStatusText } from './StepSection';
import { ApplicantCopyButton } from '#components/application/ApplicantCopyButton';
import { hasApplicantCopy } from '#shared/applicant-copy';

const SUMMARY_ID = 'submit-errors';
/** "Submit application": focus comes back to it when the confirmation is cancelled. */
const SUBMIT_BUTTON_ID = 'submit-application';
const reviewHeadingId = (step: StepNumber) => `review-step-${step}`;

const reviewFields: Record<string, SummaryField> = Object.fromEntries(
  STEP_NUMBERS.map((step) => [`step${step}`, { id: reviewHeadingId(step), label: stepNames[step] }]),
);

const messages = defineMessages({
  notSubmitted: { id: 'application.submit.stepNotSubmitted' },
  network: { id: 'application.submit.network' },
  fallback: { id: 'auth.error.tryAgainLater' },
});

function StepReview({ step }: { step: StepNumber }) {
  const { app, application } = useWorkspace();
  // A step staff did not reopen offers no "Change" while changes are requested.
  const editable = useSelector(app, (snapshot) => selectIsStepEditable(snapshot, step));
  const { autosave } = useStepActors(step);
  const data = useSelector(autosave, selectDraftData);
  const status = useSelector(app, selectStepStatuses)[`${step}`];
  const headingId = reviewHeadingId(step);
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={headingId} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
          <FormattedMessage id="application.step.heading" values={{ step, name: <FormattedMessage {...stepNames[step]} /> }} />
        </h2>
        <div className="flex flex-wrap items-baseline gap-4">
          <p className="font-semibold">
            <StepStatusText status={status} />
          </p>
          {editable ? (
            <Link to={applicationPaths.step(application.id, step)} className={linkClass}>
              <FormattedMessage id="application.submit.change" />
              <span className="sr-only">
                {' '}
                <FormattedMessage id="application.step.heading" values={{ step, name: <FormattedMessage {...stepNames[step]} /> }} />
              </span>
            </Link>
          ) : null}
        </div>
      </div>
      <StepAnswers step={step} data={data} />
    </section>
  );
}

const sameSteps = (a: readonly StepNumber[], b: readonly StepNumber[]) => a.length === b.length && a.every((step, i) => step === b[i]);

function useSubmitErrors(error: ApplicationError | null, incomplete: readonly StepNumber[]): FormErrors {
  const intl = useIntl();
  if (error === null) return noErrors;
  switch (error.code) {
    case 'steps_incomplete':
      if (error.body !== null) return toFormErrors(error.body, [], intl.formatMessage(messages.fallback));
      return {
        form: [],
        fields: Object.fromEntries(incomplete.map((step) => [`step${step}`, [intl.formatMessage(messages.notSubmitted)]])),
      };
    case 'network':
      return { form: [intl.formatMessage(messages.network)], fields: {} };
    default:
      return toFormErrors(error.body, [], intl.formatMessage(messages.fallback));
  }
}

export function SubmitPage() {
  const { app, application } = useWorkspace();
  const editable = useSelector(app, selectIsEditable);
  const submitting = useSelector(app, selectIsSubmitting);
  const confirming = useSelector(app, selectIsConfirmingSubmit);
  const incomplete = useSelector(app, selectIncompleteSteps, sameSteps);
  const error = useSelector(app, selectError);
  const errors = useSubmitErrors(error, incomplete);

  // Each refusal or failure the machine keeps is a new error: focus goes to the summary, also when it is already on
  // screen after an earlier one (it does not remount then).
  useEffect(() => {
    if (error !== null) document.getElementById(SUMMARY_ID)?.focus();
  }, [error]);

  return (
    <ApplicationFrame screen="submit" title={<FormattedMessage id="application.submit.title" />}>
      {editable ? (
        <p className="max-w-3xl text-gray-800">
          <FormattedMessage id="application.submit.intro" />
        </p>
      ) : null}
      {editable ? <ErrorSummary id={SUMMARY_ID} errors={errors} fields={reviewFields} /> : null}
      {/* The read-only record of a sent application: a PDF of it to keep (docs/decisions/048-the-applicants-copy.md). */}
      {!editable && hasApplicantCopy(application.status, application.submitted_at) ? <ApplicantCopyButton applicationId={application.id} /> : null}
      <div className="space-y-10">
        {STEP_NUMBERS.map((step) => (
          <StepReview key={step} step={step} />
        ))}
      </div>
      {editable ? (
        <section aria-labelledby="submit-now" className="space-y-4 rounded-md border-2 border-blue-800 p-4 sm:p-6">
          <h2 id="submit-now" className="text-2xl font-bold text-gray-900">
            <FormattedMessage id="application.submit.nowTitle" />
          </h2>
          <p className="text-gray-900">
            <FormattedMessage id="application.submit.declaration" />
          </p>
          <Button id={SUBMIT_BUTTON_ID} onClick={() => app.send({ type: 'application.submit' })} disabled={submitting}>
            {submitting ? <FormattedMessage id="application.submit.submitting" /> : <FormattedMessage id="application.submit.button" />}
          </Button>
          <ConfirmDialog
            open={confirming}
            tone="primary"
            title={<FormattedMessage id="application.submit.confirmTitle" />}
            body={<FormattedMessage id="application.submit.confirmBody" />}
            confirmLabel={<FormattedMessage id="application.submit.confirm" />}
            onConfirm={() => app.send({ type: 'application.confirmSubmit' })}
            onCancel={() => app.send({ type: 'application.cancelSubmit' })}
            returnFocusTo={SUBMIT_BUTTON_ID}
          />
        </section>
      ) : null}
    </ApplicationFrame>
  );
}
