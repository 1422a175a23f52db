// Step 2, the business (docs/product.md section 3; docs/decisions/015): a person with no business yet is asked only
// about the project (name, type, industry, website, social networks); with a business, its facts too.
import type { SummaryField } from '#components/ui/ErrorSummary';
import type { Step2Data } from '#api/applications';
import { askedFields, businessSpecs, type FieldContext } from '#components/application/fields';
import { useStepData, type StepForm } from '#features/application/hooks/use-step-form';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';
import { SpecField, summaryFields } from './SpecFields';

export const businessFields = summaryFields(2, businessSpecs) as Record<keyof Step2Data, SummaryField>;

/** The incubator and the accelerator are for operating businesses: they are not asked whether there is one. */
const asksHasBusiness = (context: FieldContext, value: unknown) =>
  context.subProgram === 'student_incubator' || context.subProgram === 'pre_incubator' || value !== true;

export function BusinessFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const context: FieldContext = { subProgram: useWorkspace().application.program.sub_program };
  const data = useStepData(form.step);
  const asked = askedFields(businessSpecs, data, context).filter(
    (spec) => spec.name !== 'has_business' || asksHasBusiness(context, data.has_business),
  );
  return (
    <>
      {asked.map((spec) => (
        <SpecField
          key={spec.name}
          step={2}
          spec={spec}
          value={data[spec.name]}
          onChange={(value) => form.edit({ [spec.name]: value })}
          errors={errors}
        />
      ))}
    </>
  );
}
