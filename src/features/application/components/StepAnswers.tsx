// A step's answers as a description list: the read-only view of a submitted or closed application, and each
// part of "check your answers". The rows are shared with staff's review (src/components/application/Answers.tsx);
// here a document is the applicant's own, downloaded.
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DraftData } from '#machines/autosave/autosave.types';
import type { StepNumber } from '#machines/step/step.types';
import { selectStoredFile } from '#machines/upload/upload.selectors';
import type { ApplicationFile } from '#api/applications';
import { AnswerList, Missing, OwnerAnswers, personRows, specRows, type RenderDocuments } from '#components/application/Answers';
import { boolOf } from '#components/application/draft';
import { businessSpecs, householdSpecs, trainingSpecs, type FieldContext, type FieldSpec } from '#components/application/fields';
import { useUploadActor, useWorkspace } from '#features/application/hooks/use-application-workspace';
import { DownloadButton } from './DocumentsField';

const downloads =
  (applicationId: number): RenderDocuments =>
  (files: ApplicationFile[]) => (
    <ul className="space-y-2">
      {files.map((file) => (
        <li key={file.id} className="flex flex-wrap items-center gap-3">
          <span className="break-all">{file.file_name}</span>
          <DownloadButton applicationId={applicationId} file={file} />
        </li>
      ))}
    </ul>
  );

function SpecAnswers({ specs, data }: { specs: readonly FieldSpec[]; data: DraftData }) {
  const intl = useIntl();
  const { application } = useWorkspace();
  const context: FieldContext = { subProgram: application.program.sub_program };
  return <AnswerList rows={specRows(specs, data, context, intl, application.files, downloads(application.id))} />;
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

export function StepAnswers({ step, data }: { step: StepNumber; data: DraftData }) {
  const { application } = useWorkspace();
  switch (step) {
    case 1:
      return <AnswerList rows={personRows(data)} />;
    case 2:
      return <SpecAnswers specs={businessSpecs} data={data} />;
    case 3:
      return (
        <OwnerAnswers data={data} context={{ subProgram: application.program.sub_program }} files={application.files} documents={downloads(application.id)} />
      );
    case 4:
      return <SpecAnswers specs={householdSpecs} data={data} />;
    case 5:
      return <SpecAnswers specs={trainingSpecs} data={data} />;
    case 6:
      return <AgreementRows data={data} />;
  }
}
