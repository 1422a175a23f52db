// The questions of steps 2 to 5 (docs/product.md section 3; docs/decisions/015) as data: each field's kind, label
// and options, and when it is asked. The step forms and the answers render from these lists; what is required and
// how is the contract's (openapi.yaml ApplicationStep{n}Complete), which the server checks.
import { defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { components } from '#api/schema.d.ts';
import type { DraftData } from '#machines/autosave/autosave.types';
import { businessTypeNames, incomeSourceNames, incomeSources } from './messages';

type Schemas = components['schemas'];
export type FileKind = Schemas['FileKind'];

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
  label: MessageDescriptor;
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
  when?: (data: DraftData, context: FieldContext) => boolean;
  /** An existing message id for the label (steps' first fields kept theirs). */
  label?: string;
}

/** Every message a question names, listed so that each id is static and checked against the catalogs (tests/unit/locales.test.ts). */
const fieldMessages: Record<string, MessageDescriptor> = defineMessages({
  'application.field.aid_amount': { id: 'application.field.aid_amount' },
  'application.field.aid_award_date': { id: 'application.field.aid_award_date' },
  'application.field.aid_funding_source': { id: 'application.field.aid_funding_source' },
  'application.field.aid_purpose': { id: 'application.field.aid_purpose' },
  'application.field.annual_income': { id: 'application.field.annual_income' },
  'application.field.annual_incomeHint': { id: 'application.field.annual_incomeHint' },
  'application.field.business_city': { id: 'application.field.business_city' },
  'application.field.business_intent': { id: 'application.field.business_intent' },
  'application.field.business_phone': { id: 'application.field.business_phone' },
  'application.field.courses_applied': { id: 'application.field.courses_applied' },
  'application.field.courses_taken': { id: 'application.field.courses_taken' },
  'application.field.courses_takenHint': { id: 'application.field.courses_takenHint' },
  'application.field.documentation': { id: 'application.field.documentation' },
  'application.field.documentationHint': { id: 'application.field.documentationHint' },
  'application.field.education_level': { id: 'application.field.education_level' },
  'application.field.employees_full_time': { id: 'application.field.employees_full_time' },
  'application.field.employees_part_time': { id: 'application.field.employees_part_time' },
  'application.field.employment_status': { id: 'application.field.employment_status' },
  'application.field.ethnicity': { id: 'application.field.ethnicity' },
  'application.field.federal_aid_last_year': { id: 'application.field.federal_aid_last_year' },
  'application.field.financial_support': { id: 'application.field.financial_support' },
  'application.field.financial_support_purpose': { id: 'application.field.financial_support_purpose' },
  'application.field.goal_actions': { id: 'application.field.goal_actions' },
  'application.field.government_program': { id: 'application.field.government_program' },
  'application.field.has_business': { id: 'application.field.has_business' },
  'application.field.has_businessHint': { id: 'application.field.has_businessHint' },
  'application.field.head_of_household': { id: 'application.field.head_of_household' },
  'application.field.id_files': { id: 'application.field.id_files' },
  'application.field.id_filesHint': { id: 'application.field.id_filesHint' },
  'application.field.income_documents': { id: 'application.field.income_documents' },
  'application.field.income_documentsHint': { id: 'application.field.income_documentsHint' },
  'application.field.incorporation_date': { id: 'application.field.incorporation_date' },
  'application.field.incorporation_dateHint': { id: 'application.field.incorporation_dateHint' },
  'application.field.industry': { id: 'application.field.industry' },
  'application.field.institution': { id: 'application.field.institution' },
  'application.field.insurance': { id: 'application.field.insurance' },
  'application.field.insuranceHint': { id: 'application.field.insuranceHint' },
  'application.field.legal_structure': { id: 'application.field.legal_structure' },
  'application.field.monthly_revenue': { id: 'application.field.monthly_revenue' },
  'application.field.no_income_form': { id: 'application.field.no_income_form' },
  'application.field.no_income_formHint': { id: 'application.field.no_income_formHint' },
  'application.field.one_year_vision': { id: 'application.field.one_year_vision' },
  'application.field.operating_time': { id: 'application.field.operating_time' },
  'application.field.owners_count': { id: 'application.field.owners_count' },
  'application.field.pell_grant': { id: 'application.field.pell_grant' },
  'application.field.professional_services': { id: 'application.field.professional_services' },
  'application.field.professional_servicesHint': { id: 'application.field.professional_servicesHint' },
  'application.field.program_interest': { id: 'application.field.program_interest' },
  'application.field.public_housing': { id: 'application.field.public_housing' },
  'application.field.race': { id: 'application.field.race' },
  'application.field.raceHint': { id: 'application.field.raceHint' },
  'application.field.section_3': { id: 'application.field.section_3' },
  'application.field.section_3Hint': { id: 'application.field.section_3Hint' },
  'application.field.section_8': { id: 'application.field.section_8' },
  'application.field.similar_program': { id: 'application.field.similar_program' },
  'application.field.similar_program_details': { id: 'application.field.similar_program_details' },
  'application.field.social_networks': { id: 'application.field.social_networks' },
  'application.field.social_networksHint': { id: 'application.field.social_networksHint' },
  'application.field.strengths': { id: 'application.field.strengths' },
  'application.field.tax_exemptions': { id: 'application.field.tax_exemptions' },
  'application.field.tax_exemptionsHint': { id: 'application.field.tax_exemptionsHint' },
  'application.field.tax_id': { id: 'application.field.tax_id' },
  'application.field.tax_idHint': { id: 'application.field.tax_idHint' },
  'application.field.website': { id: 'application.field.website' },
  'application.field.websiteHint': { id: 'application.field.websiteHint' },
  'application.option.document.merchant_registration': { id: 'application.option.document.merchant_registration' },
  'application.option.document.municipal_patent': { id: 'application.option.document.municipal_patent' },
  'application.option.document.unique_permit': { id: 'application.option.document.unique_permit' },
  'application.option.education.associate_or_some_college': { id: 'application.option.education.associate_or_some_college' },
  'application.option.education.college_degree': { id: 'application.option.education.college_degree' },
  'application.option.education.high_school': { id: 'application.option.education.high_school' },
  'application.option.education.master': { id: 'application.option.education.master' },
  'application.option.education.phd': { id: 'application.option.education.phd' },
  'application.option.education.some_high_school': { id: 'application.option.education.some_high_school' },
  'application.option.education.technical_certification': { id: 'application.option.education.technical_certification' },
  'application.option.employment.employed': { id: 'application.option.employment.employed' },
  'application.option.employment.not_employed': { id: 'application.option.employment.not_employed' },
  'application.option.ethnicity.hispanic_or_latino': { id: 'application.option.ethnicity.hispanic_or_latino' },
  'application.option.ethnicity.not_hispanic_or_latino': { id: 'application.option.ethnicity.not_hispanic_or_latino' },
  'application.option.ethnicity.prefer_not_to_answer': { id: 'application.option.ethnicity.prefer_not_to_answer' },
  'application.option.head.not_single_female': { id: 'application.option.head.not_single_female' },
  'application.option.head.not_single_male': { id: 'application.option.head.not_single_male' },
  'application.option.head.prefer_not_to_answer': { id: 'application.option.head.prefer_not_to_answer' },
  'application.option.head.single_female': { id: 'application.option.head.single_female' },
  'application.option.head.single_male': { id: 'application.option.head.single_male' },
  'application.option.insurance.business_interruption': { id: 'application.option.insurance.business_interruption' },
  'application.option.insurance.mitigation_plan': { id: 'application.option.insurance.mitigation_plan' },
  'application.option.insurance.property_or_accident': { id: 'application.option.insurance.property_or_accident' },
  'application.option.intent.has_business': { id: 'application.option.intent.has_business' },
  'application.option.intent.wants_business': { id: 'application.option.intent.wants_business' },
  'application.option.interest.both': { id: 'application.option.interest.both' },
  'application.option.interest.incubator': { id: 'application.option.interest.incubator' },
  'application.option.interest.training': { id: 'application.option.interest.training' },
  'application.option.legal.1': { id: 'application.option.legal.1' },
  'application.option.legal.10': { id: 'application.option.legal.10' },
  'application.option.legal.2': { id: 'application.option.legal.2' },
  'application.option.legal.3': { id: 'application.option.legal.3' },
  'application.option.legal.4': { id: 'application.option.legal.4' },
  'application.option.legal.5': { id: 'application.option.legal.5' },
  'application.option.legal.6': { id: 'application.option.legal.6' },
  'application.option.legal.7': { id: 'application.option.legal.7' },
  'application.option.legal.8': { id: 'application.option.legal.8' },
  'application.option.legal.9': { id: 'application.option.legal.9' },
  'application.option.race.american_indian_or_alaska_native': { id: 'application.option.race.american_indian_or_alaska_native' },
  'application.option.race.asian': { id: 'application.option.race.asian' },
  'application.option.race.black_or_african_american': { id: 'application.option.race.black_or_african_american' },
  'application.option.race.hispanic_or_latino': { id: 'application.option.race.hispanic_or_latino' },
  'application.option.race.other': { id: 'application.option.race.other' },
  'application.option.race.prefer_not_to_answer': { id: 'application.option.race.prefer_not_to_answer' },
  'application.option.race.white': { id: 'application.option.race.white' },
  'application.owners.education_levelOf': { id: 'application.owners.education_levelOf' },
  'application.owners.employment_statusOf': { id: 'application.owners.employment_statusOf' },
  'application.owners.id_filesOf': { id: 'application.owners.id_filesOf' },
  'application.owners.nameOf': { id: 'application.owners.nameOf' },
  'application.owners.positionOf': { id: 'application.owners.positionOf' },
  'survey.industry.11': { id: 'survey.industry.11' },
  'survey.industry.21': { id: 'survey.industry.21' },
  'survey.industry.22': { id: 'survey.industry.22' },
  'survey.industry.23': { id: 'survey.industry.23' },
  'survey.industry.31': { id: 'survey.industry.31' },
  'survey.industry.42': { id: 'survey.industry.42' },
  'survey.industry.44': { id: 'survey.industry.44' },
  'survey.industry.48': { id: 'survey.industry.48' },
  'survey.industry.51': { id: 'survey.industry.51' },
  'survey.industry.52': { id: 'survey.industry.52' },
  'survey.industry.53': { id: 'survey.industry.53' },
  'survey.industry.54': { id: 'survey.industry.54' },
  'survey.industry.55': { id: 'survey.industry.55' },
  'survey.industry.56': { id: 'survey.industry.56' },
  'survey.industry.61': { id: 'survey.industry.61' },
  'survey.industry.62': { id: 'survey.industry.62' },
  'survey.industry.71': { id: 'survey.industry.71' },
  'survey.industry.72': { id: 'survey.industry.72' },
  'survey.industry.81': { id: 'survey.industry.81' },
  'survey.industry.99': { id: 'survey.industry.99' },
  'survey.operatingTime.under3Months': { id: 'survey.operatingTime.under3Months' },
  'survey.operatingTime.months3To6': { id: 'survey.operatingTime.months3To6' },
  'survey.operatingTime.months6To12': { id: 'survey.operatingTime.months6To12' },
  'survey.operatingTime.years1To2': { id: 'survey.operatingTime.years1To2' },
  'survey.operatingTime.years3To5': { id: 'survey.operatingTime.years3To5' },
  'survey.operatingTime.years6Plus': { id: 'survey.operatingTime.years6Plus' },
  'application.business.name': { id: 'application.business.name' },
  'application.business.type': { id: 'application.business.type' },
  'application.owners.name': { id: 'application.owners.name' },
  'application.owners.position': { id: 'application.owners.position' },
  'application.household.size': { id: 'application.household.size' },
  'application.household.incomeSources': { id: 'application.household.incomeSources' },
  'application.narrative.mainChallenge': { id: 'application.narrative.mainChallenge' },
});

/** The descriptor of a message id the questions use; an id missing from the list above is a programming error. */
function known(id: string): MessageDescriptor {
  const descriptor = fieldMessages[id];
  if (!descriptor) throw new Error(`fields.ts: no message ${id}`);
  return descriptor;
}

const opt = (prefix: string, values: readonly (string | number)[]): Option[] =>
  values.map((value) => ({ value, label: known(`application.option.${prefix}.${value}`) }));

export const labelOf = (spec: FieldSpec): MessageDescriptor => known(spec.label ?? `application.field.${spec.name}`);
export const hintOf = (spec: FieldSpec): MessageDescriptor | undefined => (spec.hint ? known(`application.field.${spec.name}Hint`) : undefined);
/** "Owner 2: position": an owner's field named in the error summary. */
export const ownerLabelOf = (spec: FieldSpec): MessageDescriptor => known(`application.owners.${spec.name}Of`);
/** The control's id: the error summary links to it. */
export const fieldId = (step: number, name: string) => `step${step}-${name.replace(/[._]/g, '-')}`;

const INDUSTRIES = ['11', '21', '22', '23', '31', '42', '44', '48', '51', '52', '53', '54', '55', '56', '61', '62', '71', '72', '81', '99'] as const;
const OPERATING_TIMES = [
  ['under_3_months', 'under3Months'],
  ['months_3_to_6', 'months3To6'],
  ['months_6_to_12', 'months6To12'],
  ['years_1_to_2', 'years1To2'],
  ['years_3_to_5', 'years3To5'],
  ['years_6_plus', 'years6Plus'],
] as const;

const hasBusiness = (data: DraftData) => data.has_business === true;
const yes = (name: string) => (data: DraftData) => data[name] === true;

export const businessSpecs: readonly FieldSpec[] = [
  { name: 'has_business', kind: { type: 'yesno' }, required: true, hint: true },
  { name: 'business_name', label: 'application.business.name', kind: { type: 'text', maxLength: 200, autoComplete: 'organization' }, required: true },
  {
    name: 'business_type',
    label: 'application.business.type',
    kind: { type: 'radio', options: (['physical', 'virtual', 'both'] as const).map((value) => ({ value, label: businessTypeNames[value] })) },
    required: true,
  },
  {
    name: 'industry',
    kind: {
      type: 'select',
      // "11 – Agriculture, ...": the survey's sector names, in both languages.
      options: INDUSTRIES.map((value) => ({ value, code: value, label: known(`survey.industry.${value}`) })),
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
    kind: { type: 'radio', options: OPERATING_TIMES.map(([value, id]) => ({ value, label: known(`survey.operatingTime.${id}`) })) },
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
    kind: { type: 'checkboxes', options: opt('document', ['merchant_registration', 'municipal_patent', 'unique_permit']) },
    hint: true,
    when: hasBusiness,
  },
  { name: 'tax_exemptions', kind: { type: 'text', maxLength: 500 }, hint: true, when: hasBusiness },
  {
    name: 'insurance',
    kind: { type: 'checkboxes', options: opt('insurance', ['business_interruption', 'mitigation_plan', 'property_or_accident']) },
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
      options: opt('education', ['some_high_school', 'high_school', 'technical_certification', 'associate_or_some_college', 'college_degree', 'master', 'phd']),
    },
    required: true,
  },
  { name: 'employment_status', kind: { type: 'radio', options: opt('employment', ['employed', 'not_employed']) }, required: true },
  { name: 'id_files', kind: { type: 'documents', kind: 'owner_id' }, required: true, hint: true },
];

const sourcesOf = (data: DraftData): unknown[] => (Array.isArray(data.income_sources) ? data.income_sources : []);
export const hasNoIncome = (data: DraftData) => sourcesOf(data).includes('no_income');

export const householdSpecs: readonly FieldSpec[] = [
  { name: 'household_size', label: 'application.household.size', kind: { type: 'integer' }, required: true },
  // Beyond docs/product.md: optional, so applications sent before it stay complete; the HUD report counts it (docs/decisions/031).
  { name: 'annual_income', kind: { type: 'amount' }, hint: true },
  { name: 'head_of_household', kind: { type: 'radio', options: opt('head', ['single_male', 'single_female', 'not_single_male', 'not_single_female', 'prefer_not_to_answer']) }, required: true },
  { name: 'ethnicity', kind: { type: 'radio', options: opt('ethnicity', ['hispanic_or_latino', 'not_hispanic_or_latino', 'prefer_not_to_answer']) }, required: true },
  {
    name: 'race',
    kind: {
      type: 'checkboxes',
      options: opt('race', ['american_indian_or_alaska_native', 'asian', 'black_or_african_american', 'hispanic_or_latino', 'white', 'other', 'prefer_not_to_answer']),
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

const student = (_: DraftData, context: FieldContext) => context.subProgram === 'student_incubator';
const receivedAid = (data: DraftData, context: FieldContext) => student(data, context) && (data.federal_aid_last_year === true || data.pell_grant === true);

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
  { name: 'program_interest', kind: { type: 'radio', options: opt('interest', ['incubator', 'training', 'both']) }, required: true },
  { name: 'business_intent', kind: { type: 'radio', options: opt('intent', ['wants_business', 'has_business']) }, required: true },
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
export const askedFields = (specs: readonly FieldSpec[], data: DraftData, context: FieldContext): FieldSpec[] =>
  specs.filter((spec) => spec.when === undefined || spec.when(data, context));

/** An option as people read it; an industry carries its NAICS code first ("11 – Agriculture, ..."). */
export const optionText = (intl: IntlShape, option: Option): string => {
  const label = intl.formatMessage(option.label);
  return option.code ? intl.formatMessage({ id: 'survey.form.industryOption' }, { code: option.code, name: label }) : label;
};
