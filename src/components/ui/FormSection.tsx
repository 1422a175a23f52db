// A titled group of a long form's fields: a fieldset whose legend names the group (the profile, step 1, the survey).
import type { ReactNode } from 'react';

export function FormSection({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6">
      <legend className="px-1 text-xl font-bold text-gray-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
