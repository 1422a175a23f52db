// The six steps' rules, read from openapi.yaml: a draft matches ApplicationStep{n}Data (checked in the route); submitting
// a step checks the saved draft against ApplicationStep{n}Complete (docs/decisions/014-one-set-of-rules.md).
import type { components } from '#api/schema.d.ts';
import type { ValidateFunction } from 'ajv';
import type { StepNumber } from '#shared/application-constants.ts';
import { incompleteMessages, toFieldMessages, type FieldMessages } from '#shared/validation/field-messages.ts';
import type { User } from '#server/auth/accounts.ts';
import { toPerson } from '#server/me/service.ts';
import { componentSchema } from '#server/http/contract.ts';
import { msg, type FieldErrors } from '#server/http/errors.ts';
import { compileWholeForm } from '#server/http/validators.ts';

type Schemas = components['schemas'];
export type { StepNumber };
export type DraftData = Record<string, unknown>;

/** The openapi.yaml schema a step's draft must match. */
export const stepDataSchemaName = (step: StepNumber) => `ApplicationStep${step}Data`;

/** What a step's check needs beyond the draft itself. */
export interface StepFacts {
  /** Step 6: the signed participant intake form was uploaded. */
  hasIntakeForm: boolean;
  /** Step 5 asks the student block of the student sub-program only (docs/decisions/015). */
  student: boolean;
  /** Steps 3 and 4: file ids the draft names that are not this application's documents of that field. */
  unknownFiles?: FieldErrors;
}

/** The openapi.yaml schema a step's draft must match to be submitted (step 5 of the student sub-program has its own). */
export const stepCompleteSchemaName = (step: StepNumber, facts: Pick<StepFacts, 'student'> = { student: false }) =>
  step === 5 && facts.student ? 'ApplicationStep5StudentComplete' : `ApplicationStep${step}Complete`;

const validators = new Map<string, ValidateFunction>();

function validatorOf(name: string, compile: (schema: object) => ValidateFunction): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = compile(componentSchema(name));
    validators.set(name, validate);
  }
  return validate;
}

const toServerMessages = (fields: FieldMessages): FieldErrors =>
  Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list.map((m) => msg(m.id, m.values))]));

/**
 * The full check of a step's saved draft: its ApplicationStep{n}Complete schema (the rules live in openapi.yaml
 * only), plus what a schema cannot know (step 6: the intake form uploaded). Field errors, with 'Check that all data
 * have been entered.' as the form-wide message, or null when the step can be submitted. Step 6's captcha is spent
 * only once all of this holds (applications/service.ts).
 */
export function checkStep(step: StepNumber, data: DraftData, facts: StepFacts): FieldErrors | null {
  const validate = validatorOf(stepCompleteSchemaName(step, facts), compileWholeForm);
  const fields: FieldMessages = validate(data) ? {} : toFieldMessages(validate.errors);
  if (step === 6 && !facts.hasIntakeForm) (fields.intake_form ??= []).push({ id: 'api.application.intakeFormRequired' });
  // What a schema cannot know: the files the draft names are this application's (docs/decisions/015).
  for (const [field, messages] of Object.entries(facts.unknownFiles ?? {})) {
    (fields[field] ??= []).push(...messages.map((m) => ({ id: m.id, ...(m.params ? { values: m.params } : {}) })));
  }
  if (Object.keys(fields).length === 0) return null;
  return toServerMessages(incompleteMessages(fields));
}

/** Step 1's first draft: the person's information as GET /me shows it (the SSN's last 4 when they gave them). */
export function prefillPerson(user: User): Schemas['ApplicationStep1Data'] {
  // The profile's own fields, minus what is not part of step 1 (account facts and the masked SSN).
  const { id: _id, is_staff: _staff, language: _language, ssn_last4_masked: _masked, gender, ...person } = toPerson(user);
  return {
    ...person,
    ...(gender ? { gender } : {}),
    ...(user.ssn_last4 ? { ssn_last4: user.ssn_last4 } : {}),
  };
}

/**
 * Step 2's first draft: whether there is a business yet (docs/decisions/015). The incubator and the accelerator are
 * for operating businesses; in the student and pre-incubator sub-programs the survey's answer counts, else the person
 * says.
 */
export function prefillBusiness(subProgram: string, surveyHasBusiness: boolean | undefined): Schemas['ApplicationStep2Data'] {
  if (subProgram === 'incubator' || subProgram === 'accelerator') return { has_business: true };
  return surveyHasBusiness === undefined ? {} : { has_business: surveyHasBusiness };
}
