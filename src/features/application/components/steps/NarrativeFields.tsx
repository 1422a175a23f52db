// Step 5, training and plans: courses, a similar program, the narrative, the financial need and the interest; the
// student block for the student sub-program only (docs/decisions/015).
import { useCallback } from 'react';
import { FormattedMessage } from 'react-intl';
import type { SummaryField } from '#components/ui/ErrorSummary';
import type { Step5Data } from '#api/applications';
import { askedFields, trainingSpecs, type FieldContext } from '#components/application/fields';
import { useStepDraft, type StepForm } from '#features/application/hooks/use-step-form';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';
import { DraftFieldRow, sameSpecs, summaryFields } from './SpecFields';

export const narrativeFields = summaryFields(5, trainingSpecs) as Record<keyof Step5Data, SummaryField>;

const STUDENT_FIELDS = new Set(['federal_aid_last_year', 'pell_grant', 'aid_funding_source', 'aid_amount', 'aid_award_date', 'aid_purpose', 'institution', 'courses_applied']);

export function NarrativeFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const context: FieldContext = { subProgram: useWorkspace().application.program.sub_program };
  // Each question reads its own answer (DraftFieldRow); this list changes only when a question appears or goes.
  const asked = useStepDraft(5, (data) => askedFields(trainingSpecs, data, context), sameSpecs);
  const { edit: send } = form;
  const edit = useCallback((name: string, value: unknown) => send({ [name]: value }), [send]);
  const field = (name: string) => {
    const spec = asked.find((item) => item.name === name);
    return spec ? <DraftFieldRow key={name} step={5} spec={spec} errors={errors} edit={edit} /> : null;
  };
  const general = asked.filter((spec) => !STUDENT_FIELDS.has(spec.name));
  const student = asked.filter((spec) => STUDENT_FIELDS.has(spec.name));
  return (
    <>
      {general.map((spec) => field(spec.name))}
      {student.length > 0 ? (
        <fieldset className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6">
          <legend className="px-1 text-lg font-bold text-gray-900">
            <FormattedMessage id="application.field.studentBlock" />
          </legend>
          {student.map((spec) => field(spec.name))}
        </fieldset>
      ) : null}
    </>
  );
}
