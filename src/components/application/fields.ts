// The questions of steps 2 to 5 for the SPA: the data of shared/application-questions.ts (one definition with the
// applicant's copy the server writes) and what react-intl needs of it (labels, hints, option text, control ids).
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { labelIdOf, type FieldSpec, type Option } from '#shared/application-questions';

export {
  askedFields,
  businessSpecs,
  hasNoIncome,
  householdSpecs,
  ownerSpecs,
  trainingSpecs,
  type FieldContext,
  type FieldKind,
  type FieldSpec,
  type FileKind,
  type Option,
} from '#shared/application-questions';

export const labelOf = (spec: FieldSpec): MessageDescriptor => ({ id: labelIdOf(spec) });
export const hintOf = (spec: FieldSpec): MessageDescriptor | undefined => (spec.hint ? { id: `application.field.${spec.name}Hint` } : undefined);
/** "Owner 2: position": an owner's field named in the error summary. */
export const ownerLabelOf = (spec: FieldSpec): MessageDescriptor => ({ id: `application.owners.${spec.name}Of` });
/** The control's id: the error summary links to it. */
export const fieldId = (step: number, name: string) => `step${step}-${name.replace(/[._]/g, '-')}`;

/** An option as people read it; an industry carries its NAICS code first ("11 – Agriculture, ..."). */
export const optionText = (intl: IntlShape, option: Option): string => {
  const label = intl.formatMessage(option.label);
  return option.code ? intl.formatMessage({ id: 'survey.form.industryOption' }, { code: option.code, name: label }) : label;
};
