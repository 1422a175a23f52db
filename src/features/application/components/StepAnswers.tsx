// A step's answers as a description list: the read-only view of a submitted or closed application, and each
// part of "check your answers". Only the last 4 digits of the SSN exist, and they are shown masked.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { DraftData } from '#machines/autosave/autosave.types';
import type { StepNumber } from '#machines/step/step.types';
import { selectStoredFile } from '#machines/upload/upload.selectors';
import { genderNames, genders } from '#components/person/messages';
import type { ApplicationFile } from '#api/applications';
import { useUploadActor, useWorkspace } from '#features/application/hooks/use-application-workspace';
import { boolOf, choiceOf, ownersOf, textOf } from '#features/application/draft';
import {
  askedFields,
  businessSpecs,
  householdSpecs,
  labelOf,
  ownerSpecs,
  trainingSpecs,
  type FieldContext,
  type FieldSpec,
} from '#features/application/fields';
import { DownloadButton, filesNamed } from './DocumentsField';
import { optionText } from './steps/SpecFields';

type Row = readonly [label: ReactNode, value: ReactNode];

function Missing() {
  return (
    <span className="text-gray-700">
      <FormattedMessage id="application.answers.missing" />
    </span>
  );
}

const orMissing = (value: string): ReactNode => (value.trim() === '' ? <Missing /> : value);

function personRows(data: DraftData): Row[] {
  const gender = choiceOf(data, 'gender', genders);
  const ssn = textOf(data, 'ssn_last4');
  const postalSame = boolOf(data, 'postal_same_as_physical');
  const rows: Row[] = [
    [<FormattedMessage key="l" id="profile.person.firstName" />, orMissing(textOf(data, 'first_name'))],
    [<FormattedMessage key="l" id="profile.person.lastName" />, orMissing(textOf(data, 'last_name'))],
    [<FormattedMessage key="l" id="profile.person.gender" />, gender ? <FormattedMessage {...genderNames[gender]} /> : <Missing />],
    [<FormattedMessage key="l" id="profile.person.email" />, orMissing(textOf(data, 'email'))],
    [<FormattedMessage key="l" id="profile.person.phone" />, orMissing(textOf(data, 'phone'))],
    [<FormattedMessage key="l" id="profile.person.streetAddress" />, orMissing(textOf(data, 'street_address'))],
    [<FormattedMessage key="l" id="profile.person.physicalLine1" />, orMissing(textOf(data, 'physical_line1'))],
    [<FormattedMessage key="l" id="profile.person.physicalLine2" />, orMissing(textOf(data, 'physical_line2'))],
    [<FormattedMessage key="l" id="profile.person.city" />, orMissing(textOf(data, 'city'))],
    [<FormattedMessage key="l" id="profile.person.state" />, orMissing(textOf(data, 'state'))],
    [<FormattedMessage key="l" id="profile.person.postalCode" />, orMissing(textOf(data, 'postal_code'))],
    [<FormattedMessage key="l" id="profile.person.country" />, orMissing(textOf(data, 'country'))],
    [
      <FormattedMessage key="l" id="profile.person.postalAddress" />,
      postalSame ? (
        <FormattedMessage id="application.answers.postalSame" />
      ) : (
        orMissing([textOf(data, 'postal_line1'), textOf(data, 'postal_line2')].filter(Boolean).join(', '))
      ),
    ],
    [
      <FormattedMessage key="l" id="application.person.ssnLast4" />,
      ssn === '' ? <Missing /> : <span className="font-mono">{`***-**-${ssn.replace(/./g, '•')}`}</span>,
    ],
  ];
  return rows;
}

/** One answer in plain words: option labels (never codes), numbers and dates in the interface language, files by name. */
function answerOf(intl: IntlShape, spec: FieldSpec, value: unknown, files: readonly ApplicationFile[], applicationId: number): ReactNode {
  const { kind } = spec;
  switch (kind.type) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' && value.trim() !== '' ? <span className="whitespace-pre-line">{value}</span> : <Missing />;
    case 'integer':
      return typeof value === 'number' ? intl.formatNumber(value) : <Missing />;
    case 'amount':
      return typeof value === 'number' ? intl.formatNumber(value, { style: 'currency', currency: 'USD' }) : <Missing />;
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
      if (named.length === 0) return <Missing />;
      return (
        <ul className="space-y-2">
          {named.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-3">
              <span className="break-all">{file.file_name}</span>
              <DownloadButton applicationId={applicationId} file={file} />
            </li>
          ))}
        </ul>
      );
    }
  }
}

function specRows(specs: readonly FieldSpec[], data: DraftData, context: FieldContext, intl: IntlShape, files: readonly ApplicationFile[], applicationId: number): Row[] {
  return askedFields(specs, data, context).map((spec) => [
    <FormattedMessage key="l" {...labelOf(spec)} />,
    answerOf(intl, spec, data[spec.name], files, applicationId),
  ]);
}

function OwnerAnswers({ data, context }: { data: DraftData; context: FieldContext }) {
  const intl = useIntl();
  const { application } = useWorkspace();
  const owners = ownersOf(data);
  if (owners.length === 0) return <AnswerList rows={[[<FormattedMessage key="l" id="application.owners.title" />, <Missing key="v" />]]} />;
  return (
    <div className="space-y-4">
      {owners.map((owner, index) => (
        <section key={index} aria-label={intl.formatMessage({ id: 'application.owners.owner' }, { number: index + 1 })}>
          <h3 className="text-lg font-bold text-gray-900">
            <FormattedMessage id="application.owners.owner" values={{ number: index + 1 }} />
          </h3>
          <AnswerList rows={specRows(ownerSpecs, owner, context, intl, application.files, application.id)} />
        </section>
      ))}
    </div>
  );
}

function SpecAnswers({ specs, data }: { specs: readonly FieldSpec[]; data: DraftData }) {
  const intl = useIntl();
  const { application } = useWorkspace();
  const context: FieldContext = { subProgram: application.program.sub_program };
  return <AnswerList rows={specRows(specs, data, context, intl, application.files, application.id)} />;
}

function AgreementRows({ data }: { data: DraftData }) {
  const upload = useUploadActor();
  const stored = useSelector(upload, selectStoredFile);
  return (
    <AnswerList
      rows={[
        [
          <FormattedMessage key="l" id="application.agreement.conditionsName" />,
          boolOf(data, 'conditions') ? <FormattedMessage id="application.answers.accepted" /> : <Missing />,
        ],
        [<FormattedMessage key="l" id="application.upload.label" />, stored ? stored.file_name : <Missing />],
      ]}
    />
  );
}

function AnswerList({ rows }: { rows: readonly Row[] }) {
  return (
    <dl className="divide-y divide-gray-200 border-y border-gray-200">
      {rows.map(([label, value], index) => (
        <div key={index} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
          <dt className="font-semibold text-gray-900">{label}</dt>
          <dd className="wrap-anywhere text-gray-900 sm:col-span-2">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function StepAnswers({ step, data }: { step: StepNumber; data: DraftData }) {
  const { application } = useWorkspace();
  switch (step) {
    case 1:
      return <AnswerList rows={personRows(data)} />;
    case 2:
      return <SpecAnswers specs={businessSpecs} data={data} />;
    case 3:
      return <OwnerAnswers data={data} context={{ subProgram: application.program.sub_program }} />;
    case 4:
      return <SpecAnswers specs={householdSpecs} data={data} />;
    case 5:
      return <SpecAnswers specs={trainingSpecs} data={data} />;
    case 6:
      return <AgreementRows data={data} />;
  }
}
