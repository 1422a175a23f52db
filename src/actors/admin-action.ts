// The real effects of the admin-action machine (machines/admin-action) for staff's users, events, news and applications:
// each action is one API call; on success the record's queries are refreshed and a toast says what changed.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { adminActionMachine } from '#machines/admin-action/admin-action.machine';
import type { AdminActionError, AdminActionRequest } from '#machines/admin-action/admin-action.types';
import type { components } from '#api/schema';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';

type AdminEventInput = components['schemas']['AdminEventInput'];
type AdminNewsInput = components['schemas']['AdminNewsInput'];
type AdminRegistration = components['schemas']['AdminRegistration'];
type AdminRegistrationPage = components['schemas']['AdminRegistrationPage'];

/** The actions on an account, named as the view sends them. */
export type UserAction = 'setStaff' | 'setActive' | 'sendReset';

async function performUserAction(request: AdminActionRequest): Promise<unknown> {
  const path = { id: request.targetId };
  switch (request.action as UserAction) {
    case 'setStaff':
      return unwrap(api.PUT('/admin/users/{id}/staff', { params: { path }, body: { is_staff: request.value === true } }));
    case 'setActive':
      return unwrap(api.PUT('/admin/users/{id}/active', { params: { path }, body: { is_active: request.value === true } }));
    case 'sendReset':
      return unwrap(api.POST('/admin/users/{id}/password-reset', { params: { path } }));
  }
  throw new Error(`unknown admin action ${request.action}`);
}

const done = defineMessages({
  staffGranted: { id: 'admin.users.done.staffGranted' },
  staffRemoved: { id: 'admin.users.done.staffRemoved' },
  reactivated: { id: 'admin.users.done.reactivated' },
  deactivated: { id: 'admin.users.done.deactivated' },
  resetSent: { id: 'admin.users.done.resetSent' },
});

/** What the toast says once an action is done. */
export function doneMessage(request: AdminActionRequest): MessageDescriptor {
  if (request.action === 'setStaff') return request.value ? done.staffGranted : done.staffRemoved;
  if (request.action === 'setActive') return request.value ? done.reactivated : done.deactivated;
  return done.resetSent;
}

/** The admin-action machine with one area's calls: each failure sorted (refused or failed), each success announced. */
function provideActions(
  queryClient: QueryClient,
  perform: (request: AdminActionRequest) => Promise<unknown>,
  area: string,
  message: (request: AdminActionRequest) => MessageDescriptor,
  after: (request: AdminActionRequest, result: unknown) => void = () => {},
) {
  return adminActionMachine.provide({
    actors: {
      perform: fromPromise<unknown, AdminActionRequest>(async ({ input }) => {
        try {
          return await perform(input);
        } catch (error) {
          throw (error instanceof ApiError ? { status: error.status, body: error.body ?? undefined } : { status: 0 }) satisfies AdminActionError;
        }
      }),
    },
    actions: {
      reportDone: (_, { request, result }) => {
        void queryClient.invalidateQueries({ queryKey: ['admin', area] });
        const name = (request.payload as { name?: string } | undefined)?.name ?? '';
        showToast({ kind: 'success', message: getIntl().formatMessage(message(request), { name }) });
        after(request, result);
      },
    },
  });
}

export const provideUserActionMachine = (queryClient: QueryClient) => provideActions(queryClient, performUserAction, 'users', doneMessage);

// ---- events (docs/decisions/022-admin-events.md) ----------------------------------------------------------------

/** The actions of the events screens, named as the views send them. */
export type EventAction = 'createEvent' | 'updateEvent' | 'setAttended';

async function performEventAction(request: AdminActionRequest): Promise<unknown> {
  switch (request.action as EventAction) {
    case 'createEvent':
      return unwrap(api.POST('/admin/events', { body: request.payload as AdminEventInput }));
    case 'updateEvent':
      return unwrap(api.PUT('/admin/events/{id}', { params: { path: { id: request.targetId } }, body: request.payload as AdminEventInput }));
    case 'setAttended':
      return unwrap(
        api.PUT('/admin/events/{id}/registrations/{registrationId}/attended', {
          params: { path: { id: request.parentId ?? 0, registrationId: request.targetId } },
          body: { attended: request.value === true },
        }),
      );
  }
  throw new Error(`unknown admin action ${request.action}`);
}

const eventDone = defineMessages({
  created: { id: 'admin.events.done.created' },
  saved: { id: 'admin.events.done.saved' },
  checkedIn: { id: 'admin.events.done.checkedIn' },
  unchecked: { id: 'admin.events.done.unchecked' },
});

/** What the toast says once an events action is done. */
export function eventDoneMessage(request: AdminActionRequest): MessageDescriptor {
  if (request.action === 'createEvent') return eventDone.created;
  if (request.action === 'updateEvent') return eventDone.saved;
  return request.value ? eventDone.checkedIn : eventDone.unchecked;
}

/** `onCreated` receives a new event's id (its page opens next). */
export const provideEventActionMachine = (queryClient: QueryClient, onCreated: (id: number) => void = () => {}) =>
  provideActions(queryClient, performEventAction, 'events', eventDoneMessage, (request, result) => {
    if (request.action === 'createEvent') onCreated((result as { id: number }).id);
    // The saved registration goes into the cached lists at once: until the refetch came back, the check-in box
    // showed the old value again for a moment (the toggle shows the request's value only while it is sent).
    if (request.action === 'setAttended') {
      const saved = result as AdminRegistration;
      queryClient.setQueriesData<AdminRegistrationPage>({ queryKey: ['admin', 'events', 'registrations', saved.event_id] }, (page) =>
        page && { ...page, results: page.results.map((row) => (row.id === saved.id ? saved : row)) },
      );
    }
  });

// ---- news -------------------------------------------------------------------------------------------------------

/** The actions of the news screens, named as the views send them. */
export type NewsAction = 'createNews' | 'updateNews' | 'setNewsPublished' | 'deleteNews';

async function performNewsAction(request: AdminActionRequest): Promise<unknown> {
  const path = { id: request.targetId };
  switch (request.action as NewsAction) {
    case 'createNews':
      return unwrap(api.POST('/admin/news', { body: request.payload as AdminNewsInput }));
    case 'updateNews':
      return unwrap(api.PUT('/admin/news/{id}', { params: { path }, body: request.payload as AdminNewsInput }));
    case 'setNewsPublished':
      return unwrap(api.PUT('/admin/news/{id}/published', { params: { path }, body: { published: request.value === true } }));
    case 'deleteNews': {
      // 204: no body, which unwrap would read as a failure.
      const { response, error } = await api.DELETE('/admin/news/{id}', { params: { path } }).catch(() => {
        throw new ApiError(0, undefined);
      });
      if (!response.ok) throw new ApiError(response.status, error);
      return null;
    }
  }
  throw new Error(`unknown admin action ${request.action}`);
}

const newsDone = defineMessages({
  created: { id: 'admin.news.done.created' },
  saved: { id: 'admin.news.done.saved' },
  published: { id: 'admin.news.done.published' },
  unpublished: { id: 'admin.news.done.unpublished' },
  deleted: { id: 'admin.news.done.deleted' },
});

export function newsDoneMessage(request: AdminActionRequest): MessageDescriptor {
  if (request.action === 'createNews') return newsDone.created;
  if (request.action === 'updateNews') return newsDone.saved;
  if (request.action === 'deleteNews') return newsDone.deleted;
  return request.value ? newsDone.published : newsDone.unpublished;
}

/** `onCreated` opens a new item's page; `onDeleted` leaves a deleted one's. */
export const provideNewsActionMachine = (queryClient: QueryClient, onCreated: (id: number) => void, onDeleted: () => void = () => {}) =>
  provideActions(queryClient, performNewsAction, 'news', newsDoneMessage, (request, result) => {
    if (request.action === 'createNews') onCreated((result as { id: number }).id);
    if (request.action === 'deleteNews') onDeleted();
  });

// ---- applications (issue 13 point 2; the review, docs/decisions/029-review-screens.md) -----------------------------

/**
 * Staff's actions on an application: close a draft or reopen a closed one (`payload.status`), assign the reviewer
 * (`payload.reviewer_id`, null for none), start the review, ask for changes (`payload`: steps and message) and decide
 * (`payload`: decision and reason).
 */
export type ApplicationAction = 'setApplicationStatus' | 'setReviewer' | 'startReview' | 'requestChanges' | 'decide' | DocumentAction | 'deleteNote' | DuplicateAction;
/** The document checklist (docs/decisions/032-document-checklist.md): `payload` names the file, and a rejection's reason. */
export type DocumentAction = 'verifyDocument' | 'rejectDocument';
type DocumentBody = { fileId: number; reason?: string };
type ApplicationStatusBody = { status: 'draft' | 'closed' };
/** Deleting my internal note (docs/decisions/033-scoring-and-notes.md): `payload` names it. */
type NoteBody = { noteId: number };
/** "Not the same" on a possible duplicate, and taking it back (docs/decisions/038): `payload` names the other application. */
export type DuplicateAction = 'markNotSame' | 'unmarkNotSame';
type DuplicateBody = { otherId: number };
type ReviewerBody = { reviewer_id: number | null };
type ChangeRequestInput = components['schemas']['ChangeRequestInput'];
type DecisionInput = components['schemas']['DecisionInput'];

async function performApplicationAction(request: AdminActionRequest): Promise<unknown> {
  const params = { path: { id: request.targetId } };
  switch (request.action as ApplicationAction) {
    case 'setApplicationStatus': {
      const body = request.payload as ApplicationStatusBody;
      return unwrap(api.PUT('/admin/applications/{id}/status', { params, body: { status: body.status } }));
    }
    case 'setReviewer':
      return unwrap(api.PUT('/admin/applications/{id}/reviewer', { params, body: request.payload as ReviewerBody }));
    case 'startReview':
      return unwrap(api.POST('/admin/applications/{id}/review/start', { params }));
    case 'requestChanges':
      return unwrap(api.POST('/admin/applications/{id}/review/changes', { params, body: request.payload as ChangeRequestInput }));
    case 'decide':
      return unwrap(api.POST('/admin/applications/{id}/review/decision', { params, body: request.payload as DecisionInput }));
    case 'verifyDocument': {
      const { fileId } = request.payload as DocumentBody;
      return unwrap(api.POST('/admin/applications/{id}/documents/{fileId}/verify', { params: { path: { id: request.targetId, fileId } } }));
    }
    case 'rejectDocument': {
      const { fileId, reason = '' } = request.payload as DocumentBody;
      return unwrap(api.POST('/admin/applications/{id}/documents/{fileId}/reject', { params: { path: { id: request.targetId, fileId } }, body: { reason } }));
    }
    case 'deleteNote': {
      const { noteId } = request.payload as NoteBody;
      // 204: no body, which unwrap would read as a failure (as deleting a news item).
      const { response, error } = await api.DELETE('/admin/applications/{id}/notes/{noteId}', { params: { path: { id: request.targetId, noteId } } }).catch(() => {
        throw new ApiError(0, undefined);
      });
      if (!response.ok) throw new ApiError(response.status, error);
      return null;
    }
    case 'markNotSame':
    case 'unmarkNotSame': {
      const path = { path: { id: request.targetId, otherId: (request.payload as DuplicateBody).otherId } };
      return request.action === 'markNotSame'
        ? unwrap(api.PUT('/admin/applications/{id}/duplicates/{otherId}/not-same', { params: path }))
        : unwrap(api.DELETE('/admin/applications/{id}/duplicates/{otherId}/not-same', { params: path }));
    }
  }
  throw new Error(`unknown admin action ${request.action}`);
}

const applicationDone = defineMessages({
  closed: { id: 'admin.review.done.closed' },
  reopened: { id: 'admin.review.done.reopened' },
  reviewerSet: { id: 'admin.review.done.reviewerSet' },
  reviewStarted: { id: 'admin.review.done.reviewStarted' },
  changesRequested: { id: 'admin.review.done.changesRequested' },
  decided: { id: 'admin.review.done.decided' },
  documentVerified: { id: 'admin.review.done.documentVerified' },
  documentRejected: { id: 'admin.review.done.documentRejected' },
  noteDeleted: { id: 'admin.notes.deleted' },
  markedNotSame: { id: 'admin.duplicates.done.marked' },
  unmarkedNotSame: { id: 'admin.duplicates.done.unmarked' },
});

export function applicationDoneMessage(request: AdminActionRequest): MessageDescriptor {
  switch (request.action as ApplicationAction) {
    case 'setReviewer':
      return applicationDone.reviewerSet;
    case 'startReview':
      return applicationDone.reviewStarted;
    case 'requestChanges':
      return applicationDone.changesRequested;
    case 'decide':
      return applicationDone.decided;
    case 'verifyDocument':
      return applicationDone.documentVerified;
    case 'rejectDocument':
      return applicationDone.documentRejected;
    case 'deleteNote':
      return applicationDone.noteDeleted;
    case 'markNotSame':
      return applicationDone.markedNotSame;
    case 'unmarkNotSame':
      return applicationDone.unmarkedNotSame;
    case 'setApplicationStatus':
      return (request.payload as ApplicationStatusBody | undefined)?.status === 'closed' ? applicationDone.closed : applicationDone.reopened;
  }
  return applicationDone.reopened;
}

/** `onDone` runs after each success (the review panel moves focus: the button pressed may be gone). */
export const provideApplicationActionMachine = (queryClient: QueryClient, onDone: (request: AdminActionRequest) => void = () => {}) =>
  provideActions(queryClient, performApplicationAction, 'applications', applicationDoneMessage, (request) => onDone(request));
