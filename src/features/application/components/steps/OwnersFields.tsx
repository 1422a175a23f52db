// Step 3, the owners: one or more (at most 20), each with a name, position, education level, employment status and
// identification files (docs/product.md section 3).
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { fieldId, hintOf, labelOf, ownerLabelOf, ownerSpecs } from '#components/application/fields';
import { ownersOf, type Owner } from '#components/application/draft';
import type { StepForm } from '#features/application/hooks/use-step-form';
import type { FieldErrors } from '#features/application/components/StepSection';
import { errorText } from '#lib/form-errors';
import { DocumentsField } from '#features/application/components/DocumentsField';
import { MAX_OWNERS } from '#shared/application-constants';
import { SpecField, summaryFields } from './SpecFields';


/** The owners' fields for the error summary: `owners` for the list, `owners.<n>.<field>` for each owner. */
export function ownerFields(count: number): Record<string, SummaryField> {
  const fields: Record<string, SummaryField> = { owners: { id: 'step3-add-owner', label: { id: 'application.owners.title' } } };
  for (let index = 0; index < Math.max(count, 1); index += 1) {
    Object.assign(fields, summaryFields(3, ownerSpecs, `owners.${index}.`, ownerLabelOf, { number: index + 1 }));
  }
  return fields;
}

/** Moves focus after the list changed; the element exists once React has rendered the change. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

export function OwnersFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const intl = useIntl();
  const owners = ownersOf(form.data);
  const setOwners = (next: Owner[]) => form.edit({ owners: next });
  const update = (index: number, patch: Owner) => setOwners(owners.map((owner, at) => (at === index ? { ...owner, ...patch } : owner)));
  const firstId = (index: number) => fieldId(3, `owners.${index}.name`);

  return (
    <div className="space-y-5">
      {errors.owners ? (
        <p id="step3-owners-error" className="font-semibold text-red-800">
          {errors.owners.map((message) => errorText(intl, message)).join(' ')}
        </p>
      ) : null}
      {owners.length === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="application.owners.none" />
        </p>
      ) : (
        <ol className="space-y-5">
          {owners.map((owner, index) => (
            // The index is the owner's identity in the draft (owners.<n>.*): the server's errors name it too.
            <li key={index}>
              <fieldset className="space-y-4 rounded-md border border-gray-300 p-4 sm:p-6">
                <legend className="px-1 text-lg font-bold text-gray-900">
                  <FormattedMessage id="application.owners.owner" values={{ number: index + 1 }} />
                </legend>
                <div className="grid gap-5 md:grid-cols-2">
                  {ownerSpecs
                    .filter((spec) => spec.kind.type !== 'documents')
                    .map((spec) => (
                      <SpecField
                        key={spec.name}
                        step={3}
                        spec={spec}
                        prefix={`owners.${index}.`}
                        value={owner[spec.name]}
                        onChange={(value) => update(index, { [spec.name]: value })}
                        errors={errors}
                      />
                    ))}
                </div>
                {ownerSpecs
                  .filter((spec) => spec.kind.type === 'documents')
                  .map((spec) => {
                    const hint = hintOf(spec);
                    return (
                      <DocumentsField
                        key={spec.name}
                        id={fieldId(3, `owners.${index}.${spec.name}`)}
                        target={{ step: 3, path: ['owners', index, spec.name] }}
                        label={<FormattedMessage {...labelOf(spec)} />}
                        hint={hint ? <FormattedMessage {...hint} /> : undefined}
                        required={spec.required}
                        errors={errors[`owners.${index}.${spec.name}`]}
                      />
                    );
                  })}
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOwners(owners.filter((_, at) => at !== index));
                    focusSoon(index > 0 ? firstId(index - 1) : 'step3-add-owner');
                  }}
                >
                  <FormattedMessage id="application.owners.remove" values={{ number: index + 1 }} />
                </Button>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      {owners.length < MAX_OWNERS ? (
        <Button
          id="step3-add-owner"
          variant="secondary"
          aria-describedby={errors.owners ? 'step3-owners-error' : undefined}
          onClick={() => {
            setOwners([...owners, { name: '', position: '' }]);
            focusSoon(firstId(owners.length));
          }}
        >
          <span aria-hidden="true">+</span>
          {owners.length === 0 ? <FormattedMessage id="application.owners.addFirst" /> : <FormattedMessage id="application.owners.add" />}
        </Button>
      ) : (
        <p className="text-gray-800">{intl.formatMessage({ id: 'application.owners.max' }, { max: MAX_OWNERS })}</p>
      )}
    </div>
  );
}
