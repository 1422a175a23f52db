// The error state of one form: what the summary and fields show, and an attempt counter that remounts the
// summary (moving focus to it again) on every failed submission.
import { useState } from 'react';
import { noErrors, type FormErrors } from '#lib/form-errors';

export function useFormErrors() {
  const [state, setState] = useState<{ errors: FormErrors; attempt: number }>({ errors: noErrors, attempt: 0 });
  return {
    errors: state.errors,
    attempt: state.attempt,
    fail: (errors: FormErrors) => setState((previous) => ({ errors, attempt: previous.attempt + 1 })),
    clear: () => setState((previous) => ({ errors: noErrors, attempt: previous.attempt })),
  };
}
