// A checkbox (Radix, so it looks the same in every browser) with its label, error and a 24px target. Its tick is drawn
// from the box's `data-state`, so it shows before the app has hydrated a prerendered page too.
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import * as Label from '@radix-ui/react-label';
import type { ReactNode } from 'react';
import type { ErrorText } from '#lib/form-errors';
import { describedBy, ErrorLines, RequiredMark } from './Field';

interface CheckboxFieldProps {
  id: string;
  name?: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  required?: boolean;
  hint?: ReactNode;
  errors?: readonly ErrorText[] | undefined;
}

export function CheckboxField({ id, name, label, checked, onCheckedChange, required, hint, errors }: CheckboxFieldProps) {
  const invalid = errors !== undefined && errors.length > 0;
  return (
    <div className={invalid ? 'border-l-4 border-red-800 pl-3' : ''}>
      {invalid ? (
        <p id={`${id}-error`} className="mb-1 font-semibold text-red-800">
          <ErrorLines errors={errors} />
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <RadixCheckbox.Root
          id={id}
          name={name}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          required={required}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(id, hint, errors)}
          className={
            'group mt-0.5 flex size-7 shrink-0 items-center justify-center rounded border-2 border-gray-700 bg-white ' +
            'data-[state=checked]:border-blue-800 data-[state=checked]:bg-blue-800 aria-[invalid=true]:border-red-800'
          }
        >
          {/* The tick is always in the page and shown by the box's own state, not mounted by Radix's Indicator: a
              prerendered page's box ticked before the app arrived (src/app/boot.ts) shows it at once, and no box
              reads its computed style as it mounts. */}
          <svg viewBox="0 0 16 16" aria-hidden="true" className="hidden size-5 fill-none stroke-white stroke-[2.5] group-data-[state=checked]:block">
            <path d="M3 8.5l3.2 3L13 4.5" />
          </svg>
        </RadixCheckbox.Root>
        <div>
          <Label.Root htmlFor={id} className="cursor-pointer font-medium text-gray-900">
            {label}
            {required ? <RequiredMark /> : null}
          </Label.Root>
          {hint ? (
            <p id={`${id}-hint`} className="text-sm text-gray-700">
              {hint}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
