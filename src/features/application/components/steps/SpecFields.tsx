// Renders a list of questions (src/components/application/fields.ts) as USWDS fields: each reads its value from the
// draft and sends the new value as an edit; conditional questions appear only when they apply.
import { memo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxGroupField, RadioGroupField } from '#components/ui/ChoiceField';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { SelectField, TextField } from '#components/ui/Field';
import { NumberTextField } from '#components/ui/NumberTextField';
import { TextAreaField } from '#components/ui/TextAreaField';
import { fieldId, hintOf, labelOf, optionText, type FieldSpec } from '#components/application/fields';
import type { FieldErrors } from '#features/application/components/StepSection';
import type { ErrorText } from '#lib/form-errors';
import { useStepDraft } from '#features/application/hooks/use-step-form';
import type { StepNumber } from '#machines/step/step.types';

/** The error summary's entries for these questions, under `prefix` (e.g. `owners.1.`). */
export function summaryFields(
  step: number,
  specs: readonly FieldSpec[],
  prefix = '',
  label?: (spec: FieldSpec) => SummaryField['label'],
  values?: SummaryField['values'],
): Record<string, SummaryField> {
  return Object.fromEntries(
    specs.map((spec) => [
      `${prefix}${spec.name}`,
      { id: fieldId(step, `${prefix}${spec.name}`), label: label ? label(spec) : labelOf(spec), ...(values ? { values } : {}) },
    ]),
  );
}

/**
 * A field's errors (its own and its items', `race.0`), as a value: a memoized row re-renders when these change, not
 * when another field's do.
 */
export const errorsKey = (errors: FieldErrors, name: string): string =>
  JSON.stringify(Object.entries(errors).filter(([key]) => key === name || key.startsWith(`${name}.`)));

/** Same value: equal text and numbers, or lists with the same items (a draft's list is a new array after any edit). */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
  return Object.is(a, b);
}

/** Same questions in the same order (askedFields gives the specs themselves, so identity says it). */
export const sameSpecs = (a: readonly FieldSpec[], b: readonly FieldSpec[]): boolean =>
  a.length === b.length && a.every((spec, index) => spec === b[index]);

type DocumentsRenderer = NonNullable<SpecFieldProps['documents']>;

interface DraftFieldRowProps {
  step: StepNumber;
  spec: FieldSpec;
  errors: FieldErrors;
  /** Stable for the screen's life, like the documents renderer: the row never re-renders for new functions. */
  edit: (name: string, value: unknown) => void;
  documents?: DocumentsRenderer;
}

/**
 * One question of a step: it reads its own answer, so typing in it re-renders this field only, not the step's other
 * questions (an income source's documents among them): docs/decisions/068-quick-input.md.
 */
export const DraftFieldRow = memo(
  function DraftFieldRow({ step, spec, errors, edit, documents }: DraftFieldRowProps) {
    const value = useStepDraft(step, (data) => data[spec.name], sameValue);
    return (
      <SpecField step={step} spec={spec} value={value} onChange={(next) => edit(spec.name, next)} errors={errors} documents={documents} />
    );
  },
  (before, after) =>
    before.step === after.step &&
    before.spec === after.spec &&
    before.edit === after.edit &&
    before.documents === after.documents &&
    errorsKey(before.errors, before.spec.name) === errorsKey(after.errors, after.spec.name),
);

interface SpecFieldProps {
  step: number;
  spec: FieldSpec;
  /** `owners.1.` for a list item's fields. */
  prefix?: string;
  value: unknown;
  onChange: (value: unknown) => void;
  errors: FieldErrors;
  /** Renders a documents field (it has its own actor). */
  documents?: (spec: FieldSpec, id: string, errors: readonly ErrorText[] | undefined) => ReactNode;
}

export function SpecField({ step, spec, prefix = '', value, onChange, errors, documents }: SpecFieldProps) {
  const intl = useIntl();
  const name = `${prefix}${spec.name}`;
  const id = fieldId(step, name);
  const hint = hintOf(spec);
  const common = {
    id,
    label: <FormattedMessage {...labelOf(spec)} />,
    hint: hint ? <FormattedMessage {...hint} /> : undefined,
    required: spec.required,
    errors: errors[name],
  };
  // The frame of a radio or checkbox group: its legend stands for the label.
  const group = { id, name, legend: common.label, hint: common.hint, required: spec.required, errors: common.errors };
  const { kind } = spec;
  switch (kind.type) {
    case 'text':
      return (
        <TextField
          {...common}
          name={name}
          maxLength={kind.maxLength}
          autoComplete={kind.autoComplete ?? 'off'}
          inputMode={kind.inputMode}
          type={kind.inputMode === 'tel' ? 'tel' : 'text'}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'textarea':
      return (
        <TextAreaField
          {...common}
          name={name}
          maxLength={kind.maxLength}
          rows={4}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      );
    case 'integer':
    case 'amount':
      return (
        // What was typed stays as typed; "-2", "3.5" for a whole number or "1e3" get the contract's message, never a
        // silently changed number (docs/decisions/014-one-set-of-rules.md).
        <NumberTextField
          {...common}
          className="max-w-60"
          hint={
            common.hint ??
            (kind.type === 'integer' ? <FormattedMessage id="application.field.wholeNumberHint" /> : <FormattedMessage id="application.field.amountHint" />)
          }
          name={name}
          decimal={kind.type === 'amount'}
          value={value}
          onValueChange={onChange}
        />
      );
    case 'date':
      return (
        <TextField
          {...common}
          name={name}
          type="date"
          className="max-w-60"
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value === '' ? null : event.currentTarget.value)}
        />
      );
    case 'yesno':
      return (
        <RadioGroupField
          {...group}
          inline
          value={value === true ? 'yes' : value === false ? 'no' : null}
          onChange={(choice) => onChange(choice === 'yes')}
          options={[
            { value: 'yes', label: intl.formatMessage({ id: 'application.option.yes' }) },
            { value: 'no', label: intl.formatMessage({ id: 'application.option.no' }) },
          ]}
        />
      );
    case 'radio':
      return (
        <RadioGroupField
          {...group}
          value={kind.options.find((option) => option.value === value) ? String(value) : null}
          onChange={(choice) => onChange(kind.options.find((option) => String(option.value) === choice)?.value ?? null)}
          options={kind.options.map((option) => ({ value: String(option.value), label: optionText(intl, option) }))}
        />
      );
    case 'select':
      return (
        <SelectField
          {...common}
          name={name}
          value={kind.options.find((option) => option.value === value) ? String(value) : ''}
          onChange={(event) => {
            const choice = event.currentTarget.value;
            onChange(kind.options.find((option) => String(option.value) === choice)?.value ?? null);
          }}
          options={[
            { value: '', label: intl.formatMessage({ id: 'application.option.choose' }) },
            ...kind.options.map((option) => ({ value: String(option.value), label: optionText(intl, option) })),
          ]}
        />
      );
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <CheckboxGroupField
          {...group}
          values={kind.options.filter((option) => chosen.includes(option.value)).map((option) => String(option.value))}
          onChange={(values) => onChange(kind.options.filter((option) => values.includes(String(option.value))).map((option) => option.value))}
          options={kind.options.map((option) => ({ value: String(option.value), label: optionText(intl, option) }))}
        />
      );
    }
    case 'documents':
      return documents ? <>{documents(spec, id, common.errors)}</> : null;
  }
}
