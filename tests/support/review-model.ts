// The review machine's model (docs/decisions/028-review-lifecycle.md, 035), shared by its path tests on the machine
// (tests/machines/review.machine.test.ts) and against the API (tests/server/review-paths.test.ts): the same sample
// events, so both walk the same paths. A staff event goes through `sending`, where the operation's actor answers: in
// the model that answer is the event `xstate.done.actor.<operation>` carrying what the server answers (serverAnswer).
import type { SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { reviewMachine } from '#machines/review/review.machine.ts';
import type { ReviewAnswer, ReviewContext, ReviewEvent, ReviewInput } from '#machines/review/review.types.ts';
import { changeRequestSteps, LIFECYCLE } from '#shared/review-lifecycle.ts';
import { testMachineOf } from '../machines/support/test-machine.ts';

export const STAFF_ID = 7;
export const OTHER_REVIEWER_ID = 9;
export const APPLICANT_ID = 21;
export const APPLICATION_ID = 41;
export const OWNER_ID_FILE = 301;
export const INTAKE_FILE = 302;
export const CHANGE_MESSAGE = 'Falta el nombre del negocio. / The business name is missing.';
export const CHANGE_STEPS = [2, 4];
export const REASON = 'Cumple los requisitos. / Meets the requirements.';
export const DOCUMENT_REASON = 'La identificación está borrosa. / The ID is blurred.';

/** A draft as getAdminApplication answers it (the fields the machine reads). */
export const DRAFT: ReviewAnswer = {
  id: APPLICATION_ID,
  status: 'draft',
  reviewer: null,
  applicant: { id: APPLICANT_ID },
  documents: [
    { file_id: OWNER_ID_FILE, kind: 'owner_id', file_name: 'identificacion.pdf', step: 3, verdict: null },
    { file_id: INTAKE_FILE, kind: 'intake_form', file_name: 'intake.pdf', step: 6, verdict: null },
  ],
  change_request: null,
  decision: null,
  duty_owner_ids: [APPLICANT_ID],
  conflict_declarations: [],
  approval_needs_confirmation: false,
  approval: null,
};
export const REVIEW_INPUT: ReviewInput = { viewerId: STAFF_ID, application: DRAFT };

/** Each lifecycle event once with what the contract accepts, sent by the side the table names. */
export const VALID_EVENTS: ReviewEvent[] = [
  { type: 'submit', by: 'applicant' },
  { type: 'resubmit', by: 'applicant' },
  { type: 'start_review', by: 'staff' },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: CHANGE_STEPS },
  { type: 'approve', by: 'staff', reason: REASON },
  { type: 'reject', by: 'staff', reason: REASON },
  { type: 'waitlist', by: 'staff', reason: REASON },
  { type: 'close', by: 'staff' },
  { type: 'reopen', by: 'staff' },
];

/** The checklist's events: verify each document, reject the intake form with a reason. */
export const DOCUMENT_EVENTS: ReviewEvent[] = [
  { type: 'verify_document', by: 'staff', fileId: OWNER_ID_FILE },
  { type: 'verify_document', by: 'staff', fileId: INTAKE_FILE },
  { type: 'reject_document', by: 'staff', fileId: INTAKE_FILE, reason: DOCUMENT_REASON },
];

/** What the table or the contract refuses: the wrong side, a blank reason or message, no step, a step twice. */
export const REFUSED_EVENTS: ReviewEvent[] = [
  { type: 'submit', by: 'staff' },
  { type: 'resubmit', by: 'staff' },
  { type: 'start_review', by: 'applicant' },
  { type: 'approve', by: 'applicant', reason: REASON },
  { type: 'approve', by: 'staff', reason: '   ' },
  { type: 'request_changes', by: 'staff', message: ' ', steps: [2] },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: [] },
  { type: 'request_changes', by: 'staff', message: CHANGE_MESSAGE, steps: [3, 3] },
  { type: 'close', by: 'applicant' },
  { type: 'assign_reviewer', by: 'applicant', reviewerId: OTHER_REVIEWER_ID },
  { type: 'confirm_approval', by: 'applicant' },
  { type: 'declare_conflict', by: 'applicant', conflict: false },
  { type: 'verify_document', by: 'applicant', fileId: OWNER_ID_FILE },
  { type: 'verify_document', by: 'staff', fileId: 999 },
  { type: 'reject_document', by: 'staff', fileId: INTAKE_FILE, reason: ' ' },
  { type: 'review.ask', dialog: 'reject_document', fileId: 999 },
];

/** The operation's actor each `sending` state invokes (its invoke id is the operation's slot). */
export const SENDING_ACTORS = {
  startingReview: 'startReview',
  requestingChanges: 'requestChanges',
  approving: 'decide',
  rejecting: 'decide',
  waitlisting: 'decide',
  closing: 'setStatus',
  reopening: 'setStatus',
  assigningReviewer: 'setReviewer',
  verifyingDocument: 'verifyDocument',
  rejectingDocument: 'rejectDocument',
  proposingApproval: 'decide',
  confirmingApproval: 'confirmApproval',
  declaringConflict: 'declareConflict',
} as const;

/** The application as the machine knows it, in the server's shape. */
export const answerOf = (context: ReviewContext): ReviewAnswer => ({
  id: context.applicationId,
  status: context.loadedStatus,
  reviewer: context.reviewerId === null ? null : { id: context.reviewerId },
  applicant: { id: context.applicantId },
  documents: context.documents.map((document) => ({ file_id: document.fileId, kind: document.kind, file_name: document.name, step: document.step, verdict: document.verdict })),
  change_request: context.changeMessage === null ? null : { steps: context.changeSteps, message: context.changeMessage },
  decision: context.reason === null ? null : { reason: context.reason },
  duty_owner_ids: context.ownerIds,
  conflict_declarations: context.declaredConflict === null ? [] : [{ staff: { id: context.viewerId }, conflict: context.declaredConflict }],
  approval_needs_confirmation: context.needsConfirmation,
  approval: context.proposedBy === null ? null : { proposed_by: { id: context.proposedBy }, reason: context.proposedReason ?? '', confirmed_by: null },
});

/**
 * What the server answers the command in flight (server/admin/review.ts, document-checklist.ts and
 * separation-of-duties.ts do this; docs/decisions/036-review-rules.md): a rejected document waits in the checklist for
 * the round's one change request, which reopens its step too; an approval the program wants confirmed is proposed.
 */
export function serverAnswer(context: ReviewContext): ReviewAnswer {
  const now = answerOf(context);
  const command = context.command;
  const withVerdict = (fileId: number, verdict: 'verified' | 'rejected') =>
    now.documents.map((document) => (document.file_id === fileId ? { ...document, verdict } : document));
  switch (command?.operationId) {
    case 'startAdminApplicationReview':
      return { ...now, status: 'in_review', reviewer: now.reviewer ?? { id: context.viewerId } };
    case 'requestAdminApplicationChanges':
      return {
        ...now,
        status: 'changes_requested',
        approval: null,
        change_request: { steps: changeRequestSteps(command.body.steps, context.documents), message: command.body.message },
      };
    case 'decideAdminApplication':
      if (command.body.decision === 'approved' && context.needsConfirmation) {
        return { ...now, approval: { proposed_by: { id: context.viewerId }, reason: command.body.reason, confirmed_by: null } };
      }
      return { ...now, status: command.body.decision, change_request: null, approval: null, decision: { reason: command.body.reason } };
    case 'confirmAdminApplicationApproval':
      return { ...now, status: 'approved', change_request: null, approval: null, decision: { reason: context.proposedReason ?? '' } };
    case 'declareAdminApplicationConflict':
      return { ...now, conflict_declarations: [{ staff: { id: context.viewerId }, conflict: command.body.conflict }] };
    case 'setAdminApplicationStatus':
      return { ...now, status: command.body.status };
    case 'setAdminApplicationReviewer':
      return { ...now, reviewer: command.body.reviewer_id === null ? null : { id: command.body.reviewer_id } };
    case 'verifyAdminApplicationDocument':
      return { ...now, documents: withVerdict(command.path.fileId, 'verified') };
    case 'rejectAdminApplicationDocument':
      return { ...now, documents: withVerdict(command.path.fileId, 'rejected') };
    default:
      throw new Error('no command in flight');
  }
}

type Snapshot = SnapshotFrom<typeof reviewMachine>;
export type ModelEvent = ReviewEvent | { type: `xstate.done.actor.${string}`; output: ReviewAnswer } | { type: `xstate.error.actor.${string}`; error: unknown };

/** The sending state the snapshot is in, or null. */
export function sendingState(snapshot: Snapshot): keyof typeof SENDING_ACTORS | null {
  const value = snapshot.value;
  if (typeof value !== 'object' || !('sending' in value)) return null;
  const inner = value.sending;
  return typeof inner === 'string' && inner in SENDING_ACTORS ? (inner as keyof typeof SENDING_ACTORS) : null;
}

/** The server's answer to the command in flight, as the event its actor's promise ends with. */
export function answerEvents(snapshot: Snapshot): ModelEvent[] {
  const sending = sendingState(snapshot);
  return sending === null ? [] : [{ type: `xstate.done.actor.${SENDING_ACTORS[sending]}`, output: serverAnswer(snapshot.context) }];
}

/** The graph refuses invocations: testMachineOf turns each into its answer events (the real actor runs them). */
const graphMachine = testMachineOf(reviewMachine, { inert: ['reportDone'] });

/**
 * A state of the model: the machine's state and what its context decides (the status, the reviewer, the checklist's
 * verdicts, the open change request or decision, the dialog, a refusal), not the last command sent or the exact
 * words, which would multiply the states without adding a behaviour.
 */
export function stateKey({ value, context }: Snapshot): string {
  const { loadedStatus, reviewerId, documents, changeSteps, reason, asking, askingFileId, error } = context;
  const rules = [context.ownerIds.includes(context.viewerId), context.declaredConflict, context.needsConfirmation, context.proposedBy];
  return JSON.stringify([value, loadedStatus, reviewerId, documents.map((document) => document.verdict), changeSteps, reason !== null, asking, askingFileId, error?.kind ?? null, rules]);
}

/**
 * The model with `events` sampled in each state. The graph offers a bare `{ type }` for any event a state handles
 * and no sample covers, so the application read again (unchanged) is always a sample.
 */
export const reviewModel = (events: (snapshot: Snapshot) => ModelEvent[], input: ReviewInput = REVIEW_INPUT) =>
  // testMachineOf's machine is typed loosely; its snapshots are the review machine's.
  createTestModel(graphMachine, {
    input,
    serializeState: (snapshot) => stateKey(snapshot as Snapshot),
    events: (snapshot) => [...events(snapshot as Snapshot), { type: 'review.loaded', application: answerOf((snapshot as Snapshot).context) }],
  });

const isLifecycleEvent = (event: { type: string }): event is ReviewEvent => event.type in LIFECYCLE && 'by' in event;


/**
 * The lifecycle alone: an application whose checklist is the API test's own (it verifies the documents before an
 * approval), in a program that approves without a second person.
 */
export const LIFECYCLE_INPUT: ReviewInput = { viewerId: STAFF_ID, application: { ...DRAFT, documents: [] } };

/**
 * The shortest path to each state of the lifecycle model (a state is a status with the context that led there, so
 * the paths also resubmit after a change request, reopen a closed draft and decide on a waitlisted application: every
 * row of the table), as the lifecycle events to drive through the API: the server's answers are the API's own.
 */
export function reviewPaths() {
  const seen = new Set<string>();
  return reviewModel((snapshot) => [...VALID_EVENTS, ...answerEvents(snapshot)], LIFECYCLE_INPUT)
    .getShortestPaths()
    .map((path) => ({ path, events: path.steps.map((step) => step.event).filter(isLifecycleEvent) }))
    .filter(({ events }) => {
      const key = JSON.stringify(events);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
