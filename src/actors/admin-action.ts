// The real effects of the admin-action machine (machines/admin-action) for staff's user administration: each action
// is one API call; on success the account's queries are refreshed and a toast says what changed.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { adminActionMachine } from '#machines/admin-action/admin-action.machine';
import type { AdminActionError, AdminActionRequest } from '#machines/admin-action/admin-action.types';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';

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

export function provideUserActionMachine(queryClient: QueryClient) {
  return adminActionMachine.provide({
    actors: {
      perform: fromPromise<unknown, AdminActionRequest>(async ({ input }) => {
        try {
          return await performUserAction(input);
        } catch (error) {
          throw (error instanceof ApiError ? { status: error.status, body: error.body ?? undefined } : { status: 0 }) satisfies AdminActionError;
        }
      }),
    },
    actions: {
      reportDone: (_, { request }) => {
        void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
        showToast({ kind: 'success', message: getIntl().formatMessage(doneMessage(request)) });
      },
    },
  });
}
