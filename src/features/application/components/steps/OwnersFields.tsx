// Step 3, the owners: one or more (at most 20), each with a name and a position.
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { TextField } from '#components/ui/Field';
import { ownersOf, type Owner } from '#features/application/draft';
import type { StepForm } from '#features/application/hooks/use-step-form';
import type { FieldErrors } from '#features/application/components/StepSection';

const labels = defineMessages({
  owners: { id: 'application.owners.title' },
  name: { id: 'application.owners.nameOf' },
  position: { id: 'application.owners.positionOf' },
});

export const MAX_OWNERS = 20;

const ownerFieldId = (index: number, field: keyof Owner) => `step3-owner-${index}-${field}`;

/** The owners' fields for the error summary: `owners` for the list, `owners.<n>.<field>` for each owner. */
export function ownerFields(count: number): Record<string, SummaryField> {
  const fields: Record<string, SummaryField> = { owners: { id: 'step3-add-owner', label: labels.owners } };
  for (let index = 0; index < Math.max(count, 1); index += 1) {
    fields[`owners.${index}.name`] = { id: ownerFieldId(index, 'name'), label: labels.name, values: { number: index + 1 } };
    fields[`owners.${index}.position`] = { id: ownerFieldId(index, 'position'), label: labels.position, values: { number: index + 1 } };
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
  const update = (index: number, patch: Partial<Owner>) =>
    setOwners(owners.map((owner, at) => (at === index ? { ...owner, ...patch } : owner)));

  return (
    <div className="space-y-5">
      {errors.owners ? (
        <p id="step3-owners-error" className="font-semibold text-red-800">
          {errors.owners.join(' ')}
        </p>
      ) : null}
      {owners.length === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="application.owners.none" />
        </p>
      ) : (
        <ol className="space-y-5">
          {owners.map((owner, index) => (
            <li key={index}>
              <fieldset className="space-y-4 rounded-md border border-gray-300 p-4 sm:p-6">
                <legend className="px-1 text-lg font-bold text-gray-900">
                  <FormattedMessage id="application.owners.owner" values={{ number: index + 1 }} />
                </legend>
                <div className="grid gap-5 md:grid-cols-2">
                  <TextField
                    id={ownerFieldId(index, 'name')}
                    name={`owners.${index}.name`}
                    autoComplete="off"
                    maxLength={200}
                    value={owner.name}
                    onChange={(event) => update(index, { name: event.currentTarget.value })}
                    label={<FormattedMessage id="application.owners.name" />}
                    errors={errors[`owners.${index}.name`]}
                  />
                  <TextField
                    id={ownerFieldId(index, 'position')}
                    name={`owners.${index}.position`}
                    autoComplete="organization-title"
                    required
                    maxLength={200}
                    value={owner.position}
                    onChange={(event) => update(index, { position: event.currentTarget.value })}
                    label={<FormattedMessage id="application.owners.position" />}
                    hint={<FormattedMessage id="application.owners.positionHint" />}
                    errors={errors[`owners.${index}.position`]}
                  />
                </div>
                <Button
                  variant="secondary"
                  onClick={() => {
                    setOwners(owners.filter((_, at) => at !== index));
                    focusSoon(index > 0 ? ownerFieldId(index - 1, 'name') : 'step3-add-owner');
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
            focusSoon(ownerFieldId(owners.length, 'name'));
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
