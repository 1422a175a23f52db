// A labelled multi-line text field in the USWDS pattern (label, hint, error, aria-describedby, aria-invalid).
import type { ReactNode, TextareaHTMLAttributes } from 'react';
import type { ErrorText } from '#lib/form-errors';
import { describedBy, FieldFrame, inputClass } from './Field';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: readonly ErrorText[] | undefined;
};

export function TextAreaField({ id, label, hint, errors, required, rows = 5, ...textarea }: TextAreaFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <FieldFrame id={id} label={label} required={required} hint={hint} errors={errors}>
      <textarea
        id={id}
        rows={rows}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(id, hint, errors)}
        className={`${inputClass} min-h-28`}
        {...textarea}
      />
    </FieldFrame>
  );
}
