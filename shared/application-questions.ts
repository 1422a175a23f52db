// The questions of steps 2 to 5 (docs/product.md section 3; docs/decisions/015) as data: each field's kind, label
// and options (message ids of locales/*.json), and when it is asked. One definition for the step forms and answers
// of the SPA (src/components/application/fields.ts adds what react-intl needs) and for the applicant's copy the
// server writes (server/applications/applicant-copy.ts). What is required and how is the contract's (openapi.yaml
// ApplicationStep{n}Complete), which the server checks.
import type { components } from '#api/schema.d.ts';
import {
  BUSINESS_DOCUMENT_VALUES,
  BUSINESS_INTENT_VALUES,
  BUSINESS_TYPE_VALUES,
  EDUCATION_LEVEL_VALUES,
  EMPLOYMENT_STATUS_VALUES,
  ETHNICITY_VALUES,
  HEAD_OF_HOUSEHOLD_VALUES,
  INCOME_SOURCE_VALUES,
  INDUSTRY_VALUES,
  INSURANCE_KIND_VALUES,
  PROGRAM_INTEREST_VALUES,
  RACE_VALUES,
} from './contract-enums.ts';
import { inOwnOrder } from './contract-order.ts';

type Schemas = components['schemas'];
export type FileKind = Schemas['FileKind'];
type IncomeSource = Schemas['IncomeSource'];
/** A step's draft as stored (machines/autosave's DraftData). */
type Answers = Record<string, unknown>;

/** A message of locales/*.json (react-intl's MessageDescriptor has this shape). */
export interface Message {
  id: string;
}
const m = (id: string): Message => ({ id });

export type FieldKind =
  | { type: 'text'; maxLength: number; autoComplete?: string; inputMode?: 'tel' | 'url' }
  | { type: 'textarea'; maxLength: number }
  | { type: 'integer' }
  | { type: 'amount' }
  | { type: 'date' }
  | { type: 'yesno' }
  | { type: 'radio'; options: readonly Option[] }
  | { type: 'select'; options: readonly Option[] }
  | { type: 'checkboxes'; options: readonly Option[] }
  | { type: 'documents'; kind: FileKind };

export interface Option {
  /** As stored in the draft (legal structures are numbers). */
  value: string | number;
  label: Message;
  /** Shown before the label ("11 – Agriculture, ..."): the industry's NAICS code. */
  code?: string;
}

/** What a field's visibility depends on beyond its own step's draft. */
export interface FieldContext {
  subProgram: Schemas['SubProgram'];
}

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** The required mark (the server's Complete schema is what decides). */
  required?: boolean;
  /** Has a hint message `application.field.<name>Hint`. */
  hint?: boolean;
  /** Asked only when this holds (a conditional field of the Complete schema's if/then). */
  when?: (data: Answers, context: FieldContext) => boolean;
  /** An existing message id for the label (steps' first fields kept theirs). */
  label?: string;
}

/** The message id of a question's label. */
export const labelIdOf = (spec: FieldSpec): string => spec.label ?? `application.field.${spec.name}`;

export const businessTypeNames = {
  physical: m('application.business.typePhysical'),
  virtual: m('application.business.typeVirtual'),
  both: m('application.business.typeBoth'),
} as const satisfies Record<string, Message>;

/** In the order people look for them: work first, "no income" last (it stands alone). */
export const incomeSources = inOwnOrder(INCOME_SOURCE_VALUES, [
  'work',
  'social_security',
  'ssi',
  'retirement',
  'pensions',
  'va_benefits',
  'child_support',
  'alimony',
  'child_income',
  'welfare',
  'other',
  'no_income',
]);

export const incomeSourceNames: Record<IncomeSource, Message> = {
  alimony: m('application.household.incomeAlimony'),
  child_income: m('application.household.incomeChildIncome'),
  child_support: m('application.household.incomeChildSupport'),
  no_income: m('application.household.incomeNoIncome'),
  other: m('application.household.incomeOther'),
  pensions: m('application.household.incomePensions'),
  retirement: m('application.household.incomeRetirement'),
  social_security: m('application.household.incomeSocialSecurity'),
  ssi: m('application.household.incomeSsi'),
  va_benefits: m('application.household.incomeVaBenefits'),
  welfare: m('application.household.incomeWelfare'),
  work: m('application.household.incomeWork'),
};

const opt = (prefix: string, values: readonly (string | number)[]): Option[] =>
  values.map((value) => ({ value, label: m(`application.option.${prefix}.${value}`) }));

const INDUSTRIES = INDUSTRY_VALUES;
const OPERATING_TIMES = [
  ['under_3_months', 'under3Months'],
  ['months_3_to_6', 'months3To6'],
  ['months_6_to_12', 'months6To12'],
  ['years_1_to_2', 'years1To2'],
  ['years_3_to_5', 'years3To5'],
  ['years_6_plus', 'years6Plus'],
] as const;

const hasBusiness = (data: Answers) => data.has_business === true;
const yes = (name: string) => (data: Answers) => data[name] === true;

export const businessSpecs: readonly FieldSpec[] = [
  { name: 'has_business', kind: { type: 'yesno' }, required: true, hint: true },
  { name: 'business_name', label: 'application.business.name', kind: { type: 'text', maxLength: 200, autoComplete: 'organization' }, required: true },
  {
    name: 'business_type',
    label: 'application.business.type',
    kind: { type: 'radio', options: BUSINESS_TYPE_VALUES.map((value) => ({ value, label: businessTypeNames[value] })) },
    required: true,
  },
  {
    name: 'industry',
    kind: {
      type: 'select',
      // "11 – Agriculture, ...": the survey's sector names, in both languages.
      options: INDUSTRIES.map((value) => ({ value, code: value, label: m(`survey.industry.${value}`) })),
    },
    required: true,
  },
  { name: 'website', kind: { type: 'text', maxLength: 200, autoComplete: 'url', inputMode: 'url' }, hint: true },
  { name: 'social_networks', kind: { type: 'text', maxLength: 500 }, hint: true },
  { name: 'business_phone', kind: { type: 'text', maxLength: 32, autoComplete: 'tel', inputMode: 'tel' }, required: true, when: hasBusiness },
  { name: 'tax_id', kind: { type: 'text', maxLength: 20 }, hint: true, when: hasBusiness },
  { name: 'business_city', kind: { type: 'text', maxLength: 100 }, required: true, when: hasBusiness },
  { name: 'incorporation_date', kind: { type: 'date' }, hint: true, when: hasBusiness },
  { name: 'legal_structure', kind: { type: 'select', options: opt('legal', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]) }, required: true, when: hasBusiness },
  {
    name: 'operating_time',
    kind: { type: 'radio', options: OPERATING_TIMES.map(([value, id]) => ({ value, label: m(`survey.operatingTime.${id}`) })) },
    required: true,
    when: hasBusiness,
  },
  { name: 'monthly_revenue', kind: { type: 'amount' }, required: true, when: hasBusiness },
  { name: 'employees_full_time', kind: { type: 'integer' }, required: true, when: hasBusiness },
  { name: 'employees_part_time', kind: { type: 'integer' }, required: true, when: hasBusiness },
  { name: 'owners_count', kind: { type: 'integer' }, required: true, when: hasBusiness },
  { name: 'professional_services', kind: { type: 'integer' }, required: true, hint: true, when: hasBusiness },
  {
    name: 'documentation',
    kind: { type: 'checkboxes', options: opt('document', BUSINESS_DOCUMENT_VALUES) },
    hint: true,
    when: hasBusiness,
  },
  { name: 'tax_exemptions', kind: { type: 'text', maxLength: 500 }, hint: true, when: hasBusiness },
  {
    name: 'insurance',
    kind: { type: 'checkboxes', options: opt('insurance', INSURANCE_KIND_VALUES) },
    hint: true,
    when: hasBusiness,
  },
];

/** One owner's questions (step 3 repeats them per owner, under `owners.<n>.`). */
export const ownerSpecs: readonly FieldSpec[] = [
  { name: 'name', label: 'application.owners.name', kind: { type: 'text', maxLength: 200, autoComplete: 'off' }, required: true },
  { name: 'position', label: 'application.owners.position', kind: { type: 'text', maxLength: 200, autoComplete: 'organization-title' }, required: true },
  {
    name: 'education_level',
    kind: {
      type: 'select',
      options: opt('education', EDUCATION_LEVEL_VALUES),
    },
    required: true,
  },
  { name: 'employment_status', kind: { type: 'radio', options: opt('employment', EMPLOYMENT_STATUS_VALUES) }, required: true },
  { name: 'id_files', kind: { type: 'documents', kind: 'owner_id' }, required: true, hint: true },
];

const sourcesOf = (data: Answers): unknown[] => (Array.isArray(data.income_sources) ? data.income_sources : []);
export const hasNoIncome = (data: Answers) => sourcesOf(data).includes('no_income');

export const householdSpecs: readonly FieldSpec[] = [
  { name: 'household_size', label: 'application.household.size', kind: { type: 'integer' }, required: true },
  // Beyond docs/product.md: optional, so applications sent before it stay complete; the HUD report counts it (docs/decisions/031).
  { name: 'annual_income', kind: { type: 'amount' }, hint: true },
  { name: 'head_of_household', kind: { type: 'radio', options: opt('head', HEAD_OF_HOUSEHOLD_VALUES) }, required: true },
  { name: 'ethnicity', kind: { type: 'radio', options: opt('ethnicity', ETHNICITY_VALUES) }, required: true },
  {
    name: 'race',
    kind: {
      type: 'checkboxes',
      options: opt('race', RACE_VALUES),
    },
    required: true,
    hint: true,
  },
  {
    name: 'income_sources',
    label: 'application.household.incomeSources',
    kind: { type: 'checkboxes', options: incomeSources.map((value) => ({ value, label: incomeSourceNames[value] })) },
    required: true,
  },
  {
    name: 'income_documents',
    kind: { type: 'documents', kind: 'income_document' },
    required: true,
    hint: true,
    when: (data) => sourcesOf(data).length > 0 && !hasNoIncome(data),
  },
  { name: 'no_income_form', kind: { type: 'documents', kind: 'no_income_form' }, required: true, hint: true, when: hasNoIncome },
  { name: 'public_housing', kind: { type: 'yesno' }, required: true },
  { name: 'section_8', kind: { type: 'yesno' }, required: true },
  { name: 'government_program', kind: { type: 'yesno' }, required: true },
  { name: 'section_3', kind: { type: 'yesno' }, required: true, hint: true },
];

const student = (_: Answers, context: FieldContext) => context.subProgram === 'student_incubator';
const receivedAid = (data: Answers, context: FieldContext) => student(data, context) && (data.federal_aid_last_year === true || data.pell_grant === true);

export const trainingSpecs: readonly FieldSpec[] = [
  { name: 'courses_taken', kind: { type: 'textarea', maxLength: 2000 }, hint: true },
  { name: 'similar_program', kind: { type: 'yesno' }, required: true },
  { name: 'similar_program_details', kind: { type: 'textarea', maxLength: 2000 }, required: true, when: yes('similar_program') },
  { name: 'main_challenge', label: 'application.narrative.mainChallenge', kind: { type: 'textarea', maxLength: 4000 }, required: true },
  { name: 'strengths', kind: { type: 'textarea', maxLength: 4000 }, required: true },
  { name: 'one_year_vision', kind: { type: 'textarea', maxLength: 4000 }, required: true },
  { name: 'goal_actions', kind: { type: 'textarea', maxLength: 4000 }, required: true },
  { name: 'financial_support', kind: { type: 'amount' }, required: true },
  { name: 'financial_support_purpose', kind: { type: 'textarea', maxLength: 4000 }, required: true },
  { name: 'program_interest', kind: { type: 'radio', options: opt('interest', PROGRAM_INTEREST_VALUES) }, required: true },
  { name: 'business_intent', kind: { type: 'radio', options: opt('intent', BUSINESS_INTENT_VALUES) }, required: true },
  { name: 'federal_aid_last_year', kind: { type: 'yesno' }, required: true, when: student },
  { name: 'pell_grant', kind: { type: 'yesno' }, required: true, when: student },
  { name: 'aid_funding_source', kind: { type: 'text', maxLength: 200 }, required: true, when: receivedAid },
  { name: 'aid_amount', kind: { type: 'amount' }, required: true, when: receivedAid },
  { name: 'aid_award_date', kind: { type: 'date' }, required: true, when: receivedAid },
  { name: 'aid_purpose', kind: { type: 'textarea', maxLength: 2000 }, required: true, when: receivedAid },
  { name: 'institution', kind: { type: 'text', maxLength: 200 }, required: true, when: student },
  { name: 'courses_applied', kind: { type: 'textarea', maxLength: 2000 }, required: true, when: student },
];

/** The fields asked now, for the form and the answers alike. */
export const askedFields = (specs: readonly FieldSpec[], data: Answers, context: FieldContext): FieldSpec[] =>
  specs.filter((spec) => spec.when === undefined || spec.when(data, context));

/**
 * Step 1's answers in the order the read-only steps list them (src/components/application/Answers.tsx personRows):
 * plain text fields by name, and the three read in their own way (the gender's name, the postal address, the SSN's
 * last four digits, masked).
 */
export const personAnswers = [
  { name: 'first_name', label: m('profile.person.firstName') },
  { name: 'last_name', label: m('profile.person.lastName') },
  { name: 'gender', label: m('profile.person.gender'), special: 'gender' },
  { name: 'email', label: m('profile.person.email') },
  { name: 'phone', label: m('profile.person.phone') },
  { name: 'street_address', label: m('profile.person.streetAddress') },
  { name: 'physical_line1', label: m('profile.person.physicalLine1') },
  { name: 'physical_line2', label: m('profile.person.physicalLine2') },
  { name: 'city', label: m('profile.person.city') },
  { name: 'state', label: m('profile.person.state') },
  { name: 'postal_code', label: m('profile.person.postalCode') },
  { name: 'country', label: m('profile.person.country') },
  { name: 'postal_address', label: m('profile.person.postalAddress'), special: 'postal' },
  { name: 'ssn_last4', label: m('application.person.ssnLast4'), special: 'ssn' },
] as const satisfies readonly { name: string; label: Message; special?: 'gender' | 'postal' | 'ssn' }[];

/** The names of the genders, in the order the gender select lists them. */
export const genderNames = {
  female: m('profile.person.genderFemale'),
  male: m('profile.person.genderMale'),
  non_binary: m('profile.person.genderNonBinary'),
  prefer_not_to_say: m('profile.person.genderPreferNotToSay'),
} as const satisfies Record<Schemas['Gender'], Message>;

/** The SSN's last four digits as the answers show them: masked, never the digits. */
export const maskedSsn = (last4: string): string => `***-**-${last4.replace(/./g, '•')}`;
