// The six steps' content rules. A draft only has to match its type schema (openapi.yaml ApplicationStep{n}Data,
// checked in the route); submitting a step runs checkStep() on the saved draft: what is required, and how. Steps 2 to
// 5 are checked against their openapi.yaml ApplicationStep{n}Complete schemas (docs/decisions/015).
import type { components } from '#api/schema.d.ts';
import { SSN_LAST4_PATTERN, type StepNumber } from '#shared/application-constants.ts';
import type { User } from '#server/auth/service.ts';
import { toPerson } from '#server/me/service.ts';
import { msg, type FieldErrors, type Message } from '#server/http/errors.ts';
import { componentSchema } from '#server/http/contract.ts';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Schemas = components['schemas'];
export type { StepNumber };
export type DraftData = Record<string, unknown>;

/** The openapi.yaml schema a step's draft must match. */
export const stepDataSchemaName = (step: StepNumber) => `ApplicationStep${step}Data`;

/** What a step's check needs beyond the draft itself. */
export interface StepFacts {
  /** Step 6: the signed participant intake form was uploaded. */
  hasIntakeForm: boolean;
  /** Step 5 asks the student block of the student sub-program only. */
  student: boolean;
  /** Steps 3 and 4: file ids the draft names that are not this application's documents of that field. */
  unknownFiles?: FieldErrors;
}

/** The schema a step's saved draft must match to be submitted (steps 2 to 5). */
export const stepCompleteSchemaName = (step: 2 | 3 | 4 | 5, facts: Pick<StepFacts, 'student'>) =>
  step === 5 && facts.student ? 'ApplicationStep5StudentComplete' : `ApplicationStep${step}Complete`;

// allErrors: a submit names every missing field at once. The draft was size-checked on save, so this stays cheap.
const completeAjv = new Ajv({ strictSchema: false, allowUnionTypes: true, allErrors: true, verbose: true });
addFormats.default(completeAjv);
const completeValidators = new Map<string, ValidateFunction>();

function completeValidator(name: string): ValidateFunction {
  let validate = completeValidators.get(name);
  if (!validate) {
    validate = completeAjv.compile(componentSchema(name));
    completeValidators.set(name, validate);
  }
  return validate;
}

/** ajv's findings as field messages: a property's `x-message` names its own; a missing or empty one is required. */
function addSchemaProblems(errors: ErrorObject[], problems: Problems) {
  for (const error of errors) {
    // if/then/else and allOf only say that a branch failed: the branch's own errors name the field.
    if (error.keyword === 'if' || error.keyword === 'allOf') continue;
    const path = error.instancePath.split('/').filter(Boolean);
    if (error.keyword === 'required') {
      const missing = String((error.params as { missingProperty?: unknown }).missingProperty ?? '');
      problems.add([...path, missing].join('.'), msg('api.field.required'));
      continue;
    }
    const own = (error.parentSchema as Record<string, unknown> | undefined)?.['x-message'];
    const field = path.join('.') || 'non_field_errors';
    if (typeof own === 'string') problems.add(field, msg(own));
    else if (error.keyword === 'minItems') problems.add(field, msg('api.field.required'));
    else problems.add(field, msg('api.field.invalid'));
  }
}

function checkComplete(step: 2 | 3 | 4 | 5) {
  return (data: DraftData, problems: Problems, facts: StepFacts) => {
    const validate = completeValidator(stepCompleteSchemaName(step, facts));
    if (!validate(data)) addSchemaProblems(validate.errors ?? [], problems);
  };
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class Problems {
  readonly fields: FieldErrors = {};
  add(field: string, message: Message) {
    (this.fields[field] ??= []).push(message);
  }
  requireText(data: DraftData, ...fields: string[]) {
    for (const field of fields) if (text(data[field]) === '') this.add(field, msg('api.field.required'));
  }
  requireValue(data: DraftData, ...fields: string[]) {
    for (const field of fields) if (data[field] === undefined || data[field] === null || data[field] === '') this.add(field, msg('api.field.required'));
  }
}

function checkPerson(data: DraftData, problems: Problems) {
  problems.requireText(data, 'first_name', 'last_name', 'phone', 'email', 'country', 'state', 'city', 'postal_code', 'physical_line1');
  problems.requireValue(data, 'gender');
  if (data.postal_same_as_physical !== true) problems.requireText(data, 'postal_line1');
  if (text(data.email) !== '' && !EMAIL.test(text(data.email))) problems.add('email', msg('api.field.email'));
  const ssn = text(data.ssn_last4);
  if (ssn === '') problems.add('ssn_last4', msg('api.field.required'));
  else if (!SSN_LAST4_PATTERN.test(ssn)) problems.add('ssn_last4', msg('api.field.ssnLast4'));
}

/** Everything of step 6 but the captcha, which is spent only once all of this holds (applications/service.ts). */
function checkAgreement(data: DraftData, problems: Problems, facts: StepFacts) {
  if (data.conditions !== true) problems.add('conditions', msg('api.error.conditions'));
  if (!facts.hasIntakeForm) problems.add('intake_form', msg('api.application.intakeFormRequired'));
  if (text(data.captcha) === '') problems.add('captcha', msg('api.error.captcha'));
}

const checks: Record<StepNumber, (data: DraftData, problems: Problems, facts: StepFacts) => void> = {
  1: checkPerson,
  2: checkComplete(2),
  3: checkComplete(3),
  4: checkComplete(4),
  5: checkComplete(5),
  6: checkAgreement,
};

/**
 * The full check of a step's saved draft: field errors, with 'Check that all data have been entered.'
 * as the form-wide message, or null when the step can be submitted.
 */
export function checkStep(step: StepNumber, data: DraftData, facts: StepFacts): FieldErrors | null {
  const problems = new Problems();
  checks[step](data, problems, facts);
  for (const [field, messages] of Object.entries(facts.unknownFiles ?? {})) for (const message of messages) problems.add(field, message);
  if (Object.keys(problems.fields).length === 0) return null;
  return { non_field_errors: [msg('api.application.incomplete')], ...problems.fields };
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
