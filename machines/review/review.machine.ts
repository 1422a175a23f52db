// An application's review lifecycle (docs/decisions/028-review-lifecycle.md) as the machine staff's review screen runs
// (docs/decisions/035-review-screen-on-its-machine.md): one state per status of the transition table in
// shared/review-lifecycle.ts, each staff event guarded by who sends it and by what the contract requires (a change
// request names at least one step and says what is wrong; a decision has a reason), then sent to the server by the
// actor of its operation (typed commands, shared/staff-commands.ts) from `sending`, and the state of the status the
// table names entered when the server answers. The config is a literal so the Stately editor draws it;
// tests/machines/review.machine.test.ts checks it against the table, and tests/server/review-paths.test.ts walks its
// paths against the API.
import { assertEvent, assign, emit, fromCallback, fromPromise, setup } from 'xstate';
import { STEP_NUMBERS } from '#shared/application-constants.ts';
import { asStaffCallError, isTransientFailure } from '#shared/staff-commands.ts';
import {
  approvalStep,
  documentsBlocking,
  dutyConflict,
  mayDeclareConflict,
  type ApplicationStatus,
  type ApprovalStep,
  type LifecycleEvent,
} from '#shared/review-lifecycle.ts';
import type { ReviewAnswer, ReviewCommand, ReviewContext, ReviewDialog, ReviewEmitted, ReviewEvent, ReviewInput } from './review.types.ts';

/** A text the contract's ReviewText accepts: something besides spaces. */
export const isFilled = (text: string): boolean => /\S/.test(text);

/** A change request the contract accepts: at least one step, each a real step, none twice, and a message. */
export const isValidChangeRequest = (message: string, steps: readonly number[]): boolean =>
  isFilled(message) && steps.length > 0 && new Set(steps).size === steps.length && steps.every((step) => STEP_NUMBERS.some((known) => known === step));

/** The machine's reading of the server's answer, for the staff member `viewerId` using the screen. */
export const factsOf = (application: ReviewAnswer, viewerId: number) => ({
  applicationId: application.id,
  applicantId: application.applicant.id,
  reviewerId: application.reviewer?.id ?? null,
  loadedStatus: application.status,
  documents: application.documents.map((document) => ({ fileId: document.file_id, kind: document.kind, name: document.file_name, step: document.step, verdict: document.verdict })),
  ownerIds: [...application.duty_owner_ids],
  declaredConflict: application.conflict_declarations.find((declaration) => declaration.staff.id === viewerId)?.conflict ?? null,
  needsConfirmation: application.approval_needs_confirmation,
  proposedBy: application.approval && application.approval.confirmed_by === null ? (application.approval.proposed_by?.id ?? null) : null,
  proposedReason: application.approval && application.approval.confirmed_by === null ? application.approval.reason : null,
  changeSteps: application.change_request ? [...application.change_request.steps] : [],
  changeMessage: application.change_request?.message ?? null,
  reason: application.decision?.reason ?? null,
});

const DECISION_OF = { approve: 'approved', reject: 'rejected', waitlist: 'waitlisted' } as const;

/**
 * The rules of docs/decisions/036-review-rules.md as the machine's guards read them, from shared/review-lifecycle.ts:
 * why the viewer may not act on the application (their own, or a declared conflict), which approval step is theirs
 * (approve, propose for a second person, or confirm another's proposal), and whether the checklist lets it be approved.
 */
export const dutyConflictOf = (context: ReviewContext) =>
  dutyConflict({ staffId: context.viewerId, ownerIds: context.ownerIds, declaredConflict: context.declaredConflict });
export const approvalStepOf = (context: ReviewContext): ApprovalStep =>
  approvalStep({ needsConfirmation: context.needsConfirmation, proposedBy: context.proposedBy, staffId: context.viewerId });
export const unverifiedDocuments = (context: ReviewContext) => documentsBlocking('approved', context.documents);
const staffMayAct = (context: ReviewContext) => dutyConflictOf(context) === null;

/** The command an event sends, built from the machine's context (the application) and the event's fields. */
function commandOf(context: ReviewContext, event: ReviewEvent): ReviewCommand | null {
  const path = { id: context.applicationId };
  switch (event.type) {
    case 'start_review':
      return { operationId: 'startAdminApplicationReview', path };
    case 'request_changes':
      return { operationId: 'requestAdminApplicationChanges', path, body: { steps: [...event.steps].sort((a, b) => a - b), message: event.message.trim() } };
    case 'approve':
    case 'reject':
    case 'waitlist':
      return { operationId: 'decideAdminApplication', path, body: { decision: DECISION_OF[event.type], reason: event.reason.trim() } };
    case 'close':
    case 'reopen':
      return { operationId: 'setAdminApplicationStatus', path, body: { status: event.type === 'close' ? 'closed' : 'draft' } };
    case 'confirm_approval':
      return { operationId: 'confirmAdminApplicationApproval', path };
    case 'declare_conflict':
      return { operationId: 'declareAdminApplicationConflict', path, body: { conflict: event.conflict } };
    case 'assign_reviewer':
      return { operationId: 'setAdminApplicationReviewer', path, body: { reviewer_id: event.reviewerId } };
    case 'verify_document':
      return { operationId: 'verifyAdminApplicationDocument', path: { ...path, fileId: event.fileId } };
    case 'reject_document':
      return { operationId: 'rejectAdminApplicationDocument', path: { ...path, fileId: event.fileId }, body: { reason: event.reason.trim() } };
    default:
      return null;
  }
}

/** The command in flight, as the operation's actor takes it. */
const inFlight = ({ context }: { context: ReviewContext }): ReviewCommand => {
  if (!context.command) throw new Error('sending without a command');
  return context.command;
};

/** On an answer: the facts it carries, then the screen's follow-up (refresh, toast, focus). */
const answered = [
  { type: 'keepAnswer', params: ({ event }: { event: { output: ReviewAnswer } }) => ({ answer: event.output }) },
  { type: 'reportDone', params: ({ context, event }: { context: ReviewContext; event: { output: ReviewAnswer } }) => ({ command: context.command, answer: event.output }) },
  { type: 'announceDone', params: ({ context }: { context: ReviewContext }) => ({ command: context.command }) },
] as const;
/** On a refusal or a failure: what the server said (the state of the status it had is picked again). */
const refused = { type: 'keepError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

// Slot: each operation's call, provided by src/actors/review.ts; tests settle them themselves.
const unanswered = fromPromise<ReviewAnswer, ReviewCommand>(async () => {
  throw { status: 0 };
});

export const reviewMachine = setup({
  // XState reads `types` only for inference; `{} as T` is its documented way to declare them.
  /* eslint-disable @typescript-eslint/consistent-type-assertions */
  types: {
    context: {} as ReviewContext,
    events: {} as ReviewEvent,
    input: {} as ReviewInput,
    tags: {} as 'busy',
    // Heard by the screen (it moves focus to what changed); the machine lives in the session, not in the view.
    emitted: {} as ReviewEmitted,
  },
  /* eslint-enable @typescript-eslint/consistent-type-assertions */
  actors: {
    startReview: unanswered,
    confirmApproval: unanswered,
    declareConflict: unanswered,
    requestChanges: unanswered,
    decide: unanswered,
    setStatus: unanswered,
    setReviewer: unanswered,
    verifyDocument: unanswered,
    rejectDocument: unanswered,
    // Slot: the application as the screen reads it again (src/actors/review.ts); nothing in tests.
    applicationUpdates: fromCallback<ReviewEvent, { applicationId: number }>(() => {}),
  },
  guards: {
    /**
     * The table's sender and the body the contract accepts; a staff event also needs the viewer free to act on the
     * application, and an approval the approval step it names and every document verified.
     */
    allowed: ({ context, event }, params: { event: LifecycleEvent; approval?: ApprovalStep }) => {
      if (!('by' in event) || event.type !== params.event) return false;
      const applicants = params.event === 'submit' || params.event === 'resubmit';
      if (event.by !== (applicants ? 'applicant' : 'staff')) return false;
      if (!applicants && !staffMayAct(context)) return false;
      if (params.approval !== undefined && (approvalStepOf(context) !== params.approval || unverifiedDocuments(context).length > 0)) return false;
      if (event.type === 'request_changes') return isValidChangeRequest(event.message, event.steps);
      if (event.type === 'approve' || event.type === 'reject' || event.type === 'waitlist') return isFilled(event.reason);
      return true;
    },
    /** Another staff member proposed the approval, every document is still verified, and the viewer may act. */
    confirms: ({ context, event }) =>
      event.type === 'confirm_approval' && event.by === 'staff' && staffMayAct(context) && approvalStepOf(context) === 'confirm' && unverifiedDocuments(context).length === 0,
    /** A declaration the viewer can still make: once the application was sent, not theirs, not recused already. */
    declares: ({ context, event }) =>
      event.type === 'declare_conflict' &&
      event.by === 'staff' &&
      staffMayAct(context) &&
      mayDeclareConflict(context.loadedStatus) &&
      (event.conflict || context.declaredConflict === null),
    byStaff: ({ context, event }) => 'by' in event && event.by === 'staff' && staffMayAct(context),
    loadedAs: ({ context }, params: { status: ApplicationStatus }) => context.loadedStatus === params.status,
    /** A dialog this status offers (a rejection's only for a document of the checklist). */
    offers: ({ context, event }, params: { dialogs: ReviewDialog[] }) =>
      event.type === 'review.ask' &&
      params.dialogs.includes(event.dialog) &&
      (event.dialog !== 'reject_document' || context.documents.some((document) => document.fileId === event.fileId)),
    /** A document of the checklist not verified yet, by staff free to act; a rejection with its reason. */
    documentVerdict: ({ context, event }) => {
      if ((event.type !== 'verify_document' && event.type !== 'reject_document') || event.by !== 'staff' || !staffMayAct(context)) return false;
      const document = context.documents.find((item) => item.fileId === event.fileId);
      if (!document) return false;
      return event.type === 'verify_document' ? document.verdict !== 'verified' : isFilled(event.reason);
    },
  },
  actions: {
    /** The command the event sends; the dialog closes as it goes. */
    keepCommand: assign(({ context, event }) => ({ command: commandOf(context, event), asking: null, askingFileId: null, error: null })),
    keepAnswer: assign(({ context }, params: { answer: ReviewAnswer }) => factsOf(params.answer, context.viewerId)),
    keepLoaded: assign(({ context, event }) => {
      assertEvent(event, 'review.loaded');
      return factsOf(event.application, context.viewerId);
    }),
    keepError: assign((_, params: { error: unknown }) => {
      const error = asStaffCallError(params.error);
      return { error: { kind: isTransientFailure(error) ? ('failed' as const) : ('refused' as const), body: error.body ?? null } };
    }),
    openDialog: assign(({ event }) => {
      assertEvent(event, 'review.ask');
      return { asking: event.dialog, askingFileId: event.fileId ?? null, error: null };
    }),
    closeDialog: assign({ asking: null, askingFileId: null }),
    /** The applicant's sending, heard of: the status the server now has. */
    reached: assign((_, params: { status: ApplicationStatus }) => ({ loadedStatus: params.status })),
    forgetError: assign({ error: null }),
    // Slot: the screen refreshes its queries, says what changed and moves focus (src/actors/review.ts).
    reportDone: (_, _params: { command: ReviewCommand | null; answer: ReviewAnswer }) => {},
    /** Tells whoever listens (the screen) that a command was answered. */
    announceDone: emit((_, params: { command: ReviewCommand | null }) => ({ type: 'review.done' as const, command: params.command })),
  },
}).createMachine({
  id: 'review',
  description: "An application's status, from draft to a decision: the transitions of shared/review-lifecycle.ts, each staff one sent by its operation.",
  context: ({ input }) => ({
    ...factsOf(input.application, input.viewerId),
    viewerId: input.viewerId,
    asking: null,
    askingFileId: null,
    command: null,
    error: null,
  }),
  initial: 'loading',
  // The application read again (after a change, or the applicant resubmitted) arrives as `review.loaded`.
  invoke: { id: 'applicationUpdates', src: 'applicationUpdates', input: ({ context }) => ({ applicationId: context.applicationId }) },
  on: {
    // Staff assign (or change) the reviewer whatever the status; audited, never e-mailed.
    assign_reviewer: { guard: 'byStaff', target: '.sending.assigningReviewer', actions: 'keepCommand' },
    // Each staff member declares for themself, once the application was sent (docs/decisions/036-review-rules.md).
    declare_conflict: { guard: 'declares', target: '.sending.declaringConflict', actions: 'keepCommand' },
    // Recusing cannot be undone: a dialog asks first, wherever a declaration is possible.
    'review.ask': { guard: { type: 'offers', params: { dialogs: ['recuse'] } }, actions: 'openDialog' },
    'review.cancel': { actions: 'closeDialog' },
    'review.dismiss': { actions: 'forgetError' },
    // The application read again (after a change, or the applicant resubmitted): its status picks the state.
    'review.loaded': { target: '.loading', actions: 'keepLoaded' },
  },
  states: {
    loading: {
      description: 'Picks the state of the status the server reported.',
      always: [
        { guard: { type: 'loadedAs', params: { status: 'draft' } }, target: 'draft' },
        { guard: { type: 'loadedAs', params: { status: 'submitted' } }, target: 'submitted' },
        { guard: { type: 'loadedAs', params: { status: 'in_review' } }, target: 'in_review' },
        { guard: { type: 'loadedAs', params: { status: 'changes_requested' } }, target: 'changes_requested' },
        { guard: { type: 'loadedAs', params: { status: 'approved' } }, target: 'approved' },
        { guard: { type: 'loadedAs', params: { status: 'rejected' } }, target: 'rejected' },
        { guard: { type: 'loadedAs', params: { status: 'waitlisted' } }, target: 'waitlisted' },
        { guard: { type: 'loadedAs', params: { status: 'closed' } }, target: 'closed' },
      ],
    },
    draft: {
      description: 'The applicant fills the steps; staff may close it (after a confirmation).',
      on: {
        submit: { guard: { type: 'allowed', params: { event: 'submit' } }, target: 'submitted', actions: { type: 'reached', params: { status: 'submitted' } } },
        close: { guard: { type: 'allowed', params: { event: 'close' } }, target: 'sending.closing', actions: 'keepCommand' },
        'review.ask': { guard: { type: 'offers', params: { dialogs: ['close'] } }, actions: 'openDialog' },
      },
    },
    submitted: {
      description: 'Waiting for staff: sent, not yet picked up.',
      on: {
        start_review: { guard: { type: 'allowed', params: { event: 'start_review' } }, target: 'sending.startingReview', actions: 'keepCommand' },
      },
    },
    in_review: {
      description:
        'A reviewer reads it, verifies or rejects its documents: request changes (with every rejected document) or decide; an approval may wait for a second staff member.',
      on: {
        request_changes: { guard: { type: 'allowed', params: { event: 'request_changes' } }, target: 'sending.requestingChanges', actions: 'keepCommand' },
        approve: [
          { guard: { type: 'allowed', params: { event: 'approve', approval: 'approve' } }, target: 'sending.approving', actions: 'keepCommand' },
          // The program's second person: the approval is proposed, and waits for another staff member to confirm.
          { guard: { type: 'allowed', params: { event: 'approve', approval: 'propose' } }, target: 'sending.proposingApproval', actions: 'keepCommand' },
        ],
        confirm_approval: { guard: 'confirms', target: 'sending.confirmingApproval', actions: 'keepCommand' },
        reject: { guard: { type: 'allowed', params: { event: 'reject' } }, target: 'sending.rejecting', actions: 'keepCommand' },
        waitlist: { guard: { type: 'allowed', params: { event: 'waitlist' } }, target: 'sending.waitlisting', actions: 'keepCommand' },
        verify_document: { guard: 'documentVerdict', target: 'sending.verifyingDocument', actions: 'keepCommand' },
        reject_document: { guard: 'documentVerdict', target: 'sending.rejectingDocument', actions: 'keepCommand' },
        'review.ask': { guard: { type: 'offers', params: { dialogs: ['request_changes', 'decide', 'reject_document'] } }, actions: 'openDialog' },
      },
    },
    changes_requested: {
      description: 'The applicant corrects the reopened steps and replaces the rejected documents, then resubmits: back in review.',
      on: {
        resubmit: { guard: { type: 'allowed', params: { event: 'resubmit' } }, target: 'in_review', actions: { type: 'reached', params: { status: 'in_review' } } },
      },
    },
    approved: {
      // Approved and rejected take no lifecycle event (isFinal), but are not `final` states: staff still assign the
      // reviewer there, as the server allows in any status.
      description: 'Approved, with a reason: final.',
    },
    rejected: {
      description: 'Not approved, with a reason: final.',
    },
    waitlisted: {
      description: 'On the waiting list, with a reason: may still be approved or rejected.',
      on: {
        approve: [
          { guard: { type: 'allowed', params: { event: 'approve', approval: 'approve' } }, target: 'sending.approving', actions: 'keepCommand' },
          // The program's second person: the approval is proposed, and waits for another staff member to confirm.
          { guard: { type: 'allowed', params: { event: 'approve', approval: 'propose' } }, target: 'sending.proposingApproval', actions: 'keepCommand' },
        ],
        confirm_approval: { guard: 'confirms', target: 'sending.confirmingApproval', actions: 'keepCommand' },
        reject: { guard: { type: 'allowed', params: { event: 'reject' } }, target: 'sending.rejecting', actions: 'keepCommand' },
        'review.ask': { guard: { type: 'offers', params: { dialogs: ['decide'] } }, actions: 'openDialog' },
      },
    },
    closed: {
      description: 'Closed before it was sent; staff may reopen it.',
      on: {
        reopen: { guard: { type: 'allowed', params: { event: 'reopen' } }, target: 'sending.reopening', actions: 'keepCommand' },
      },
    },
    sending: {
      description: "A staff command is on its way: the first one decides; the server's answer is the new status (or a refusal).",
      tags: ['busy'],
      on: {
        assign_reviewer: {},
        declare_conflict: {},
        'review.ask': {},
        // Read again meanwhile: the facts are kept, the answer decides where to go.
        'review.loaded': { actions: 'keepLoaded' },
      },
      initial: 'startingReview',
      states: {
        startingReview: {
          invoke: {
            id: 'startReview',
            src: 'startReview',
            input: inFlight,
            onDone: { target: '#review.in_review', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        requestingChanges: {
          invoke: {
            id: 'requestChanges',
            src: 'requestChanges',
            input: inFlight,
            onDone: { target: '#review.changes_requested', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        approving: {
          invoke: {
            id: 'decide',
            src: 'decide',
            input: inFlight,
            onDone: { target: '#review.approved', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        rejecting: {
          invoke: {
            id: 'decide',
            src: 'decide',
            input: inFlight,
            onDone: { target: '#review.rejected', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        waitlisting: {
          invoke: {
            id: 'decide',
            src: 'decide',
            input: inFlight,
            onDone: { target: '#review.waitlisted', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        proposingApproval: {
          invoke: {
            id: 'decide',
            src: 'decide',
            input: inFlight,
            // The status stays: the proposal waits for a second staff member.
            onDone: { target: '#review.loading', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        confirmingApproval: {
          invoke: {
            id: 'confirmApproval',
            src: 'confirmApproval',
            input: inFlight,
            onDone: { target: '#review.approved', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        declaringConflict: {
          invoke: {
            id: 'declareConflict',
            src: 'declareConflict',
            input: inFlight,
            onDone: { target: '#review.loading', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        closing: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: inFlight,
            onDone: { target: '#review.closed', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        reopening: {
          invoke: {
            id: 'setStatus',
            src: 'setStatus',
            input: inFlight,
            onDone: { target: '#review.draft', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        assigningReviewer: {
          invoke: {
            id: 'setReviewer',
            src: 'setReviewer',
            input: inFlight,
            // The status stays as it was: its state is picked again from the answer.
            onDone: { target: '#review.loading', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        verifyingDocument: {
          invoke: {
            id: 'verifyDocument',
            src: 'verifyDocument',
            input: inFlight,
            onDone: { target: '#review.in_review', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
        rejectingDocument: {
          invoke: {
            id: 'rejectDocument',
            src: 'rejectDocument',
            input: inFlight,
            onDone: { target: '#review.loading', actions: answered },
            onError: { target: '#review.loading', actions: refused },
          },
        },
      },
    },
  },
});

export type ReviewMachine = typeof reviewMachine;
