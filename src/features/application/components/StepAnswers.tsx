// A step's answers as a description list: the read-only view of a submitted or closed application, and each
// part of "check your answers". Only the last 4 digits of the SSN exist, and they are shown masked.
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DraftData } from '#machines/autosave/autosave.types';
import type { StepNumber } from '#machines/step/step.types';
import { selectStoredFile } from '#machines/upload/upload.selectors';
import { genderNames, genders } from '#components/person/messages';
import { useUploadActor } from '#features/application/hooks/use-application-workspace';
import { boolOf, choiceOf, choicesOf, ownersOf, textOf, wholeNumberOf } from '#features/application/draft';
import { businessTypeNames, incomeSourceNames, incomeSources } from '#features/application/messages';

type Row = readonly [label: ReactNode, value: ReactNode];

const businessTypes = ['physical', 'virtual', 'both'] as const;

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

function businessRows(data: DraftData): Row[] {
  const type = choiceOf(data, 'business_type', businessTypes);
  return [
    [<FormattedMessage key="l" id="application.business.name" />, orMissing(textOf(data, 'business_name'))],
    [<FormattedMessage key="l" id="application.business.type" />, type ? <FormattedMessage {...businessTypeNames[type]} /> : <Missing />],
  ];
}

function ownerRows(data: DraftData): Row[] {
  const owners = ownersOf(data);
  if (owners.length === 0) return [[<FormattedMessage key="l" id="application.owners.title" />, <Missing key="v" />]];
  return owners.map((owner, index) => [
    <FormattedMessage key="l" id="application.owners.owner" values={{ number: index + 1 }} />,
    <FormattedMessage
      key="v"
      id="application.answers.owner"
      values={{ name: owner.name.trim() || '—', position: owner.position.trim() || '—' }}
    />,
  ]);
}

function householdRows(data: DraftData, intl: ReturnType<typeof useIntl>): Row[] {
  const size = wholeNumberOf(data, 'household_size');
  const sources = choicesOf(data, 'income_sources', incomeSources);
  return [
    [<FormattedMessage key="l" id="application.household.size" />, size === null ? <Missing /> : intl.formatNumber(size)],
    [
      <FormattedMessage key="l" id="application.household.incomeSources" />,
      sources.length === 0 ? <Missing /> : intl.formatList(sources.map((source) => intl.formatMessage(incomeSourceNames[source]))),
    ],
  ];
}

function narrativeRows(data: DraftData): Row[] {
  return [
    [
      <FormattedMessage key="l" id="application.narrative.mainChallenge" />,
      <span key="v" className="whitespace-pre-line">
        {orMissing(textOf(data, 'main_challenge'))}
      </span>,
    ],
  ];
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
  const intl = useIntl();
  switch (step) {
    case 1:
      return <AnswerList rows={personRows(data)} />;
    case 2:
      return <AnswerList rows={businessRows(data)} />;
    case 3:
      return <AnswerList rows={ownerRows(data)} />;
    case 4:
      return <AnswerList rows={householdRows(data, intl)} />;
    case 5:
      return <AnswerList rows={narrativeRows(data)} />;
    case 6:
      return <AgreementRows data={data} />;
  }
}
