// The browser's checks of an application step, with the validators generated from openapi.yaml (ApplicationStep{n}Data
// for a draft, ApplicationStep{n}Complete to submit): the same schemas the server validates with (docs/decisions/014).
// Each step screen's validators arrive with the screen: await loadStepValidators (./step-validators.ts) first.
import type { StepNumber } from '#shared/application-constants.ts';
import { checkWith, incompleteMessages, type FieldMessages } from './field-messages.ts';
import { stepValidator } from './step-validators.ts';

/** What is malformed in a step's draft (the autosave would be refused for it); nothing is required yet. */
export const checkStepDraft = (step: StepNumber, data: unknown): FieldMessages => checkWith(stepValidator(step, `ApplicationStep${step}Data`), data);

/**
 * What keeps a step from being submitted, with 'Check that all data have been entered.'; null when nothing does.
 * Step 5 of the student sub-program also asks the student block (docs/decisions/015).
 */
export function checkStepComplete(step: StepNumber, data: unknown, facts: { student: boolean } = { student: false }): FieldMessages | null {
  const schema = step === 5 && facts.student ? stepValidator(5, 'ApplicationStep5StudentComplete') : stepValidator(step, `ApplicationStep${step}Complete`);
  const fields = checkWith(schema, data);
  return Object.keys(fields).length === 0 ? null : incompleteMessages(fields);
}
