// Step 3, the owners: one or more (at most 20), each with a name, position, education level, employment status and
// identification files (docs/product.md section 3).
import { memo, useCallback } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { fieldId, hintOf, labelOf, ownerLabelOf, ownerSpecs } from '#components/application/fields';
import { ownerCountOf, ownersOf, type Owner } from '#components/application/draft';
import { useLatestDraft, useStepDraft, type StepForm } from '#features/application/hooks/use-step-form';
import { useWorkspace } from '#features/application/hooks/use-application-workspace';
import type { FieldErrors } from '#features/application/components/StepSection';
import { errorText } from '#lib/form-errors';
import { DocumentsField } from '#features/application/components/DocumentsField';
import { MAX_OWNERS } from '#shared/application-constants';
import { errorsKey, SpecField, summaryFields } from './SpecFields';


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

interface OwnerRowProps {
  index: number;
  errors: FieldErrors;
  /** Stable for the screen's life: the row never re-renders because its parent made new functions. */
  update: (index: number, patch: Owner) => void;
  remove: (index: number) => void;
}

/**
 * One owner: it reads its own entry of the draft, so typing in one owner's fields re-renders that owner only, and
 * adding an owner leaves the others (with their documents' actors) alone (docs/decisions/058-phone-speed.md,
 * 068-quick-input.md: the list above reads the number of owners only).
 */
const OwnerRow = memo(
  function OwnerRow({ index, errors, update, remove }: OwnerRowProps) {
    const owner = useOwner(index);
    return (
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
                // The field's actor is the slot this owner keeps in the application machine (ownerSlots): removing an
                // owner above hands this row that owner's actor, with its upload or deletion still going.
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
        <Button variant="secondary" onClick={() => remove(index)}>
          <FormattedMessage id="application.owners.remove" values={{ number: index + 1 }} />
        </Button>
      </fieldset>
    );
  },
  (before, after) =>
    before.index === after.index &&
    before.update === after.update &&
    before.remove === after.remove &&
    errorsKey(before.errors, `owners.${before.index}`) === errorsKey(after.errors, `owners.${after.index}`),
);

/** Same fields with the same values (ownersOf copies each owner, so identity says nothing). */
function sameOwner(a: Owner, b: Owner): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/** The owner at `index` of step 3's draft, selected alone: another owner's edit does not re-render this one. */
function useOwner(index: number): Owner {
  return useStepDraft(3, (data) => ownerAt(data, index), sameOwner);
}

/** ownersOf(data)[index] without copying every owner on each keystroke. */
function ownerAt(data: Parameters<typeof ownersOf>[0], index: number): Owner {
  const owners = data.owners;
  if (!Array.isArray(owners) || index >= owners.length) return EMPTY_OWNER;
  return ownersOf({ owners: [owners[index]] })[0] ?? EMPTY_OWNER;
}

const EMPTY_OWNER: Owner = { name: '', position: '' };

export function OwnersFields({ form, errors }: { form: StepForm; errors: FieldErrors }) {
  const intl = useIntl();
  const { app } = useWorkspace();
  // The list renders from the number of owners alone: a keystroke in an owner's field changes no count, so only
  // that owner's row re-renders.
  const count = useStepDraft(3, ownerCountOf);
  // The rows' callbacks read the list when they run, so they keep one identity and the memoized rows skip renders;
  // the machine applies each patch on top of its latest draft.
  const latestDraft = useLatestDraft(3);
  const { edit } = form;
  const firstId = (index: number) => fieldId(3, `owners.${index}.name`);
  const update = useCallback(
    (index: number, patch: Owner) => {
      edit({ owners: ownersOf(latestDraft()).map((owner, at) => (at === index ? { ...owner, ...patch } : owner)) });
    },
    [edit, latestDraft],
  );
  // Adding and removing go through the application machine, which keeps each owner's documents in their own slot
  // (docs/decisions/065-stable-owner-slots.md).
  const remove = useCallback(
    (index: number) => {
      app.send({ type: 'application.removeOwner', index });
      focusSoon(index > 0 ? fieldId(3, `owners.${index - 1}.name`) : 'step3-add-owner');
    },
    [app],
  );

  return (
    <div className="space-y-5">
      {errors.owners ? (
        <p id="step3-owners-error" className="font-semibold text-red-800">
          {errors.owners.map((message) => errorText(intl, message)).join(' ')}
        </p>
      ) : null}
      {count === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="application.owners.none" />
        </p>
      ) : (
        <ol className="space-y-5">
          {Array.from({ length: count }, (_, index) => (
            // The index is the owner's identity in the draft (owners.<n>.*): the server's errors name it too.
            <li key={index}>
              <OwnerRow index={index} errors={errors} update={update} remove={remove} />
            </li>
          ))}
        </ol>
      )}
      {count < MAX_OWNERS ? (
        <Button
          id="step3-add-owner"
          variant="secondary"
          aria-describedby={errors.owners ? 'step3-owners-error' : undefined}
          onClick={() => {
            app.send({ type: 'application.addOwner', owner: { name: '', position: '' } });
            focusSoon(firstId(count));
          }}
        >
          <span aria-hidden="true">+</span>
          {count === 0 ? <FormattedMessage id="application.owners.addFirst" /> : <FormattedMessage id="application.owners.add" />}
        </Button>
      ) : (
        <p className="text-gray-800">{intl.formatMessage({ id: 'application.owners.max' }, { max: MAX_OWNERS })}</p>
      )}
    </div>
  );
}
