// Step 4, the household: its size, head, ethnicity and race, income sources with their documents ("no income"
// stands alone and asks for the signed no-income form instead), and housing and Section 3 questions.
import { useMutation } from '@tanstack/react-query';
import { useCallback, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { downloadNoIncomeForm, type Step4Data } from '#api/applications';
import { askedFields, householdSpecs, labelOf, hintOf, type FieldContext, type FieldSpec } from '#components/application/fields';
import { useLatestDraft, useStepDraft, type StepForm } from '#features/application/hooks/use-step-form';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';
import type { ErrorText } from '#lib/form-errors';
import { DocumentsField } from '#features/application/components/DocumentsField';
import { SignaturePanel } from '#features/application/components/SignaturePanel';
import { DraftFieldRow, sameSpecs, summaryFields } from './SpecFields';

export const householdFields = summaryFields(4, householdSpecs) as Record<keyof Step4Data, SummaryField>;

function NoIncomeDownload() {
  const intl = useIntl();
  const { application } = useWorkspace();
  const download = useMutation({
    mutationFn: () => downloadNoIncomeForm(application.id, intl.formatMessage({ id: 'pdf.noIncome.fileName' }, { id: application.id })),
  });
  return (
    <div className="space-y-3 rounded-md border border-gray-300 p-4">
      <p className="text-gray-900">
        <FormattedMessage id="application.documents.noIncomeIntro" />
      </p>
      <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
        <FormattedMessage id="application.documents.noIncomeDownload" />
      </Button>
      <div role="status">
        {download.isError ? (
          <p className="font-semibold text-red-800">
            <FormattedMessage id="application.certification.failed" />
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "No income" stands alone: ticking it clears the others, ticking another clears it. */
function exclusiveNoIncome(before: unknown, after: unknown): unknown {
  if (!Array.isArray(after)) return after;
  const had = Array.isArray(before) && before.includes('no_income');
  if (!after.includes('no_income')) return after;
  return had ? after.filter((value) => value !== 'no_income') : ['no_income'];
}

type DocumentsRenderer = (spec: FieldSpec, id: string, errors: readonly ErrorText[] | undefined) => ReactNode;

export function HouseholdFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const { application } = useWorkspace();
  const context: FieldContext = { subProgram: application.program.sub_program };
  // The rows' callbacks read the draft when they run, so they keep one identity and the memoized rows skip renders;
  // the machine applies each edit on top of its latest draft.
  const latestDraft = useLatestDraft(4);
  const { edit: send } = form;
  const edit = useCallback(
    (name: string, value: unknown) => {
      send({ [name]: name === 'income_sources' ? exclusiveNoIncome(latestDraft().income_sources, value) : value });
    },
    [latestDraft, send],
  );
  // Only the list of questions asked: an answer that shows or hides none re-renders no row but its own.
  const asked = useStepDraft(4, (data) => askedFields(householdSpecs, data, context), sameSpecs);
  const documents = useCallback<DocumentsRenderer>(
    (spec, id, fieldErrors) => {
      if (spec.kind.type !== 'documents') return null;
      const hint = hintOf(spec);
      return (
        <div className="space-y-3">
          {spec.name === 'no_income_form' ? <NoIncomeDownload /> : null}
          <DocumentsField
            id={id}
            target={{ step: 4, path: [spec.name] }}
            label={<FormattedMessage {...labelOf(spec)} />}
            hint={hint ? <FormattedMessage {...hint} /> : undefined}
            required={spec.required}
            errors={fieldErrors}
            signing={
              spec.name === 'no_income_form'
                ? (add) => (
                    <SignaturePanel applicationId={application.id} form="no_income_form" onSigned={(signed) => signed.document && add(signed.document)} />
                  )
                : undefined
            }
          />
        </div>
      );
    },
    [application.id],
  );
  return (
    <>
      {asked.map((spec) => (
        <DraftFieldRow key={spec.name} step={4} spec={spec} errors={errors} edit={edit} documents={documents} />
      ))}
    </>
  );
}
