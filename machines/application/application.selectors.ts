// Selectors over application snapshots: what the step indicator, the submit screen and the program list read.
import type { SnapshotFrom } from 'xstate';
import { STEP_KEYS } from './application.machine.ts';
import type { ApplicationMachine } from './application.machine.ts';
import type { ApplicationError, StepKey, StepNumber, StepStatuses } from './application.types.ts';

type ApplicationSnapshot = SnapshotFrom<ApplicationMachine>;

export type ApplicationState = 'draft' | 'submitting' | 'submitted' | 'closed' | 'unavailable';

const STEP_NUMBERS = { '1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6 } as const satisfies Record<StepKey, StepNumber>;

const STATES: readonly ApplicationState[] = ['draft', 'submitting', 'submitted', 'closed', 'unavailable'];

/** Which screen to show: the steps, "submitting", "Application has been submitted", "...closed", "Program Unavailable". */
export const selectApplicationState = (snapshot: ApplicationSnapshot): ApplicationState =>
  STATES.find((state) => snapshot.matches(state)) ?? 'draft';

/** All six steps are submitted and the application is still a draft. */
export const selectCanSubmit = (snapshot: ApplicationSnapshot): boolean => snapshot.matches({ draft: 'ready' });

/** Submitted, closed or unavailable: no edits anywhere (step machines get `readonly` / `step.lock`). */
export const selectIsReadonly = (snapshot: ApplicationSnapshot): boolean => snapshot.hasTag('readonly');

export const selectIsSubmitting = (snapshot: ApplicationSnapshot): boolean => snapshot.hasTag('busy');

/** incomplete / submitted for steps '1'...'6', for the step indicator. */
export const selectStepStatuses = (snapshot: ApplicationSnapshot): StepStatuses => snapshot.context.steps;

/** The last refusal or failure (a code, and the server's body to show as received); null when none. */
export const selectError = (snapshot: ApplicationSnapshot): ApplicationError | null => snapshot.context.error;

/** Where "Continue" goes: the first incomplete step while the application can still be edited, else null. */
export const selectNextIncompleteStep = (snapshot: ApplicationSnapshot): StepNumber | null => {
  if (!snapshot.matches('draft') && !snapshot.matches('submitting')) return null;
  const key = STEP_KEYS.find((stepKey) => snapshot.context.steps[stepKey] === 'incomplete');
  return key === undefined ? null : STEP_NUMBERS[key];
};
