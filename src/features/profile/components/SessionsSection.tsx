// The profile's signed-in devices (docs/decisions/057-see-your-sessions.md): each one with its place and last use,
// this device marked; ending one signs that device out at its next call, and this device's own button signs out here.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '#components/ui/Button';
import { DeviceList, PlaceSource, deviceWords } from '#components/session/DeviceList';
import { showToast } from '#lib/toast';
import { useSessionActor } from '#lib/use-session';
import { sessionsQueryOptions, useEndOtherSessions, useEndSession } from '#features/profile/api/sessions';

export function SessionsSection() {
  const intl = useIntl();
  const session = useSessionActor();
  const sessions = useQuery({ ...sessionsQueryOptions(), refetchOnMount: 'always' });
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const failed = () => showToast({ kind: 'error', message: intl.formatMessage({ id: 'sessions.failed' }) });
  const working = endOne.isPending || endOthers.isPending;
  const others = sessions.data?.results.filter((row) => !row.current).length ?? 0;

  return (
    <section aria-labelledby="profile-sessions" aria-busy={working} className="space-y-4 rounded-md border border-gray-300 p-4 sm:p-6">
      <h2 id="profile-sessions" className="text-2xl font-bold text-gray-900">
        <FormattedMessage id="sessions.title" />
      </h2>
      <p className="text-gray-800">
        <FormattedMessage id="sessions.intro" />
      </p>
      {sessions.isPending ? (
        <p role="status">
          <FormattedMessage id="sessions.loading" />
        </p>
      ) : sessions.isError ? (
        <p role="alert">
          <FormattedMessage id="sessions.loadError" />{' '}
          <button type="button" className="font-semibold text-blue-800 underline" onClick={() => void sessions.refetch()}>
            <FormattedMessage id="sessions.retry" />
          </button>
        </p>
      ) : (
        <>
          <DeviceList
            sessions={sessions.data.results}
            action={(row) =>
              row.current ? (
                <Button variant="secondary" disabled={working} onClick={() => session.send({ type: 'session.logout' })}>
                  <FormattedMessage id="sessions.signOutHere" />
                </Button>
              ) : (
                <Button
                  variant="secondary"
                  disabled={working}
                  aria-label={intl.formatMessage({ id: 'sessions.endOneLabel' }, deviceWords(intl, row))}
                  onClick={() =>
                    endOne.mutate(row.id, {
                      onSuccess: () => showToast({ kind: 'success', message: intl.formatMessage({ id: 'sessions.endedOne' }) }),
                      onError: failed,
                    })
                  }
                >
                  <FormattedMessage id="sessions.endOne" />
                </Button>
              )
            }
          />
          {others > 0 ? (
            <Button
              variant="danger"
              disabled={working}
              onClick={() =>
                endOthers.mutate(undefined, {
                  onSuccess: (answer) => showToast({ kind: 'success', message: intl.formatMessage({ id: 'sessions.endedOthers' }, { count: answer.ended }) }),
                  onError: failed,
                })
              }
            >
              <FormattedMessage id="sessions.endOthers" />
            </Button>
          ) : null}
          <PlaceSource />
        </>
      )}
    </section>
  );
}
