// /admin/applications/:rid/1 to /4: one application for staff, read-only: its facts, the close or reopen action
// (the admin-action machine; closing a draft is confirmed in a dialog), the navigation between the four review pages
// and the printable view, and the page's content (ReviewSections.tsx).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { provideApplicationActionMachine } from '#actors/admin-action';
import { selectConfirmOpen, selectIsWorking } from '#machines/admin-action/admin-action.selectors';
import { ActionOutcome } from '#components/admin/ListControls';
import { applicationStatusNames, subProgramNames } from '#components/programs/messages';
import { Button, ButtonLink } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { InstantText } from '#components/ui/InstantText';
import { PageHeading } from '#components/ui/PageHeading';
import { SubNav } from '#components/ui/SubNav';
import { adminApplicationQueryOptions, type AdminApplication } from '#features/admin-applications/api/applications';
import { messages, REVIEW_PAGES, reviewPageNames, type ReviewPage } from '#features/admin-applications/messages';
import { ReviewContent } from './ReviewSections';

const STATUS_BUTTON_ID = 'application-status-action';

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

/** Close a draft (confirmed first) or reopen a closed application; a submitted one never changes. */
function StatusAction({ application }: { application: AdminApplication }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [machine] = useState(() => provideApplicationActionMachine(queryClient));
  const action = useActorRef(machine);
  const working = useSelector(action, selectIsWorking);
  const confirmOpen = useSelector(action, selectConfirmOpen);
  const t = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const name = applicantName(application);
  const ask = (wanted: 'draft' | 'closed') =>
    action.send({ type: 'action.request', request: { action: 'setApplicationStatus', targetId: application.id, payload: { status: wanted } }, confirm: wanted === 'closed' });

  return (
    <section aria-labelledby="review-actions" className="space-y-3" data-print-hide>
      <h2 id="review-actions" className="text-2xl font-bold">
        <FormattedMessage id="admin.review.actions" />
      </h2>
      {application.status === 'submitted' ? (
        <p className="rounded-md border-l-8 border-blue-800 bg-blue-50 p-4">
          <FormattedMessage id="admin.review.submittedNote" />
        </p>
      ) : null}
      {application.status === 'closed' ? (
        <p className="rounded-md border-l-8 border-blue-800 bg-blue-50 p-4">
          <FormattedMessage id="admin.review.closedNote" />
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {application.status === 'draft' ? (
          <Button id={STATUS_BUTTON_ID} variant="danger" disabled={working} onClick={() => ask('closed')}>
            <FormattedMessage id="admin.review.close" />
          </Button>
        ) : null}
        {application.status === 'closed' ? (
          <Button id={STATUS_BUTTON_ID} variant="secondary" disabled={working} onClick={() => ask('draft')}>
            <FormattedMessage id="admin.review.reopen" />
          </Button>
        ) : null}
        <ButtonLink variant="secondary" to={`/admin/applications/${application.id}/print`}>
          <FormattedMessage id="admin.review.print" />
        </ButtonLink>
      </div>
      <ActionOutcome
        action={action}
        working={<FormattedMessage id="admin.users.working" />}
        network={t(messages.actionNetwork)}
        later={t(messages.tryAgainLater)}
        retryLabel={<FormattedMessage id="admin.users.retry" />}
        dismissLabel={<FormattedMessage id="admin.users.dismiss" />}
      />
      <ConfirmDialog
        open={confirmOpen}
        title={intl.formatMessage({ id: 'admin.review.confirm.closeTitle' }, { name })}
        body={intl.formatMessage({ id: 'admin.review.confirm.closeBody' }, { name })}
        confirmLabel={<FormattedMessage id="admin.review.close" />}
        onConfirm={() => action.send({ type: 'action.confirm' })}
        onCancel={() => action.send({ type: 'action.cancel' })}
        returnFocusTo={STATUS_BUTTON_ID}
      />
    </section>
  );
}

function ReviewScreen({ page }: { page: ReviewPage }) {
  const intl = useIntl();
  const id = Number(useParams().rid);
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
      <StatusAction application={record} />
      <SubNav
        label={intl.formatMessage(messages.stepsNav)}
        items={REVIEW_PAGES.map((n) => ({ to: `/admin/applications/${record.id}/${n}`, label: <FormattedMessage {...reviewPageNames[n]} /> }))}
      />
      <div className="space-y-10">
        <ReviewContent application={record} page={page} mode="review" />
      </div>
    </div>
  );
}

export const ReviewStep1Page = () => <ReviewScreen page={1} />;
export const ReviewStep2Page = () => <ReviewScreen page={2} />;
export const ReviewStep3Page = () => <ReviewScreen page={3} />;
export const ReviewStep4Page = () => <ReviewScreen page={4} />;
