// /admin/applications/:rid/1 to /4: one application for staff, read-only: its facts, the review panel (its status,
// reviewer and actions: ReviewPanel.tsx), the navigation between the four review pages and the page's content
// (ReviewSections.tsx).
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { applicationStatusNames, subProgramNames } from '#components/programs/messages';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { RecordHistory } from '#components/admin/RecordHistory';
import { SubNav } from '#components/ui/SubNav';
import { adminApplicationQueryOptions, type AdminApplication } from '#features/admin-applications/api/applications';
import { messages, REVIEW_PAGES, reviewPageNames, type ReviewPage } from '#features/admin-applications/messages';
import { ReviewContent } from './ReviewSections';
import { ReviewPanel } from './ReviewPanel';
import { DocumentChecklist } from './DocumentChecklist';
import { NotesPanel } from './NotesPanel';
import { ScoringPanel } from './ScoringPanel';
import { selectUser } from '#machines/session/session.selectors';
import { useSession } from '#lib/use-session';

export const applicantName = ({ applicant }: { applicant: { first_name: string; last_name: string } }) =>
  `${applicant.first_name} ${applicant.last_name}`.trim();

/** The program's name in the reader's language. */
export const programName = (locale: string, name: { es: string; en: string }) => (locale.startsWith('en') ? name.en : name.es);

/** Program, sub-program, status and dates, as the review and the print view head them. */
export function ApplicationFacts({ application }: { application: AdminApplication }) {
  const intl = useIntl();
  const row = (label: ReactNode, value: ReactNode) => (
    <div className="grid gap-1 border-b border-gray-300 py-2 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="sm:col-span-2">{value}</dd>
    </div>
  );
  return (
    <dl aria-label={intl.formatMessage({ id: 'admin.review.facts' })}>
      {row(<FormattedMessage id="admin.review.program" />, `${programName(intl.locale, application.program.name)} (${application.program.period})`)}
      {row(<FormattedMessage id="admin.review.subProgram" />, <FormattedMessage {...subProgramNames[application.program.sub_program]} />)}
      {row(<FormattedMessage id="admin.review.status" />, <FormattedMessage {...applicationStatusNames[application.status]} />)}
      {row(<FormattedMessage id="admin.review.created" />, <InstantText instant={application.created_at} />)}
      {row(<FormattedMessage id="admin.review.updated" />, <InstantText instant={application.updated_at} />)}
      {row(
        <FormattedMessage id="admin.review.submitted" />,
        application.submitted_at ? <InstantText instant={application.submitted_at} /> : <FormattedMessage id="admin.review.notSubmitted" />,
      )}
    </dl>
  );
}

function ReviewScreen({ page }: { page: ReviewPage }) {
  const intl = useIntl();
  const id = Number(useParams().rid);
  const me = useSession(selectUser)?.id;
  const application = useQuery({ ...adminApplicationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  // The heading is there from the first render (route changes focus it), worded once the application has loaded.
  const top = (title: ReactNode) => (
    <div className="space-y-2">
      <Link to="/admin/applications" className="inline-flex min-h-11 items-center font-semibold text-blue-800 underline">
        <FormattedMessage id="admin.review.back" />
      </Link>
      <PageHeading className="break-words">{title}</PageHeading>
    </div>
  );
  if (!application.data) {
    const missing = application.isError || !(Number.isInteger(id) && id > 0);
    return (
      <div className="space-y-8">
        {top(<FormattedMessage {...(missing ? messages.notFound : messages.reviewTitle)} />)}
        {missing ? null : (
          <p role="status">
            <FormattedMessage id="app.loading" />
          </p>
        )}
      </div>
    );
  }
  const record = application.data;
  return (
    <div className="space-y-8">
      {top(<FormattedMessage id="admin.review.heading" values={{ id: record.id, name: applicantName(record) }} />)}
      <ApplicationFacts application={record} />
      <ReviewPanel application={record} name={applicantName(record)} />
      <DocumentChecklist application={record} />
      <ScoringPanel id={record.id} me={me} />
      <NotesPanel id={record.id} />
      <SubNav
        label={intl.formatMessage(messages.stepsNav)}
        items={REVIEW_PAGES.map((n) => ({ to: `/admin/applications/${record.id}/${n}`, label: <FormattedMessage {...reviewPageNames[n]} /> }))}
      />
      <div className="space-y-10">
        <ReviewContent application={record} page={page} mode="review" />
      </div>
      <RecordHistory recordType="application" recordId={record.id} />
    </div>
  );
}

export const ReviewStep1Page = () => <ReviewScreen page={1} />;
export const ReviewStep2Page = () => <ReviewScreen page={2} />;
export const ReviewStep3Page = () => <ReviewScreen page={3} />;
export const ReviewStep4Page = () => <ReviewScreen page={4} />;
