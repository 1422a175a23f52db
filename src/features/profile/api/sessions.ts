// The signed-in person's devices (GET /me/sessions) and ending them (docs/decisions/057-see-your-sessions.md).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#api/client';
import { ApiError, unwrap } from '#api/errors';
import { meKeys } from './me';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: [...meKeys.all, 'sessions'] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/me/sessions', { signal })),
  });

/** DELETE /me/sessions/{id}: that device is signed out at its next call. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const { response, error } = await api.DELETE('/me/sessions/{sessionId}', { params: { path: { sessionId } } });
      if (!response.ok) throw new ApiError(response.status, error ?? null);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** POST /me/sessions/end-others: every device but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/me/sessions/end-others')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}
