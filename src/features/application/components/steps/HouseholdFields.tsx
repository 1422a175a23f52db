// Step 4, the household: its size, head, ethnicity and race, income sources with their documents ("no income"
// stands alone and asks for the signed no-income form instead), and housing and Section 3 questions.
import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useLayoutEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectDraftData } from '#machines/autosave/autosave.selectors';
import { Button } from '#components/ui/Button';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { downloadNoIncomeForm, type Step4Data } from '#api/applications';
import { askedFields, householdSpecs, labelOf, hintOf, type FieldContext, type FieldSpec } from '#components/application/fields';
import type { StepForm } from '#features/application/hooks/use-step-form';
import { useStepActors, useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';
import type { ErrorText } from '#lib/form-errors';
import { DocumentsField } from '#features/application/components/DocumentsField';
import { SignaturePanel } from '#features/application/components/SignaturePanel';
import { errorsKey, SpecField, summaryFields } from './SpecFields';

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

/** Same value: equal text and numbers, or lists with the same items (a draft's list is a new array after any edit). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  return Object.is(a, b);
}

/** One answer of step 4's draft, selected alone: another question's edit does not re-render this one. */
function useHouseholdValue(name: string): unknown {
  const { autosave } = useStepActors(4);
  return useSelector(autosave, (snapshot) => selectDraftData(snapshot)[name], sameValue);
}

type DocumentsRenderer = (spec: FieldSpec, id: string, errors: readonly ErrorText[] | undefined) => ReactNode;

interface HouseholdRowProps {
  spec: FieldSpec;
  errors: FieldErrors;
  /** Stable for the screen's life, like the documents renderer: the row never re-renders for new functions. */
  edit: (name: string, value: unknown) => void;
  documents: DocumentsRenderer;
}

/**
 * One household or income question: it reads its own answer, so typing the household's size re-renders that field
 * only, not the income sources and their documents (as the owner rows, docs/decisions/062-small-chunks.md).
 */
const HouseholdRow = memo(
  function HouseholdRow({ spec, errors, edit, documents }: HouseholdRowProps) {
    const value = useHouseholdValue(spec.name);
    return (
      <SpecField step={4} spec={spec} value={value} onChange={(next) => edit(spec.name, next)} errors={errors} documents={documents} />
    );
  },
  (before, after) =>
    before.spec === after.spec &&
    before.edit === after.edit &&
    before.documents === after.documents &&
    errorsKey(before.errors, before.spec.name) === errorsKey(after.errors, after.spec.name),
);

export function HouseholdFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const { application } = useWorkspace();
  const context: FieldContext = { subProgram: application.program.sub_program };
  // The rows' callbacks read the latest draft through a ref, so they keep one identity and the memoized rows skip
  // renders; the machine applies each edit on top of its latest draft.
  const latest = useRef({ data: form.data, edit: form.edit });
  useLayoutEffect(() => {
    latest.current = { data: form.data, edit: form.edit };
  });
  const edit = useCallback((name: string, value: unknown) => {
    const { data, edit: send } = latest.current;
    send({ [name]: name === 'income_sources' ? exclusiveNoIncome(data.income_sources, value) : value });
  }, []);
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
      {askedFields(householdSpecs, form.data, context).map((spec) => (
        <HouseholdRow key={spec.name} spec={spec} errors={errors} edit={edit} documents={documents} />
      ))}
    </>
  );
}
