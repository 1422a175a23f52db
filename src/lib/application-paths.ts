// Where each part of an application lives (the route table is src/app/AppRoutes.tsx): the start message, the four
// step screens (steps 3, 4 and 5 share /3), "check your answers" and the confirmation.
import { firstIncompleteStep } from '#machines/application/application.steps';
import type { StepNumber, StepStatus } from '#machines/step/step.types';
import { screenOfStep, STEP_NUMBERS, type StepScreen } from '#shared/application-constants';
import { isStepSubmitted } from '#shared/review-lifecycle';

export { screenOfStep, STEP_NUMBERS, type StepScreen };

const base = (id: number) => `/panel/application/${id}`;

export const applicationPaths = {
  start: (id: number) => base(id),
  screen: (id: number, screen: StepScreen) => `${base(id)}/${screen}`,
  /** A step's screen; steps 4 and 5 jump to their section of /3. */
  step: (id: number, step: StepNumber) => `${base(id)}/${screenOfStep[step]}${step === 4 || step === 5 ? `#step-${step}` : ''}`,
  submit: (id: number) => `${base(id)}/submit`,
  confirmation: (id: number) => `${base(id)}/confirmation`,
  survey: (programId?: number) => (programId === undefined ? '/panel/survey' : `/panel/survey?program=${programId}`),
  programs: '/panel/programs',
  myPrograms: '/panel/programs/my',
  /** A program's drive (docs/decisions/019-program-drive.md). */
  drive: (programId: number) => `/panel/programs/my/drive/${programId}`,
} as const;

/** The next and previous screens of a step screen, for the links at the bottom of each. */
export const screenOrder: readonly StepScreen[] = [1, 2, 3, 6];

// In a module of its own so the entry's route-data prefetch reads ids without this module's machine import.
export { parseId } from './route-id';

/** Where "Continue" goes (the application machine's rule): the first step not yet submitted, else "check your answers". */
export function continuePath(id: number, steps: ReadonlyArray<{ step: number; status: string }>): string {
  const status = (step: StepNumber): StepStatus =>
    isStepSubmitted(steps.find((item) => item.step === step)?.status ?? 'incomplete') ? 'submitted' : 'incomplete';
  const first = firstIncompleteStep({ '1': status(1), '2': status(2), '3': status(3), '4': status(4), '5': status(5), '6': status(6) });
  return first === null ? applicationPaths.submit(id) : applicationPaths.step(id, first);
}
