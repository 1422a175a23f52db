// Radio buttons and checkbox lists in the USWDS pattern: a fieldset whose legend is the question, one native
// input per option (24px targets, labels that are part of the target), hint and error tied to the group.
import type { ReactNode } from 'react';
import type { ErrorText } from '#lib/form-errors';
import { ErrorLines, RequiredMark } from './Field';

export interface ChoiceOption {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
}

interface ChoiceGroupProps {
  /** The fieldset's id: the error summary links here, so it must take focus. */
  id: string;
  legend: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  errors?: readonly ErrorText[] | undefined;
  options: readonly ChoiceOption[];
  /** Lay the options side by side on wide screens (short options like Yes / No). */
  inline?: boolean;
  disabled?: boolean;
}

interface RadioGroupProps extends ChoiceGroupProps {
  name: string;
  value: string | null;
  onChange: (value: string) => void;
}

interface CheckboxGroupProps extends ChoiceGroupProps {
  name: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
}

const inputClass = 'mt-0.5 size-6 shrink-0 accent-blue-800';

function GroupFrame({
  id,
  legend,
  required,
  hint,
  errors,
  inline,
  children,
}: Omit<ChoiceGroupProps, 'options'> & { children: ReactNode }) {
  const invalid = errors !== undefined && errors.length > 0;
  const described = [hint ? `${id}-hint` : '', invalid ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={described}
      className={invalid ? 'border-l-4 border-red-800 pl-3' : ''}
    >
      <legend className="font-semibold text-gray-900">
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={`${id}-error`} className="mt-1 font-semibold text-red-800">
          <ErrorLines errors={errors} />
        </p>
      ) : null}
      <div className={`mt-2 ${inline ? 'flex flex-wrap gap-x-6 gap-y-2' : 'space-y-2'}`}>{children}</div>
    </fieldset>
  );
}

function Option({
  type,
  id,
  name,
  option,
  checked,
  disabled,
  onChange,
}: {
  type: 'radio' | 'checkbox';
  id: string;
  name: string;
  option: ChoiceOption;
  checked: boolean;
  disabled: boolean | undefined;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        type={type}
        id={id}
        name={name}
        value={option.value}
        checked={checked}
        disabled={disabled}
        aria-describedby={option.hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        className={inputClass}
      />
      <div>
        <label htmlFor={id} className="cursor-pointer font-medium text-gray-900">
          {option.label}
        </label>
        {option.hint ? (
          <p id={`${id}-hint`} className="text-sm text-gray-700">
            {option.hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function RadioGroupField({ name, value, onChange, options, disabled, ...frame }: RadioGroupProps) {
  return (
    <GroupFrame {...frame}>
      {options.map((option) => (
        <Option
          key={option.value}
          type="radio"
          id={`${frame.id}-${option.value}`}
          name={name}
          option={option}
          checked={value === option.value}
          disabled={disabled}
          onChange={(checked) => {
            if (checked) onChange(option.value);
          }}
        />
      ))}
    </GroupFrame>
  );
}

export function CheckboxGroupField({ name, values, onChange, options, disabled, ...frame }: CheckboxGroupProps) {
  return (
    <GroupFrame {...frame}>
      {options.map((option) => (
        <Option
          key={option.value}
          type="checkbox"
          id={`${frame.id}-${option.value}`}
          name={name}
          option={option}
          checked={values.includes(option.value)}
          disabled={disabled}
          onChange={(checked) =>
            onChange(
              checked
                ? options.map((item) => item.value).filter((item) => item === option.value || values.includes(item))
                : values.filter((item) => item !== option.value),
            )
          }
        />
      ))}
    </GroupFrame>
  );
}
