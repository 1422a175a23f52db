// The USWDS/GOV.UK error summary: a box at the top of a failed form that takes focus, names the problem
// and links to each field in error. Remount it (change its key) on each failed attempt to move focus again.
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { errorKey, errorText, hasErrors, type FormErrors } from '#lib/form-errors';

// Stable identity: React calls it once on mount, not on every render (which would steal focus while typing).
const focusOnMount = (element: HTMLElement | null): void => {
  element?.focus();
};

/** A form field as the summary needs it: its control's id and its label. */
export interface SummaryField {
  id: string;
  label: MessageDescriptor;
  /** Values of the label's placeholders, for repeated groups ("Owner {number}: position"). */
  values?: Record<string, string | number>;
}

interface ErrorSummaryProps {
  id: string;
  errors: FormErrors;
  /** Field name -> control id and label, in the order the fields appear in the form. */
  fields: Readonly<Record<string, SummaryField>>;
}

export function ErrorSummary({ id, errors, fields }: ErrorSummaryProps) {
  const intl = useIntl();
  if (!hasErrors(errors)) return null;
  const headingId = `${id}-heading`;
  // Each item names its field: "This field is required" three times would not say which fields.
  const fieldItems = Object.entries(fields).flatMap(([name, field]) =>
    (errors.fields[name] ?? []).map((message) => ({
      key: `${name}:${errorKey(message)}`,
      controlId: field.id,
      text: intl.formatMessage(
        { id: 'ui.errorSummary.item' },
        { field: intl.formatMessage(field.label, field.values), message: errorText(intl, message) },
      ),
    })),
  );
  return (
    <div
      id={id}
      ref={focusOnMount}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="rounded-md border-l-8 border-red-800 bg-red-50 p-4 text-gray-900"
    >
      <h2 id={headingId} className="text-lg font-bold text-red-900">
        <FormattedMessage id="ui.errorSummary.title" />
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {errors.form.map((message) => (
          <li key={`form:${errorKey(message)}`}>{errorText(intl, message)}</li>
        ))}
        {fieldItems.map((item) => (
          <li key={item.key}>
            <a
              href={`#${item.controlId}`}
              className="font-medium text-red-900 underline underline-offset-2"
              onClick={(event) => {
                // Move focus to the control itself, not just scroll: the hash alone does not focus it.
                event.preventDefault();
                const control = document.getElementById(item.controlId);
                control?.focus();
                control?.scrollIntoView({ block: 'center' });
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
