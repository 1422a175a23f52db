// The browser's checks of an application step, with the validators generated from openapi.yaml (ApplicationStep{n}Data
// for a draft, ApplicationStep{n}Complete to submit): the same schemas the server validates with (docs/decisions/014).
import type { StepNumber } from '#shared/application-constants.ts';
import { checkWith, incompleteMessages, type ContractValidator, type FieldMessages } from './field-messages.ts';
import * as generated from './validators/application-steps.js';

const validators: Record<StepNumber, { draft: ContractValidator; complete: ContractValidator }> = {
  1: { draft: generated.ApplicationStep1Data, complete: generated.ApplicationStep1Complete },
  2: { draft: generated.ApplicationStep2Data, complete: generated.ApplicationStep2Complete },
  3: { draft: generated.ApplicationStep3Data, complete: generated.ApplicationStep3Complete },
  4: { draft: generated.ApplicationStep4Data, complete: generated.ApplicationStep4Complete },
  5: { draft: generated.ApplicationStep5Data, complete: generated.ApplicationStep5Complete },
  6: { draft: generated.ApplicationStep6Data, complete: generated.ApplicationStep6Complete },
};

/** What is malformed in a step's draft (the autosave would be refused for it); nothing is required yet. */
export const checkStepDraft = (step: StepNumber, data: unknown): FieldMessages => checkWith(validators[step].draft, data);

/**
 * What keeps a step from being submitted, with 'Check that all data have been entered.'; null when nothing does.
 * Step 5 of the student sub-program also asks the student block (docs/decisions/015).
 */
export function checkStepComplete(step: StepNumber, data: unknown, facts: { student: boolean } = { student: false }): FieldMessages | null {
  const schema = step === 5 && facts.student ? generated.ApplicationStep5StudentComplete : validators[step].complete;
  const fields = checkWith(schema, data);
  return Object.keys(fields).length === 0 ? null : incompleteMessages(fields);
}
