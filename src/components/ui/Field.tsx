// Labelled form fields in the USWDS pattern: label, optional hint, error text tied with aria-describedby,
// aria-invalid when an error is shown, and a visible required mark.
import * as Label from '@radix-ui/react-label';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { errorKey, errorText, type ErrorText } from '#lib/form-errors';

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border-2 border-gray-700 bg-white px-3 py-2 text-base text-gray-900 ' +
  'aria-[invalid=true]:border-red-800';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  required?: boolean | undefined;
  hint?: ReactNode | undefined;
  errors?: readonly ErrorText[] | undefined;
  children: ReactNode;
}

/** The ids a control should list in aria-describedby for its hint and errors. */
export function describedBy(id: string, hint: unknown, errors: readonly ErrorText[] | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', errors && errors.length > 0 ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's error messages, one per line, worded in the language on screen. */
export function ErrorLines({ errors }: { errors: readonly ErrorText[] }) {
  const intl = useIntl();
  return errors.map((message) => (
    <span key={errorKey(message)} className="block">
      {errorText(intl, message)}
    </span>
  ));
}

export function RequiredMark() {
  // The control itself carries `required`, which screen readers announce; the star is for sighted people.
  return (
    <span aria-hidden="true" className="ml-1 font-bold text-red-800">
      *
    </span>
  );
}

export function FieldFrame({ id, label, required, hint, errors, children }: FieldFrameProps) {
  const hasError = errors !== undefined && errors.length > 0;
  return (
    <div className={hasError ? 'border-l-4 border-red-800 pl-3' : ''}>
      <Label.Root htmlFor={id} className="block font-semibold text-gray-900">
        {label}
        {required ? <RequiredMark /> : null}
      </Label.Root>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          <ErrorLines errors={errors} />
        </p>
      ) : null}
      {children}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly ErrorText[] | undefined;
};

export function TextField({ id, label, hint, errors, required, className = '', ...input }: TextFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} errors={errors}>
      <input
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={`${inputClass} ${className}`}
        {...input}
      />
    </FieldFrame>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly ErrorText[] | undefined;
  options: ReadonlyArray<{ value: string; label: string; lang?: string }>;
};

export function SelectField({ id, label, hint, errors, required, options, ...select }: SelectFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} errors={errors}>
      <select
        id={id}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={inputClass}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The sentence at the top of a form that explains the required mark. */
export function RequiredNote() {
  return (
    <p className="text-sm text-gray-700">
      <FormattedMessage id="ui.form.requiredNote" />
    </p>
  );
}
