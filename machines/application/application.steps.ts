// The application machine's rules on its six steps' statuses, pure and without the machine, so that a screen that only
// links to the right step (src/lib/application-paths.ts, on every panel screen) does not load the machine and its
// children (the step, autosave, documents and upload machines).
import { STEP_NUMBERS } from '#shared/application-constants.ts';
import type { StepKey, StepNumber, StepStatuses } from './application.types.ts';

export const STEP_KEYS: readonly StepKey[] = STEP_NUMBERS.map((step) => `${step}` as const);

export const allStepsSubmitted = (steps: StepStatuses): boolean => STEP_KEYS.every((key) => steps[key] === 'submitted');

/** Where "Continue" goes: the first step not submitted yet, or null when all six are. */
export const firstIncompleteStep = (steps: StepStatuses): StepNumber | null =>
  STEP_NUMBERS.find((step) => steps[`${step}`] !== 'submitted') ?? null;
