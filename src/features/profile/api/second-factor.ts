// GET /me/second-factor: whether the person has an authenticator app and whether their account needs one.
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { secondFactorKeys } from '#actors/second-factor';

export const secondFactorStatusQuery = () => ({
  queryKey: secondFactorKeys.status,
  queryFn: ({ signal }: { signal: AbortSignal }) => unwrap(api.GET('/me/second-factor', { signal })),
});
