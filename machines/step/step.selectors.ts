// Selectors over step snapshots: what the step screen and its "submit step" button read.
import type { SnapshotFrom } from 'xstate';
import type { StepMachine } from './step.machine.ts';
import type { StepStatus, StepSubmitError } from './step.types.ts';

type StepSnapshot = SnapshotFrom<StepMachine>;

/** incomplete or submitted: the status the step indicator shows (also while read-only). */
export const selectStepStatus = (snapshot: StepSnapshot): StepStatus => snapshot.context.status;

/** The server is validating the step: disable the button, announce "submitting". */
export const selectIsSubmitting = (snapshot: StepSnapshot): boolean => snapshot.hasTag('busy');

/** The application is submitted or closed: render the step without inputs. */
export const selectIsReadonly = (snapshot: StepSnapshot): boolean => snapshot.hasTag('readonly');

/** "Submit step" is offered only for an incomplete, editable step. */
export const selectCanSubmitStep = (snapshot: StepSnapshot): boolean => snapshot.matches('incomplete');

/** Why the last "submit step" failed; null once it is tried again or succeeds. */
export const selectStepError = (snapshot: StepSnapshot): StepSubmitError | null => snapshot.context.error;

/** The server's body for the error summary and the fields (shown as received); null when none. */
export const selectFieldErrors = (snapshot: StepSnapshot): unknown => {
  const { error } = snapshot.context;
  return error?.kind === 'rejected' ? error.body : null;
};
