// Server data of the signed-in person (/me): the query and its mutations. Mutations invalidate by key.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import type { components } from '#api/schema';

export type Person = components['schemas']['Person'];
export type PersonUpdate = components['schemas']['PersonUpdate'];
export type Gender = components['schemas']['Gender'];

export const meKeys = {
  all: ['me'] as const,
};

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET('/me', { signal })),
  });

export function useUpdateMe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PersonUpdate) => unwrap(api.PATCH('/me', { body })),
    onSuccess: async (person) => {
      queryClient.setQueryData(meKeys.all, person);
      await queryClient.invalidateQueries({ queryKey: meKeys.all });
    },
  });
}

export function useSetSsnLast4() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ssnLast4: string) => unwrap(api.PUT('/me/ssn', { body: { ssn_last4: ssnLast4 } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meKeys.all }),
  });
}

export type PasswordChanged = components['schemas']['PasswordChanged'];

/** POST /me/password: answers this device's new session (every other session ended). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { current_password: string; password: string }) => unwrap(api.POST('/me/password', { body })),
  });
}

export type ReminderSetting = components['schemas']['ReminderSetting'];

export const remindersQueryOptions = () =>
  queryOptions({
    queryKey: [...meKeys.all, 'reminders'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/me/reminders', { signal })),
  });

/** PUT /me/reminders: reminder e-mails on or off (docs/decisions/050-reminders.md). */
export function useSetReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReminderSetting) => unwrap(api.PUT('/me/reminders', { body })),
    onSuccess: (setting) => queryClient.setQueryData(remindersQueryOptions().queryKey, setting),
  });
}
