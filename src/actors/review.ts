// The real effects of the review machine (machines/review) on staff's review screen
// (docs/decisions/035-review-screen-on-its-machine.md): each operation's actor sends its typed command through the one
// write path (src/actors/staff-commands.ts); an answer refreshes the application in the query cache and the lists,
// a toast says what changed and focus moves to the part of the page that changed (the button pressed may be gone).
// The application read again (the list refreshed, the applicant resubmitted) reaches the machine from the query cache.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { fromCallback, fromPromise } from 'xstate';
import { reviewMachine } from '#machines/review/review.machine';
import type { ReviewAnswer, ReviewCommand, ReviewEvent } from '#machines/review/review.types';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';
import { performStaffCommand } from './staff-commands';

const done = defineMessages({
  closed: { id: 'admin.review.done.closed' },
  reopened: { id: 'admin.review.done.reopened' },
  reviewerSet: { id: 'admin.review.done.reviewerSet' },
  reviewStarted: { id: 'admin.review.done.reviewStarted' },
  changesRequested: { id: 'admin.review.done.changesRequested' },
  decided: { id: 'admin.review.done.decided' },
  documentVerified: { id: 'admin.review.done.documentVerified' },
  documentRejected: { id: 'admin.review.done.documentRejected' },
  approvalConfirmed: { id: 'admin.review.done.approvalConfirmed' },
  approvalProposed: { id: 'admin.review.done.approvalProposed' },
  conflictDeclared: { id: 'admin.review.done.conflictDeclared' },
});

/** What the toast says once a review command is done. */
export function reviewDoneMessage(command: ReviewCommand): MessageDescriptor {
  switch (command.operationId) {
    case 'setAdminApplicationStatus':
      return command.body.status === 'closed' ? done.closed : done.reopened;
    case 'setAdminApplicationReviewer':
      return done.reviewerSet;
    case 'startAdminApplicationReview':
      return done.reviewStarted;
    case 'requestAdminApplicationChanges':
      return done.changesRequested;
    case 'decideAdminApplication':
      return done.decided;
    case 'verifyAdminApplicationDocument':
      return done.documentVerified;
    case 'rejectAdminApplicationDocument':
      return done.documentRejected;
    case 'confirmAdminApplicationApproval':
      return done.approvalConfirmed;
    case 'declareAdminApplicationConflict':
      return done.conflictDeclared;
  }
}

/** The document a command is about, named in its toast. */
const documentName = (command: ReviewCommand, answer: ReviewAnswer): string =>
  command.operationId === 'verifyAdminApplicationDocument' || command.operationId === 'rejectAdminApplicationDocument'
    ? (answer.documents.find((document) => document.file_id === command.path.fileId)?.file_name ?? '')
    : '';

/** Where focus goes after a command: the checklist's heading for a verdict, else the review panel's. */
export const focusTarget = (command: ReviewCommand): string =>
  command.operationId === 'verifyAdminApplicationDocument' || command.operationId === 'rejectAdminApplicationDocument' ? 'document-checklist' : 'review-actions';

/** Each operation's call: the command as it is, through the one write path. */
const send = fromPromise<ReviewAnswer, ReviewCommand>(({ input }) => performStaffCommand<ReviewCommand['operationId']>(input));

/** Calls `listener` with each new answer of the query of application `id`; returns the unsubscribe. */
export type WatchApplication = (id: number, listener: (application: ReviewAnswer) => void) => () => void;

/** The application read again: every new answer of the screen's query reaches the machine as `review.loaded`. */
const watchApplication = (watch: WatchApplication) =>
  fromCallback<ReviewEvent, { applicationId: number }>(({ sendBack, input }) =>
    watch(input.applicationId, (application) => sendBack({ type: 'review.loaded', application })),
  );

/**
 * The review machine with the screen's effects, provided once for the session's page actors. The screen moves focus
 * itself when the machine emits `review.done` (focusTarget).
 */
export const provideReviewMachine = (queryClient: QueryClient, watch: WatchApplication) =>
  reviewMachine.provide({
    actors: {
      startReview: send,
      requestChanges: send,
      decide: send,
      setStatus: send,
      setReviewer: send,
      verifyDocument: send,
      rejectDocument: send,
      // The separation-of-duties commands (docs/decisions/036-review-rules.md) go the same one write path.
      confirmApproval: send,
      declareConflict: send,
      applicationUpdates: watchApplication(watch),
    },
    actions: {
      reportDone: (_, { command, answer }) => {
        // The page and the lists are read again; the page's new answer reaches the machine (watchApplication).
        void queryClient.invalidateQueries({ queryKey: ['admin', 'applications'] });
        if (command === null) return;
        // An approval the program wants confirmed stays in review: the toast says it waits for a second person.
        const proposed = command.operationId === 'decideAdminApplication' && command.body.decision === 'approved' && answer.status !== 'approved';
        const message: MessageDescriptor = proposed ? done.approvalProposed : reviewDoneMessage(command);
        showToast({ kind: 'success', message: getIntl().formatMessage(message, { name: documentName(command, answer) }) });
      },
    },
  });
