// The content of the four review pages (docs/product.md section 2): 1 the person, their account and survey; 2 the
// business; 3 owners, household, training and plans; 4 the step-six content. The review shows one page at a time
// and the print view all four; both draw the applicant's own answers with the applicant's labels
// (src/components/application/Answers.tsx).
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DraftData } from '#machines/autosave/autosave.types';
import { AnswerList, Missing, OwnerAnswers, personRows, specRows, type AnswerRow, type RenderDocuments } from '#components/application/Answers';
import { boolOf } from '#components/application/draft';
import { businessSpecs, householdSpecs, trainingSpecs, type FieldContext, type FieldSpec } from '#components/application/fields';
import { stepNames, stepStatusNames } from '#components/application/messages';
import { subProgramNames } from '#components/programs/messages';
import { industryNames, operatingTimeNames, steamBranchNames, surveyLabels } from '#components/survey/messages';
import { InstantText } from '#components/ui/InstantText';
import { formatMoney } from '#shared/money';
import type { AdminApplication, Survey } from '#features/admin-applications/api/applications';
import { messages, type ReviewPage } from '#features/admin-applications/messages';
import { DocumentItem, type DocumentMode } from './DocumentItem';

type StepNumber = 1 | 2 | 3 | 4 | 5 | 6;

const stepOf = (application: AdminApplication, step: StepNumber) => application.steps.find((item) => item.step === step);
const dataOf = (application: AdminApplication, step: StepNumber): DraftData => stepOf(application, step)?.data ?? {};

/** A step's documents: each with its facts and warning, and on screen its view and download buttons. */
const documentsOf =
  (application: AdminApplication, mode: DocumentMode): RenderDocuments =>
  (files) => (
    <ul className="space-y-3">
      {files.map((file) => (
        <li key={file.id}>
          <DocumentItem document={file} target={{ applicationId: application.id, fileId: file.id }} mode={mode} />
        </li>
      ))}
    </ul>
  );

/** One part of the review under its heading; printed on a page of its own. */
function Part({ id, title, status, children }: { id: string; title: ReactNode; status?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="review-part space-y-3">
      <h2 id={id} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      {status ? <p className="text-gray-800">{status}</p> : null}
      {children}
    </section>
  );
}

function StepPart({ application, step, children }: { application: AdminApplication; step: StepNumber; children: ReactNode }) {
  const status = stepOf(application, step)?.status ?? 'incomplete';
  return (
    <Part
      id={`review-step-${step}`}
      title={<FormattedMessage {...stepNames[step]} />}
      status={<FormattedMessage id="admin.review.stepStatus" values={{ step, status: <FormattedMessage {...stepStatusNames[status]} /> }} />}
    >
      {children}
    </Part>
  );
}

function AccountPart({ application, mode }: { application: AdminApplication; mode: DocumentMode }) {
  const { applicant } = application;
  const name = `${applicant.first_name} ${applicant.last_name}`;
  const row = (label: MessageDescriptor, value: ReactNode): AnswerRow => [<FormattedMessage key="l" {...label} />, value];
  return (
    <Part id="review-account" title={<FormattedMessage id="admin.review.account" />}>
      <AnswerList
        rows={[
          row(messages.email, applicant.email),
          row(messages.phone, applicant.phone || <Missing />),
          row(messages.language, <FormattedMessage {...(applicant.language === 'en' ? messages.languageEn : messages.languageEs)} />),
          row(messages.accountStatus, <FormattedMessage {...(applicant.is_active ? messages.active : messages.inactive)} />),
        ]}
      />
      {mode === 'review' ? (
        <Link to={`/admin/users/${applicant.id}`} className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
          <FormattedMessage id="admin.review.accountLink" values={{ name }} />
        </Link>
      ) : null}
    </Part>
  );
}

function SurveyPart({ survey }: { survey: Survey | null }) {
  const intl = useIntl();
  const text = (value: string | null): ReactNode => (value && value.trim() !== '' ? value : <Missing />);
  const number = (value: number | null, currency = false): ReactNode =>
    value === null ? <Missing /> : currency ? formatMoney(intl.locale, value) : intl.formatNumber(value);
  const yesNo = (value: boolean): ReactNode => <FormattedMessage {...(value ? messages.yes : messages.no)} />;
  const row = (label: MessageDescriptor, value: ReactNode): AnswerRow => [<FormattedMessage key="l" {...label} />, value];
  return (
    <Part id="review-survey" title={<FormattedMessage id="admin.review.survey" />}>
      {survey === null ? (
        <p>
          <FormattedMessage id="admin.review.noSurvey" />
        </p>
      ) : (
        <AnswerList
          rows={[
            row(surveyLabels.hasBusiness, yesNo(survey.has_business)),
            row(surveyLabels.idea, text(survey.idea)),
            row(
              surveyLabels.industry,
              survey.industry ? (
                <FormattedMessage id="survey.form.industryOption" values={{ code: survey.industry, name: intl.formatMessage(industryNames[survey.industry]) }} />
              ) : (
                <Missing />
              ),
            ),
            row(surveyLabels.operatingTime, survey.operating_time ? <FormattedMessage {...operatingTimeNames[survey.operating_time]} /> : <Missing />),
            row(surveyLabels.monthlyRevenue, number(survey.monthly_revenue, true)),
            row(surveyLabels.employees, number(survey.employees)),
            row(surveyLabels.website, text(survey.website)),
            row(surveyLabels.thirdYear, yesNo(survey.third_year_student)),
            row(surveyLabels.university, text(survey.university)),
            row(surveyLabels.gpa, number(survey.gpa)),
            row(surveyLabels.steamBranch, survey.steam_branch ? <FormattedMessage {...steamBranchNames[survey.steam_branch]} /> : <Missing />),
            row(surveyLabels.cohort, text(survey.cohort)),
            [
              <FormattedMessage key="l" id="admin.review.surveyRecommended" />,
              survey.recommended.length > 0 ? (
                intl.formatList(survey.recommended.map((sub) => intl.formatMessage(subProgramNames[sub])))
              ) : (
                <FormattedMessage id="application.answers.none" />
              ),
            ],
            [<FormattedMessage key="l" id="admin.review.surveyAnswered" />, <InstantText key="v" instant={survey.updated_at} />],
          ]}
        />
      )}
    </Part>
  );
}

function SpecPart({ application, step, specs, mode }: { application: AdminApplication; step: StepNumber; specs: readonly FieldSpec[]; mode: DocumentMode }) {
  const intl = useIntl();
  const context: FieldContext = { subProgram: application.program.sub_program };
  return (
    <StepPart application={application} step={step}>
      <AnswerList rows={specRows(specs, dataOf(application, step), context, intl, application.files, documentsOf(application, mode))} />
    </StepPart>
  );
}

/** Documents uploaded but named by no answer (docs/decisions/015 keeps them with the application). */
function OtherDocuments({ application, mode }: { application: AdminApplication; mode: DocumentMode }) {
  const named = new Set<number>();
  const collect = (value: unknown) => {
    if (Array.isArray(value)) for (const id of value) if (typeof id === 'number') named.add(id);
  };
  const owners = dataOf(application, 3).owners;
  if (Array.isArray(owners)) for (const owner of owners) collect((owner as DraftData | null)?.id_files);
  collect(dataOf(application, 4).income_documents);
  collect(dataOf(application, 4).no_income_form);
  const others = application.files.filter((file) => !named.has(file.id));
  if (others.length === 0) return null;
  return (
    <Part id="review-other-documents" title={<FormattedMessage id="admin.review.otherDocuments" />}>
      {documentsOf(application, mode)(others)}
    </Part>
  );
}

export function ReviewContent({ application, page, mode }: { application: AdminApplication; page: ReviewPage; mode: DocumentMode }) {
  const context: FieldContext = { subProgram: application.program.sub_program };
  switch (page) {
    case 1:
      return (
        <>
          <StepPart application={application} step={1}>
            <AnswerList rows={personRows(dataOf(application, 1))} />
          </StepPart>
          <AccountPart application={application} mode={mode} />
          <SurveyPart survey={application.survey} />
        </>
      );
    case 2:
      return <SpecPart application={application} step={2} specs={businessSpecs} mode={mode} />;
    case 3:
      return (
        <>
          <StepPart application={application} step={3}>
            <OwnerAnswers data={dataOf(application, 3)} context={context} files={application.files} documents={documentsOf(application, mode)} />
          </StepPart>
          <SpecPart application={application} step={4} specs={householdSpecs} mode={mode} />
          <SpecPart application={application} step={5} specs={trainingSpecs} mode={mode} />
        </>
      );
    case 4:
      return (
        <>
          <StepPart application={application} step={6}>
            <AnswerList
              rows={[
                [
                  <FormattedMessage key="l" id="application.agreement.conditionsName" />,
                  boolOf(dataOf(application, 6), 'conditions') ? <FormattedMessage id="application.answers.accepted" /> : <Missing />,
                ],
                [
                  <FormattedMessage key="l" id="application.upload.label" />,
                  application.intake_form ? (
                    <DocumentItem document={application.intake_form} target={{ applicationId: application.id, intakeForm: true }} mode={mode} />
                  ) : (
                    <Missing />
                  ),
                ],
              ]}
            />
          </StepPart>
          <OtherDocuments application={application} mode={mode} />
        </>
      );
  }
}
