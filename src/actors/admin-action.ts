// The real effects of the admin-action machine (machines/admin-action) for staff's users, events, news and notes: each
// action is one typed command (shared/staff-commands.ts) sent by the one write path, src/actors/staff-commands.ts;
// on success the record's queries are refreshed and a toast says what changed. Each area's machine is provided once,
// for the session's page actors (src/actors/session.ts); what a screen does next (open the new record, move focus) it
// does on the machine's `action.done`.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { fromPromise } from 'xstate';
import { adminActionMachine } from '#machines/admin-action/admin-action.machine';
import type { AdminActionRequest } from '#machines/admin-action/admin-action.types';
import type { components } from '#api/schema';
import type { StaffCommand, StaffOutcome } from '#shared/staff-commands';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';
import { sendStaffCommand } from './staff-commands';

type StaffRegistration = components['schemas']['AdminRegistration'];

const done = defineMessages({
  staffGranted: { id: 'admin.users.done.staffGranted' },
  staffRemoved: { id: 'admin.users.done.staffRemoved' },
  reactivated: { id: 'admin.users.done.reactivated' },
  deactivated: { id: 'admin.users.done.deactivated' },
  resetSent: { id: 'admin.users.done.resetSent' },
  sessionEnded: { id: 'admin.users.done.sessionEnded' },
  sessionsEnded: { id: 'admin.users.done.sessionsEnded' },
});

/** What the toast says once an action on an account is done. */
export function doneMessage(command: StaffCommand): MessageDescriptor {
  if (command.operationId === 'setAdminUserStaff') return command.body.is_staff ? done.staffGranted : done.staffRemoved;
  if (command.operationId === 'setAdminUserActive') return command.body.is_active ? done.reactivated : done.deactivated;
  if (command.operationId === 'endAdminUserSession') return done.sessionEnded;
  if (command.operationId === 'endAdminUserSessions') return done.sessionsEnded;
  return done.resetSent;
}

/** The admin-action machine with one area's toasts: each failure sorted (refused or failed), each success announced. */
function provideActions(
  queryClient: QueryClient,
  area: string,
  message: (command: StaffCommand) => MessageDescriptor,
  after: (outcome: StaffOutcome) => void = () => {},
) {
  return adminActionMachine.provide({
    actors: {
      perform: fromPromise<StaffOutcome, StaffCommand>(({ input }) => sendStaffCommand(input)),
    },
    actions: {
      reportDone: (_, { request, outcome }: { request: AdminActionRequest; outcome: StaffOutcome }) => {
        void queryClient.invalidateQueries({ queryKey: ['admin', area] });
        showToast({ kind: 'success', message: getIntl().formatMessage(message(outcome.command), { name: request.label ?? '' }) });
        after(outcome);
      },
    },
  });
}

export const provideUserActionMachine = (queryClient: QueryClient) => provideActions(queryClient, 'users', doneMessage);

// ---- events (docs/decisions/022-admin-events.md) ----------------------------------------------------------------

const eventDone = defineMessages({
  created: { id: 'admin.events.done.created' },
  saved: { id: 'admin.events.done.saved' },
  checkedIn: { id: 'admin.events.done.checkedIn' },
  unchecked: { id: 'admin.events.done.unchecked' },
});

/** What the toast says once an events action is done. */
export function eventDoneMessage(command: StaffCommand): MessageDescriptor {
  if (command.operationId === 'createAdminEvent') return eventDone.created;
  if (command.operationId === 'updateAdminEvent') return eventDone.saved;
  return command.operationId === 'setAdminRegistrationAttended' && command.body.attended ? eventDone.checkedIn : eventDone.unchecked;
}

export const provideEventActionMachine = (queryClient: QueryClient) =>
  provideActions(queryClient, 'events', eventDoneMessage, (outcome) => {
    // The saved registration goes into the cached lists at once: until the refetch came back, the check-in box
    // showed the old value again for a moment (the toggle shows the request's value only while it is sent).
    if (outcome.operationId === 'setAdminRegistrationAttended') {
      const saved: StaffRegistration = outcome.result;
      queryClient.setQueriesData<{ results: StaffRegistration[] }>({ queryKey: ['admin', 'events', 'registrations', saved.event_id] }, (page) =>
        page && { ...page, results: page.results.map((row) => (row.id === saved.id ? saved : row)) },
      );
    }
  });

// ---- news -------------------------------------------------------------------------------------------------------

const newsDone = defineMessages({
  created: { id: 'admin.news.done.created' },
  saved: { id: 'admin.news.done.saved' },
  published: { id: 'admin.news.done.published' },
  unpublished: { id: 'admin.news.done.unpublished' },
  deleted: { id: 'admin.news.done.deleted' },
});

export function newsDoneMessage(command: StaffCommand): MessageDescriptor {
  if (command.operationId === 'createAdminNews') return newsDone.created;
  if (command.operationId === 'updateAdminNews') return newsDone.saved;
  if (command.operationId === 'deleteAdminNews') return newsDone.deleted;
  return command.operationId === 'setAdminNewsPublished' && command.body.published ? newsDone.published : newsDone.unpublished;
}

export const provideNewsActionMachine = (queryClient: QueryClient) => provideActions(queryClient, 'news', newsDoneMessage);

// ---- internal notes (docs/decisions/033-scoring-and-notes.md) ------------------------------------------------------

const noteDone = defineMessages({ deleted: { id: 'admin.notes.deleted' } });

/** Deleting my internal note (a dialog asks first). */
export const provideNoteActionMachine = (queryClient: QueryClient) => provideActions(queryClient, 'applications', () => noteDone.deleted);

// ---- possible duplicates (docs/decisions/038-duplicate-check-and-unduplicated-counts.md) ---------------------------

const duplicateDone = defineMessages({
  marked: { id: 'admin.duplicates.done.marked' },
  unmarked: { id: 'admin.duplicates.done.unmarked' },
});

/** "Not the same" on a pair, and taking it back (a dialog asks first). */
export const provideDuplicateActionMachine = (queryClient: QueryClient) =>
  provideActions(queryClient, 'applications', (command) => (command.operationId === 'unmarkAdminApplicationNotSame' ? duplicateDone.unmarked : duplicateDone.marked));
