// Staff's review panel on /admin/applications/:rid/1 to /4 (docs/decisions/029-review-screens.md, 035): the review's
// status, reviewer, open change request and decision, and the actions the review machine (machines/review) takes now,
// asked with `snapshot.can`: assign the reviewer, start the review, ask for changes or decide (in dialogs), close a
// draft (confirmed) or reopen a closed one, print. The machine sends each command and says how it ended.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { ReviewMachine } from '#machines/review/review.machine';
import {
  selectApprovalIsProposal,
  selectAsking,
  selectCanAssign,
  selectCanConfirmApproval,
  selectDecisions,
  selectDeclaration,
  selectDutyReason,
  selectIsBusy,
  selectReviewNotes,
  selectStaffActions,
} from '#machines/review/review.selectors';
import { isStepNumber } from '#shared/application-constants';
import { stepNames } from '#components/application/messages';
import { applicationStatusNames } from '#components/programs/messages';
import { Button, ButtonLink } from '#components/ui/Button';
import { ConfirmDialog } from '#components/ui/ConfirmDialog';
import { SelectField } from '#components/ui/Field';
import { InstantText } from '#components/ui/InstantText';
import { reviewersQueryOptions, type AdminApplication } from '#features/admin-applications/api/applications';
import { dutyMessages } from '#features/admin-applications/messages';
import { ChangeRequestDialog, DecisionDialog } from './ReviewDialogs';
import { ReviewOutcome } from './ReviewOutcome';

export type ReviewActor = ActorRefFrom<ReviewMachine>;

/** The notes are a new object on each read: compared by what they say, so a snapshot that changes none keeps them. */
const sameNotes = (a: ReturnType<typeof selectReviewNotes>, b: ReturnType<typeof selectReviewNotes>) => JSON.stringify(a) === JSON.stringify(b);

const STATUS_BUTTON_ID = 'application-status-action';
const START_BUTTON_ID = 'review-start';
const CHANGES_BUTTON_ID = 'review-request-changes';
const DECIDE_BUTTON_ID = 'review-decide';
const RECUSE_BUTTON_ID = 'review-recuse';

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-gray-300 py-2 sm:grid-cols-3">
      <dt className="font-semibold">{label}</dt>
      <dd className="whitespace-pre-line break-words sm:col-span-2">{children}</dd>
    </div>
  );
}

const personName = (person: { first_name: string; last_name: string; email: string }) =>
  `${person.first_name} ${person.last_name}`.trim() || person.email;

/** Reviewer, open change request and decision, as the applicant reads them too. */
function ReviewFacts({ application }: { application: AdminApplication }) {
  const intl = useIntl();
  const { reviewer, change_request: changes, decision } = application;
  return (
    <dl aria-label={intl.formatMessage({ id: 'admin.review.reviewTitle' })}>
      <Row label={<FormattedMessage id="admin.review.reviewer" />}>
        {reviewer ? `${personName(reviewer)} (${reviewer.email})` : <FormattedMessage id="admin.review.noReviewer" />}
      </Row>
      {changes ? (
        <>
          <Row label={<FormattedMessage id="admin.review.changeSteps" />}>
            {changes.steps
              .filter(isStepNumber)
              .map((step) => intl.formatMessage({ id: 'application.step.heading' }, { step, name: intl.formatMessage(stepNames[step]) }))
              .join(', ')}
          </Row>
          <Row label={<FormattedMessage id="admin.review.changeMessage" />}>{changes.message}</Row>
          <Row label={<FormattedMessage id="admin.review.changesRequestedAt" />}>
            <InstantText instant={changes.requested_at} />
          </Row>
        </>
      ) : null}
      {decision ? (
        <>
          <Row label={<FormattedMessage id="admin.review.decision" />}>
            <FormattedMessage {...applicationStatusNames[decision.decision]} />
          </Row>
          <Row label={<FormattedMessage id="admin.review.decisionReason" />}>{decision.reason}</Row>
          <Row label={<FormattedMessage id="admin.review.decidedAt" />}>
            <InstantText instant={decision.decided_at} />
          </Row>
        </>
      ) : null}
    </dl>
  );
}

/** Assign the reviewer: an active staff account, or nobody. Starts from the current one each time it changes. */
function ReviewerForm({ application, review }: { application: AdminApplication; review: ReviewActor }) {
  const canAssign = useSelector(review, selectCanAssign);
  const intl = useIntl();
  const staff = useQuery(reviewersQueryOptions());
  const current = application.reviewer;
  const [chosen, setChosen] = useState(current ? String(current.id) : '');
  // The current reviewer stays a choice even when the list no longer has them (made inactive since).
  const accounts = [...(staff.data ?? [])];
  if (current && !accounts.some((account) => account.id === current.id)) accounts.unshift({ ...current, language: 'es', is_staff: true, is_active: false, created_at: '' });
  const options = [
    { value: '', label: intl.formatMessage({ id: 'admin.review.reviewerNone' }) },
    ...accounts.map((account) => ({ value: String(account.id), label: `${personName(account)} (${account.email})` })),
  ];
  const unchanged = chosen === (current ? String(current.id) : '');
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        review.send({ type: 'assign_reviewer', by: 'staff', reviewerId: chosen === '' ? null : Number(chosen) });
      }}
    >
      <div className="min-w-0 grow sm:max-w-md">
        <SelectField id="review-reviewer" label={<FormattedMessage id="admin.review.reviewerSelect" />} value={chosen} onChange={(event) => setChosen(event.target.value)} options={options} />
      </div>
      <Button type="submit" variant="secondary" disabled={!canAssign || unchanged}>
        <FormattedMessage id="admin.review.reviewerSave" />
      </Button>
    </form>
  );
}

function Note({ message, values }: { message: MessageDescriptor; values?: Record<string, string> }) {
  return (
    <p className="rounded-md border-l-8 border-blue-800 bg-blue-50 p-4 break-words">
      <FormattedMessage {...message} values={values} />
    </p>
  );
}

/**
 * Why an action is not offered, in the words of the rules the machine's guards read (docs/decisions/036-review-rules.md):
 * the viewer's own application or declared conflict, the documents not verified, the approval waiting for a second
 * person, and the rejected documents the change request will carry.
 */
function RuleNotes({ application, review }: { application: AdminApplication; review: ReviewActor }) {
  const intl = useIntl();
  const duty = useSelector(review, selectDutyReason);
  const { unverified, pendingApproval: pending, rejectedPending: rejected } = useSelector(review, selectReviewNotes, sameNotes);
  const names = (list: string[]) => intl.formatList(list, { type: 'conjunction' });
  if (duty !== null) return <Note message={dutyMessages[duty]} />;
  const proposer = application.approval?.proposed_by;
  return (
    <>
      {unverified.length > 0 ? <Note message={{ id: 'api.review.documentsUnverified' }} values={{ names: names(unverified) }} /> : null}
      {pending ? (
        pending.mine ? (
          <Note message={{ id: 'admin.review.approvalWaitingMine' }} values={{ reason: pending.reason }} />
        ) : (
          <Note message={{ id: 'admin.review.approvalWaiting' }} values={{ name: proposer ? personName(proposer) : '', reason: pending.reason }} />
        )
      ) : null}
      {rejected.length > 0 ? <Note message={{ id: 'admin.review.rejectedPending' }} values={{ names: names(rejected) }} /> : null}
    </>
  );
}

/** Each staff member's conflict-of-interest declaration on this application (scoring needs "none"). */
function Declaration({ review }: { review: ReviewActor }) {
  const working = useSelector(review, selectIsBusy);
  const { declared, none, conflict } = useSelector(review, selectDeclaration);
  // Recused, or not free to act: the rule note above says why; there is nothing left to declare.
  if (declared === true || (declared === null && !none && !conflict)) return null;
  return (
    <div className="space-y-2">
      <h3 className="text-xl font-bold">
        <FormattedMessage id="admin.review.conflict.title" />
      </h3>
      {declared === false ? (
        <p>
          <FormattedMessage id="admin.review.conflict.declaredNone" />
        </p>
      ) : (
        <p>
          <FormattedMessage id="api.duty.declareFirst" />
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {none ? (
          <Button variant="secondary" disabled={working} onClick={() => review.send({ type: 'declare_conflict', by: 'staff', conflict: false })}>
            <FormattedMessage id="admin.review.conflict.declareNone" />
          </Button>
        ) : null}
        {conflict ? (
          <Button id={RECUSE_BUTTON_ID} variant="danger" disabled={working} onClick={() => review.send({ type: 'review.ask', dialog: 'recuse' })}>
            <FormattedMessage id="admin.review.conflict.declareConflict" />
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function ReviewPanel({ application, name, review }: { application: AdminApplication; name: string; review: ReviewActor }) {
  const intl = useIntl();
  const working = useSelector(review, selectIsBusy);
  const dialog = useSelector(review, selectAsking);
  // What the machine takes from here (its guards read the lifecycle table): the only actions offered.
  const allowed = useSelector(review, selectStaffActions);
  const decisions = useSelector(review, selectDecisions);
  const canConfirm = useSelector(review, selectCanConfirmApproval);
  const proposes = useSelector(review, selectApprovalIsProposal);
  // Not offered to someone the rules keep off the application (the rule note says why).
  const canAssign = useSelector(review, selectCanAssign);
  const notes = useSelector(review, selectReviewNotes, sameNotes);
  const offers = (action: (typeof allowed)[number]) => allowed.includes(action);
  const ask = (which: 'request_changes' | 'decide' | 'close') => review.send({ type: 'review.ask', dialog: which });
  const cancel = () => review.send({ type: 'review.cancel' });

  return (
    <section aria-labelledby="review-actions" className="space-y-4" data-print-hide>
      <h2 id="review-actions" tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        <FormattedMessage id="admin.review.actions" />
      </h2>
      {notes.awaitsStart ? <Note message={{ id: 'admin.review.submittedNote' }} /> : null}
      {notes.closed ? <Note message={{ id: 'admin.review.closedNote' }} /> : null}
      <ReviewFacts application={application} />
      <RuleNotes application={application} review={review} />
      <Declaration review={review} />
      {canAssign ? <ReviewerForm key={application.reviewer?.id ?? 'none'} application={application} review={review} /> : null}
      <div className="flex flex-wrap gap-3">
        {offers('start_review') ? (
          <Button id={START_BUTTON_ID} disabled={working} onClick={() => review.send({ type: 'start_review', by: 'staff' })}>
            <FormattedMessage id="admin.review.startReview" />
          </Button>
        ) : null}
        {offers('request_changes') ? (
          <Button id={CHANGES_BUTTON_ID} variant="secondary" disabled={working} onClick={() => ask('request_changes')}>
            <FormattedMessage id="admin.review.requestChanges" />
          </Button>
        ) : null}
        {decisions.length > 0 ? (
          <Button id={DECIDE_BUTTON_ID} disabled={working} onClick={() => ask('decide')}>
            <FormattedMessage id="admin.review.decideButton" />
          </Button>
        ) : null}
        {canConfirm ? (
          <Button id="review-confirm-approval" disabled={working} onClick={() => review.send({ type: 'confirm_approval', by: 'staff' })}>
            <FormattedMessage id="admin.review.confirmApproval" />
          </Button>
        ) : null}
        {offers('close') ? (
          <Button id={STATUS_BUTTON_ID} variant="danger" disabled={working} onClick={() => ask('close')}>
            <FormattedMessage id="admin.review.close" />
          </Button>
        ) : null}
        {offers('reopen') ? (
          <Button id={STATUS_BUTTON_ID} variant="secondary" disabled={working} onClick={() => review.send({ type: 'reopen', by: 'staff' })}>
            <FormattedMessage id="admin.review.reopen" />
          </Button>
        ) : null}
        <ButtonLink variant="secondary" to={`/admin/applications/${application.id}/print`}>
          <FormattedMessage id="admin.review.print" />
        </ButtonLink>
      </div>
      <ReviewOutcome review={review} />
      <ConfirmDialog
        open={dialog === 'close'}
        title={intl.formatMessage({ id: 'admin.review.confirm.closeTitle' }, { name })}
        body={intl.formatMessage({ id: 'admin.review.confirm.closeBody' }, { name })}
        confirmLabel={<FormattedMessage id="admin.review.close" />}
        onConfirm={() => review.send({ type: 'close', by: 'staff' })}
        onCancel={cancel}
        returnFocusTo={STATUS_BUTTON_ID}
      />
      <ConfirmDialog
        open={dialog === 'recuse'}
        title={intl.formatMessage({ id: 'admin.review.confirm.conflictTitle' }, { name })}
        body={intl.formatMessage({ id: 'admin.review.confirm.conflictBody' }, { name })}
        confirmLabel={<FormattedMessage id="admin.review.conflict.declareConflict" />}
        onConfirm={() => review.send({ type: 'declare_conflict', by: 'staff', conflict: true })}
        onCancel={cancel}
        returnFocusTo={RECUSE_BUTTON_ID}
      />
      <ChangeRequestDialog
        open={dialog === 'request_changes'}
        name={name}
        onSend={({ steps, message }) => review.send({ type: 'request_changes', by: 'staff', steps, message })}
        onCancel={cancel}
        returnFocusTo={CHANGES_BUTTON_ID}
      />
      <DecisionDialog
        open={dialog === 'decide'}
        name={name}
        decisions={decisions}
        proposes={proposes}
        onSend={({ decision, reason }) => review.send({ type: decision === 'approved' ? 'approve' : decision === 'rejected' ? 'reject' : 'waitlist', by: 'staff', reason })}
        onCancel={cancel}
        returnFocusTo={DECIDE_BUTTON_ID}
      />
    </section>
  );
}
