// /admin/applications/:rid/1 to /4: one application for staff, read-only: its facts, the review panel (its status,
// reviewer and actions: ReviewPanel.tsx), the checklist, possible duplicates and scores, the navigation between the four review pages and the page's content
// (ReviewSections.tsx).
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router-dom';
import { PageHeading } from '#components/ui/PageHeading';
import { RecordHistory } from '#components/admin/RecordHistory';
import { SubNav } from '#components/ui/SubNav';
import { adminApplicationQueryOptions, watchAdminApplication, type AdminApplication } from '#features/admin-applications/api/applications';
import { messages, REVIEW_PAGES, reviewPageNames, type ReviewPage } from '#features/admin-applications/messages';
import { ApplicationFacts, applicantName } from './ApplicationFacts';
import { ReviewContent } from './ReviewSections';
import { ReviewPanel } from './ReviewPanel';
import { DocumentChecklist } from './DocumentChecklist';
import { DuplicateFlags } from './DuplicateFlags';
import { NotesPanel } from './NotesPanel';
import { ScoringPanel } from './ScoringPanel';
import { selectUser } from '#machines/session/session.selectors';
import { focusAfterNavigation, focusIdOf } from '#lib/focus-after-navigation';
import { useSession } from '#lib/use-session';
import { providePageActor } from '#actors/page-actors';
import { focusTarget, provideReviewMachine } from '#actors/review';
import { usePageActor, usePageEvent } from '#lib/use-page-actor';

// The session's `review` page actors run this machine, following the application as staff read it again; it loads
// with this screen (src/actors/page-actors.ts).
providePageActor('review', (queryClient) => provideReviewMachine(queryClient, (id, listener) => watchAdminApplication(queryClient, id, listener)));

/**
 * The review panel and the document checklist, driven by one review machine (machines/review,
 * docs/decisions/035-review-screen-on-its-machine.md) started from the application as loaded: it asks the machine
 * what to offer and sends it what staff do; the machine sends the commands and follows the application read again.
 */
function ReviewActions({ application, me, scoringMe }: { application: AdminApplication; me: number; scoringMe: number | undefined }) {
  const review = usePageActor('review', application.id, { viewerId: me, application });
  // After a command the button pressed is often no longer offered: focus goes to the heading of the part that changed.
  usePageEvent(review, 'review.done', ({ command }) => {
    if (command !== null) document.getElementById(focusTarget(command))?.focus();
  });
  return (
    <>
      <ReviewPanel application={application} name={applicantName(application)} review={review} />
      <DocumentChecklist application={application} review={review} />
      <DuplicateFlags id={application.id} />
      {/* My scoring sheet is offered where the machine says the rules let me score. */}
      <ScoringPanel id={application.id} me={scoringMe} review={review} />
    </>
  );
}

/** The id of a review page's own content: the review navigation's links name it, so focus lands there. */
const CONTENT_ID = 'review-content';

/**
 * After a switch between the four review pages, focus goes to that page's content, not to the <h1> above the facts,
 * review panel, checklist, scores and notes (about 25 Tab stops): the navigation's links carry `{ focus: CONTENT_ID }`,
 * which the layout focuses when the content is there (src/app/RootLayout.tsx); when the application was still loading,
 * this does once it has.
 */
function useFocusContentAfterSwitch(loaded: boolean) {
  const { state } = useLocation();
  const asked = focusIdOf(state) === CONTENT_ID;
  useEffect(() => {
    if (loaded && asked) document.getElementById(CONTENT_ID)?.focus();
  }, [loaded, asked]);
}

function ReviewScreen({ page }: { page: ReviewPage }) {
  const intl = useIntl();
  const id = Number(useParams().rid);
  const me = useSession(selectUser)?.id;
  const application = useQuery({ ...adminApplicationQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
  useFocusContentAfterSwitch(application.data !== undefined);
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
      <ReviewActions key={record.id} application={record} me={me ?? 0} scoringMe={me} />
      <NotesPanel id={record.id} />
      <SubNav
        label={intl.formatMessage(messages.stepsNav)}
        items={REVIEW_PAGES.map((n) => ({ to: `/admin/applications/${record.id}/${n}`, state: focusAfterNavigation(CONTENT_ID), label: <FormattedMessage {...reviewPageNames[n]} /> }))}
      />
      <section id={CONTENT_ID} tabIndex={-1} aria-label={intl.formatMessage(reviewPageNames[page])} className="space-y-10 focus:outline-none">
        <ReviewContent application={record} page={page} mode="review" />
      </section>
      <RecordHistory recordType="application" recordId={record.id} />
    </div>
  );
}

export const ReviewStep1Page = () => <ReviewScreen page={1} />;
export const ReviewStep2Page = () => <ReviewScreen page={2} />;
export const ReviewStep3Page = () => <ReviewScreen page={3} />;
export const ReviewStep4Page = () => <ReviewScreen page={4} />;
