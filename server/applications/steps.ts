// The six steps' content rules. A draft only has to match its type schema (openapi.yaml ApplicationStep{n}Data,
// checked in the route); submitting a step runs checkStep() on the saved draft: what is required, and how.
import type { components } from '#api/schema.d.ts';
import { SSN_LAST4_PATTERN, type StepNumber } from '#shared/application-constants.ts';
import type { User } from '#server/auth/service.ts';
import { toPerson } from '#server/me/service.ts';
import { msg, type FieldErrors, type Message } from '#server/http/errors.ts';

type Schemas = components['schemas'];
export type { StepNumber };
export type DraftData = Record<string, unknown>;

/** The openapi.yaml schema a step's draft must match. */
export const stepDataSchemaName = (step: StepNumber) => `ApplicationStep${step}Data`;

/** What a step's check needs beyond the draft itself. */
export interface StepFacts {
  /** Step 6: the signed participant intake form was uploaded. */
  hasIntakeForm: boolean;
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

function checkBusiness(data: DraftData, problems: Problems) {
  problems.requireText(data, 'business_name');
  problems.requireValue(data, 'business_type');
}

function checkOwners(data: DraftData, problems: Problems) {
  const owners = Array.isArray(data.owners) ? (data.owners as Array<Record<string, unknown>>) : [];
  if (owners.length === 0) problems.add('owners', msg('api.application.ownersRequired'));
  owners.forEach((owner, index) => {
    if (text(owner?.position) === '') problems.add(`owners.${index}.position`, msg('api.field.required'));
  });
}

function checkHousehold(data: DraftData, problems: Problems) {
  problems.requireValue(data, 'household_size');
  const sources = Array.isArray(data.income_sources) ? (data.income_sources as string[]) : [];
  if (sources.length === 0) problems.add('income_sources', msg('api.field.required'));
  else if (sources.includes('no_income') && sources.length > 1) problems.add('income_sources', msg('api.application.noIncomeAlone'));
}

function checkNarrative(data: DraftData, problems: Problems) {
  problems.requireText(data, 'main_challenge');
}

/** Everything of step 6 but the captcha, which is spent only once all of this holds (applications/service.ts). */
function checkAgreement(data: DraftData, problems: Problems, facts: StepFacts) {
  if (data.conditions !== true) problems.add('conditions', msg('api.error.conditions'));
  if (!facts.hasIntakeForm) problems.add('intake_form', msg('api.application.intakeFormRequired'));
  if (text(data.captcha) === '') problems.add('captcha', msg('api.error.captcha'));
}

const checks: Record<StepNumber, (data: DraftData, problems: Problems, facts: StepFacts) => void> = {
  1: checkPerson,
  2: checkBusiness,
  3: checkOwners,
  4: checkHousehold,
  5: checkNarrative,
  6: checkAgreement,
};

/**
 * The full check of a step's saved draft: field errors, with 'Check that all data have been entered.'
 * as the form-wide message, or null when the step can be submitted.
 */
export function checkStep(step: StepNumber, data: DraftData, facts: StepFacts): FieldErrors | null {
  const problems = new Problems();
  checks[step](data, problems, facts);
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
