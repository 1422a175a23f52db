// The frame of one step's form: its status (incomplete / submitted, in text), its saving status, the conflict
// dialog, the error summary of a refused "Submit step", the fields, and the button. Read-only once the application
// is submitted or closed, or while staff's change request did not reopen the step: then it shows the answers instead
// of inputs (and, while changes are requested, the reviewer's message or why the step is locked).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { ErrorSummary, type SummaryField } from '#components/ui/ErrorSummary';
import { useNavigate } from 'react-router-dom';
import { applicationPaths } from '#lib/application-paths';
import { STEP_COUNT, STEP_NUMBERS, type StepNumber } from '#shared/application-constants';
import { isStepSubmitted, type StepStatus } from '#shared/review-lifecycle';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import { errorText, noErrors, toFormErrors, type ErrorText, type FormErrors } from '#lib/form-errors';
import { checkStepDraft } from '#shared/validation/step-checks';
import type { FieldMessages } from '#shared/validation/field-messages';
import { useStepData, useStepDraft, type StepForm } from '#features/application/hooks/use-step-form';
import { stepNames, stepStatusNames } from '#components/application/messages';
import { AutosaveStatus } from './AutosaveStatus';
import { ConflictDialog } from './ConflictDialog';
import { ChangeRequestNote } from './ReviewNotes';
import { StepAnswers } from './StepAnswers';

export type FieldErrors = Readonly<Record<string, readonly ErrorText[]>>;

interface StepSectionProps {
  form: StepForm;
  /** Field name -> control id and label, in form order (the error summary and the saving errors use it). */
  fields: Readonly<Record<string, SummaryField>>;
  /** `h2`: the section titles itself (the /3 screen); `h1`: the page's heading, with this id, names it. */
  heading: { level: 'h2' } | { level: 'h1'; id: string };
  children: (errors: FieldErrors) => ReactNode;
  /** Shown above the fields and the answers alike (step 6's download). */
  intro?: ReactNode;
}

/**
 * What the summary and the fields show: the draft's own problems as it is typed (its schema, checked in the
 * browser), the autosave's refusal, and the refusal of the last "Submit step". Kept as message ids where known, so
 * they are worded in the language on screen.
 */
function useStepErrors(form: StepForm, fields: StepSectionProps['fields']) {
  const intl = useIntl();
  const fallback = intl.formatMessage({ id: 'auth.error.tryAgainLater' });
  const names = Object.keys(fields);
  const submitErrors: FormErrors =
    form.stepError === null
      ? noErrors
      : form.stepError.kind === 'rejected'
        ? toFormErrors(form.stepError.body, names, fallback)
        : { form: [intl.formatMessage({ id: 'application.step.notReached' })], fields: {} };
  const saveErrors: FormErrors =
    form.saveStatus === 'failed' && form.saveError?.kind === 'rejected' ? toFormErrors(form.saveError.body, names, fallback) : noErrors;
  // Selected with its own equality: a keystroke that leaves the problems as they were re-renders no section.
  const draftProblems = useStepDraft(form.step, (data) => checkStepDraft(form.step, data), sameProblems);
  const labelOf = (name: string) => {
    const field = fields[name];
    return field ? intl.formatMessage(field.label, field.values) : name;
  };
  const saveReasons = [
    ...saveErrors.form,
    ...Object.entries(saveErrors.fields).flatMap(([name, messages]) =>
      messages.map((message) =>
        intl.formatMessage({ id: 'ui.errorSummary.item' }, { field: labelOf(name), message: errorText(intl, message) }),
      ),
    ),
  ].map((message) => errorText(intl, message));
  return { submitErrors, saveReasons, fieldErrors: { ...saveErrors.fields, ...submitErrors.fields, ...draftProblems } };
}

const sameProblems = (a: FieldMessages, b: FieldMessages): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The answers of a read-only step: read here, so an editable step's section never subscribes to its whole draft. */
function ReadonlyAnswers({ step }: { step: StepNumber }) {
  return <StepAnswers step={step} data={useStepData(step)} />;
}

/** The step after `step` (6 has none: "check your answers" follows it). */
const nextStep = (step: StepNumber): StepNumber => STEP_NUMBERS[Math.min(STEP_NUMBERS.indexOf(step) + 1, STEP_NUMBERS.length - 1)] ?? step;

export function StepSection({ form, fields, heading, children, intro }: StepSectionProps) {
  const { step } = form;
  const navigate = useNavigate();
  const applicationId = useWorkspace().application.id;
  const titleId = heading.level === 'h1' ? heading.id : `step-${step}-title`;
  const { submitErrors, saveReasons, fieldErrors } = useStepErrors(form, fields);
  const name = <FormattedMessage {...stepNames[step]} />;

  return (
    <section
      id={`step-${step}`}
      aria-labelledby={titleId}
      className={`scroll-mt-4 space-y-5 ${heading.level === 'h2' ? 'border-t-4 border-gray-300 pt-6' : ''}`}
    >
      {heading.level === 'h2' ? (
        <h2 id={titleId} tabIndex={-1} className="text-2xl font-bold text-gray-900 focus:outline-none">
          <FormattedMessage id="application.step.heading" values={{ step, name }} />
        </h2>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 rounded-md bg-gray-50 px-4 py-3">
        <p role="status" className="font-semibold text-gray-900">
          <FormattedMessage
            id="application.step.statusLine"
            values={{ status: <StepStatusText status={form.status} /> }}
          />
        </p>
        {form.readonly ? null : (
          <AutosaveStatus id={`step-${step}-saving`} status={form.saveStatus} reasons={saveReasons} />
        )}
      </div>
      <ChangeRequestNote step={step} level={heading.level === 'h1' ? 2 : 3} />
      {intro}
      {form.readonly ? (
        <ReadonlyAnswers step={step} />
      ) : (
        <form
          noValidate
          aria-labelledby={titleId}
          aria-busy={form.submitting}
          className="space-y-5"
          onBlur={() => form.flush()}
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit().then((submitted) => {
              // Submitted: on to the next step (its section of /3, or its screen), after step 6 "check your answers".
              if (submitted) void navigate(step === STEP_COUNT ? applicationPaths.submit(applicationId) : applicationPaths.step(applicationId, nextStep(step)));
            });
          }}
        >
          {/* Mounted per failed submit (the step clears its error while submitting), so focus lands on it each time. */}
          {form.stepError !== null ? <ErrorSummary id={`step-${step}-errors`} errors={submitErrors} fields={fields} /> : null}
          {children(fieldErrors)}
          <div className="flex flex-wrap items-center gap-4 border-t-2 border-gray-200 pt-5">
            {form.canSubmit || form.submitting ? (
              <Button type="submit" disabled={form.submitting}>
                {form.submitting ? (
                  <FormattedMessage id="application.step.submitting" />
                ) : (
                  <FormattedMessage id="application.step.submit" values={{ step }} />
                )}
              </Button>
            ) : (
              <p className="font-medium text-gray-900">
                <FormattedMessage id="application.step.submittedNote" />
              </p>
            )}
          </div>
        </form>
      )}
      <ConflictDialog
        open={form.conflict !== null && form.saveStatus === 'conflict'}
        step={step}
        stepName={name}
        onResolve={form.resolveConflict}
        returnFocusTo={heading.level === 'h1' ? heading.id : titleId}
      />
    </section>
  );
}

export function StepStatusText({ status }: { status: StepStatus }) {
  return (
    <span className={isStepSubmitted(status) ? 'text-green-900' : 'text-gray-900'}>
      {isStepSubmitted(status) ? <span aria-hidden="true">✓ </span> : null}
      <FormattedMessage {...stepStatusNames[status]} />
    </span>
  );
}
