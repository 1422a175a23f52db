// Step 6, agreement and certification: the certification signed on screen or the signed intake form uploaded, the
// conditions, and the ALTCHA captcha whose payload travels in the draft and is spent by "Submit step".
import { lazy, Suspense, useRef } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { CheckboxField } from '#components/ui/Checkbox';
import { TermsLink } from '#components/terms/TermsLink';
import type { SummaryField } from '#components/ui/ErrorSummary';
import type { Step6Data } from '#api/applications';
import { boolOf, textOf } from '#components/application/draft';
import { useStepData, type StepForm } from '#features/application/hooks/use-step-form';
import { INTAKE_FORM_INPUT_ID, IntakeFormField } from '#features/application/components/IntakeFormField';
import { SignaturePanel } from '#features/application/components/SignaturePanel';
import { useUploadActor, useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  intakeForm: { id: 'application.upload.label' },
  conditions: { id: 'application.agreement.conditionsName' },
  captcha: { id: 'auth.register.captcha' },
});

export const agreementFields = {
  intake_form: { id: INTAKE_FORM_INPUT_ID, label: labels.intakeForm },
  conditions: { id: 'step6-conditions', label: labels.conditions },
  captcha: { id: 'step6-captcha', label: labels.captcha },
} as const satisfies Record<keyof Step6Data | 'intake_form', SummaryField>;

const CAPTCHA_DONE_ID = 'step6-captcha-done';

// The captcha widget is the heaviest part of the panel: load it only on the screen that needs it.
const AltchaField = lazy(async () => ({ default: (await import('#components/ui/AltchaField')).AltchaField }));

export function AgreementFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const set = (patch: Partial<Step6Data>) => form.edit(patch);
  const data = useStepData(form.step);
  const captcha = textOf(data, 'captcha');
  // The widget shows until a payload is in the draft, and again when the server refused the payload it got.
  const showWidget = captcha === '' || errors.captcha !== undefined;
  // Set when the puzzle is solved, spent when the "done" line is drawn: the widget's event is not a React event, so
  // its re-render may come after the next animation frame, and focus must wait for the element, not for a frame.
  const focusDoneWhenDrawn = useRef(false);
  const { application, app } = useWorkspace();
  const upload = useUploadActor();
  return (
    <>
      <SignaturePanel
        applicationId={application.id}
        form="certification"
        onSigned={(signed) => {
          if (!signed.intake_form) return;
          // The signed certification is the intake form now: its field shows it, and a submitted step 6 reopens.
          upload.send({ type: 'upload.signed', stored: signed.intake_form });
          app.send({ type: 'application.intakeFormUploaded', stored: signed.intake_form });
        }}
      />
      <IntakeFormField errors={errors.intake_form} readonly={false} />
      <CheckboxField
        id={agreementFields.conditions.id}
        name="conditions"
        required
        checked={boolOf(data, 'conditions')}
        onCheckedChange={(checked) => set({ conditions: checked })}
        label={<FormattedMessage id="application.agreement.conditions" />}
        hint={<TermsLink />}
        errors={errors.conditions}
      />
      {showWidget ? (
        <Suspense
          fallback={
            <p role="status" className="text-gray-800">
              <FormattedMessage id="app.loading" />
            </p>
          }
        >
          <AltchaField
            id={agreementFields.captcha.id}
            label={<FormattedMessage {...labels.captcha} />}
            errors={errors.captcha}
            onPayload={(payload) => {
              if ((payload ?? '') === textOf(data, 'captcha')) return;
              set({ captcha: payload ?? '' });
              // The widget gives way to the "done" line: keep keyboard and screen-reader users where they were.
              if (payload && errors.captcha === undefined) focusDoneWhenDrawn.current = true;
            }}
          />
        </Suspense>
      ) : (
        <p
          id={CAPTCHA_DONE_ID}
          tabIndex={-1}
          className="font-medium text-green-900"
          ref={(node) => {
            if (!node || !focusDoneWhenDrawn.current) return;
            focusDoneWhenDrawn.current = false;
            node.focus();
          }}
        >
          <span aria-hidden="true">✓ </span>
          <FormattedMessage id="application.agreement.captchaDone" />
        </p>
      )}
    </>
  );
}
