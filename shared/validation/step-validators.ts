// Fetches the generated validators of an application step screen (one module per screen, from openapi.yaml; steps 3,
// 4 and 5 share /3), so a step screen downloads its own steps' checks and not all six (docs/decisions/062-small-chunks.md).
// The route table starts the fetch beside the screen's code; ./step-checks.ts reads what arrived. Kept apart from the
// checks so the route table, which every screen loads, carries these few lines and not the checks' message code.
import { screenOfStep, type StepNumber, type StepScreen } from '#shared/application-constants.ts';
import type { ContractValidator } from './field-messages.ts';

/** The names of the step schemas' validators (openapi.yaml ApplicationStep{n}Data, ...Complete, Step5StudentComplete). */
export type StepValidatorName = `ApplicationStep${StepNumber}${'Data' | 'Complete'}` | 'ApplicationStep5StudentComplete';

type ScreenValidators = Partial<Record<StepValidatorName, ContractValidator>>;

const modules: Record<StepScreen, () => Promise<ScreenValidators>> = {
  1: () => import('./validators/application-screen-1.js'),
  2: () => import('./validators/application-screen-2.js'),
  3: () => import('./validators/application-screen-3.js'),
  6: () => import('./validators/application-screen-6.js'),
};

const arrived = new Map<StepScreen, ScreenValidators>();
const fetching = new Map<StepScreen, Promise<void>>();

/** Fetches the validators of `screen`'s steps once; a failed fetch is forgotten, so the next call tries again. */
export function loadScreenValidators(screen: StepScreen): Promise<void> {
  const started = fetching.get(screen);
  if (started) return started;
  const fetched = modules[screen]().then(
    (validators) => void arrived.set(screen, validators),
    (error: unknown) => {
      fetching.delete(screen);
      throw error;
    },
  );
  fetching.set(screen, fetched);
  return fetched;
}

/** Fetches the validators of the screen that shows `step`. */
export const loadStepValidators = (step: StepNumber): Promise<void> => loadScreenValidators(screenOfStep[step]);

/**
 * The validator `name` of `step`. Its screen's module must have arrived: the step's route and the application's
 * actors await loadStepValidators first, so a missing one is a bug, said at once rather than passed as "no problem".
 */
export function stepValidator(step: StepNumber, name: StepValidatorName): ContractValidator {
  const validator = arrived.get(screenOfStep[step])?.[name];
  if (validator === undefined) throw new Error(`${name} is not loaded: await loadStepValidators(${step}) before checking step ${step}`);
  return validator;
}
