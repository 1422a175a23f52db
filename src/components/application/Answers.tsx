// A step's answers as description lists, shared by the applicant's read-only steps and "check your answers" and by
// staff's review and print view: the same labels and option names, never a code. Documents are drawn by the caller
// (the applicant downloads; staff view and download), given the files a field names.
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { DraftData } from '#machines/autosave/autosave.types';
import { genderNames, genders } from '#components/person/messages';
import { maskedSsn, personAnswers } from '#shared/application-questions';
import type { ApplicationFile } from '#api/applications';
import { formatMoney } from '#shared/money';
import { boolOf, choiceOf, ownersOf, textOf } from './draft';
import { askedFields, labelOf, optionText, ownerSpecs, type FieldContext, type FieldSpec } from './fields';

export type AnswerRow = readonly [label: ReactNode, value: ReactNode];

/** How a documents field shows its files (never called with none: those read as missing). */
export type RenderDocuments = (files: ApplicationFile[]) => ReactNode;

export function Missing() {
  return (
    <span className="text-gray-700">
      <FormattedMessage id="application.answers.missing" />
    </span>
  );
}

const orMissing = (value: string): ReactNode => (value.trim() === '' ? <Missing /> : value);

/** The files of an application a documents field names by id. */
export function filesNamed(files: readonly ApplicationFile[], ids: unknown): ApplicationFile[] {
  const wanted = Array.isArray(ids) ? ids : [];
  return files.filter((file) => wanted.includes(file.id));
}

/** Step 1, the person (shared/application-questions.ts personAnswers). Only the last 4 digits of the SSN exist, and they are shown masked. */
export function personRows(data: DraftData): AnswerRow[] {
  const gender = choiceOf(data, 'gender', genders);
  const ssn = textOf(data, 'ssn_last4');
  const postalSame = boolOf(data, 'postal_same_as_physical');
  const valueOf = (answer: (typeof personAnswers)[number]): ReactNode => {
    if (!('special' in answer)) return orMissing(textOf(data, answer.name));
    switch (answer.special) {
      case 'gender':
        return gender ? <FormattedMessage {...genderNames[gender]} /> : <Missing />;
      case 'postal':
        return postalSame ? (
          <FormattedMessage id="application.answers.postalSame" />
        ) : (
          orMissing([textOf(data, 'postal_line1'), textOf(data, 'postal_line2')].filter(Boolean).join(', '))
        );
      case 'ssn':
        return ssn === '' ? <Missing /> : <span className="font-mono">{maskedSsn(ssn)}</span>;
    }
  };
  return personAnswers.map((answer) => [<FormattedMessage key="l" {...answer.label} />, valueOf(answer)]);
}

/** One answer in plain words: option labels (never codes), numbers and dates in the interface language, files by name. */
function answerOf(intl: IntlShape, spec: FieldSpec, value: unknown, files: readonly ApplicationFile[], documents: RenderDocuments): ReactNode {
  const { kind } = spec;
  switch (kind.type) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' && value.trim() !== '' ? <span className="whitespace-pre-line">{value}</span> : <Missing />;
    case 'integer':
      return typeof value === 'number' ? intl.formatNumber(value) : <Missing />;
    case 'amount':
      return typeof value === 'number' ? formatMoney(intl.locale, value) : <Missing />;
    case 'date':
      return typeof value === 'string' && value !== '' ? intl.formatDate(`${value}T12:00:00`, { dateStyle: 'long' }) : <Missing />;
    case 'yesno':
      return value === true ? <FormattedMessage id="application.answers.yes" /> : value === false ? <FormattedMessage id="application.answers.no" /> : <Missing />;
    case 'radio':
    case 'select': {
      const option = kind.options.find((item) => item.value === value);
      return option ? optionText(intl, option) : <Missing />;
    }
    case 'checkboxes': {
      const chosen = Array.isArray(value) ? kind.options.filter((option) => value.includes(option.value)) : [];
      if (chosen.length > 0) return intl.formatList(chosen.map((option) => optionText(intl, option)));
      return spec.required ? <Missing /> : <FormattedMessage id="application.answers.none" />;
    }
    case 'documents': {
      const named = filesNamed(files, value);
      return named.length === 0 ? <Missing /> : documents(named);
    }
  }
}

/** The rows of the questions asked now (steps 2, 4 and 5, and one owner of step 3). */
export function specRows(
  specs: readonly FieldSpec[],
  data: DraftData,
  context: FieldContext,
  intl: IntlShape,
  files: readonly ApplicationFile[],
  documents: RenderDocuments,
): AnswerRow[] {
  return askedFields(specs, data, context).map((spec) => [<FormattedMessage key="l" {...labelOf(spec)} />, answerOf(intl, spec, data[spec.name], files, documents)]);
}

export function AnswerList({ rows }: { rows: readonly AnswerRow[] }) {
  return (
    <dl className="answer-list divide-y divide-gray-200 border-y border-gray-200">
      {rows.map(([label, value], index) => (
        <div key={index} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-semibold text-gray-900">{label}</dt>
          <dd className="wrap-anywhere text-gray-900 sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Step 3: each owner under a heading of the given level. */
export function OwnerAnswers({
  data,
  context,
  files,
  documents,
  headingLevel = 3,
}: {
  data: DraftData;
  context: FieldContext;
  files: readonly ApplicationFile[];
  documents: RenderDocuments;
  headingLevel?: 3 | 4;
}) {
  const intl = useIntl();
  const owners = ownersOf(data);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (owners.length === 0) return <AnswerList rows={[[<FormattedMessage key="l" id="application.owners.title" />, <Missing key="v" />]]} />;
  return (
    <div className="space-y-4">
      {owners.map((owner, index) => (
        <section key={index} aria-label={intl.formatMessage({ id: 'application.owners.owner' }, { number: index + 1 })}>
          <Heading className="text-lg font-bold text-gray-900">
            <FormattedMessage id="application.owners.owner" values={{ number: index + 1 }} />
          </Heading>
          <AnswerList rows={specRows(ownerSpecs, owner, context, intl, files, documents)} />
        </section>
      ))}
    </div>
  );
}
