// Renders a list of questions (src/features/application/fields.ts) as USWDS fields: each reads its value from the
// draft and sends the new value as an edit; conditional questions appear only when they apply.
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { CheckboxGroupField, RadioGroupField } from '#components/ui/ChoiceField';
import type { SummaryField } from '#components/ui/ErrorSummary';
import { SelectField, TextField } from '#components/ui/Field';
import { TextAreaField } from '#components/ui/TextAreaField';
import { fieldId, hintOf, labelOf, type FieldSpec, type Option } from '#features/application/fields';
import type { FieldErrors } from '#features/application/components/StepSection';
import type { ErrorText } from '#lib/form-errors';

export const optionText = (intl: IntlShape, option: Option): string => {
  const label = intl.formatMessage(option.label);
  return option.code ? intl.formatMessage({ id: 'survey.form.industryOption' }, { code: option.code, name: label }) : label;
};

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

/** Digits for a whole number; digits and one decimal point (cents at most) for an amount. */
function cleanNumber(text: string, decimal: boolean): string {
  if (!decimal) return text.replace(/\D/g, '').slice(0, 9);
  const [whole = '', ...rest] = text.replace(/[^\d.]/g, '').split('.');
  return rest.length === 0 ? whole.slice(0, 12) : `${whole.slice(0, 12)}.${rest.join('').slice(0, 2)}`;
}

/** A number typed as text: what the person typed stays on screen ("25." while typing 25.50); the draft holds the number. */
function NumberField({ id, name, value, onChange, decimal, ...frame }: {
  id: string;
  name: string;
  value: unknown;
  onChange: (value: number | null) => void;
  decimal: boolean;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean | undefined;
  errors?: readonly ErrorText[] | undefined;
}) {
  const stored = typeof value === 'number' && Number.isFinite(value) ? value : null;
  const [typed, setText] = useState(stored === null ? '' : String(stored));
  // Another tab's draft, or a conflict resolved: show the stored number when it is not what the typed text says.
  const text = (typed === '' ? null : Number(typed)) === stored ? typed : stored === null ? '' : String(stored);
  return (
    <TextField
      id={id}
      name={name}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      className="max-w-60"
      value={text}
      onChange={(event) => {
        const next = cleanNumber(event.currentTarget.value, decimal);
        setText(next);
        const number = next === '' || next === '.' ? null : Number(next);
        onChange(number !== null && Number.isFinite(number) ? number : null);
      }}
      {...frame}
    />
  );
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
        <NumberField
          {...common}
          hint={
            common.hint ??
            (kind.type === 'integer' ? <FormattedMessage id="application.field.wholeNumberHint" /> : <FormattedMessage id="application.field.amountHint" />)
          }
          name={name}
          decimal={kind.type === 'amount'}
          value={value}
          onChange={onChange}
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
          id={id}
          name={name}
          legend={common.label}
          hint={common.hint}
          required={spec.required}
          errors={common.errors}
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
          id={id}
          name={name}
          legend={common.label}
          hint={common.hint}
          required={spec.required}
          errors={common.errors}
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
          id={id}
          name={name}
          legend={common.label}
          hint={common.hint}
          required={spec.required}
          errors={common.errors}
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
