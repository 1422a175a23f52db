// The route of one application (/panel/application/:rid and its screens). It loads the application, creates its
// actor once the data is there, and renders the screen, 'Program Unavailable', or why it could not load.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useParams } from 'react-router-dom';
import { selectIsUnavailable } from '#machines/application/application.selectors';
import { ApiError } from '#api/errors';
import { Alert } from '#components/ui/Alert';
import { Button, ButtonLink } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { applicationQueryOptions, type Application } from '#api/applications';
import { useApplicationWorkspace, useWorkspace, WorkspaceContext } from '#features/application/hooks/use-application-workspace';
import { applicationPaths, parseId } from '#lib/application-paths';
import { OfflineDrafts } from './OfflineDrafts';

function Message({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <PageHeading>{title}</PageHeading>
      {children}
    </div>
  );
}

function NotFound() {
  return (
    <Message title={<FormattedMessage id="application.layout.notFoundTitle" />}>
      <p className="text-gray-800">
        <FormattedMessage id="application.layout.notFound" />
      </p>
      <ButtonLink to={applicationPaths.myPrograms}>
        <FormattedMessage id="application.layout.toMyPrograms" />
      </ButtonLink>
    </Message>
  );
}

export function ApplicationLayout() {
  const { rid } = useParams();
  const id = parseId(rid);
  if (id === null) return <NotFound />;
  return <LoadedApplication key={id} id={id} />;
}

function LoadedApplication({ id }: { id: number }) {
  const query = useQuery(applicationQueryOptions(id));
  // Cached data may be older than the server's: when a refetch is under way, wait for it (a failed or paused one
  // lets the cached copy through, so the person can go on working offline).
  const refreshing = query.isFetching && !query.isFetchedAfterMount;
  if (query.data === undefined || refreshing) {
    // Offline with nothing loaded (a reload without a network; the worker keeps no /api answer): the drafts this
    // device holds. The query fails or waits for the network, and runs again when it returns.
    const offline = query.fetchStatus === 'paused' || (query.isError && !navigator.onLine);
    if (query.data === undefined && offline) return <OfflineDrafts applicationId={id} />;
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) return <NotFound />;
      return (
        <Message title={<FormattedMessage id="panel.application.title" />}>
          <Alert kind="error" role="alert">
            <p>
              <FormattedMessage id="application.layout.loadError" />
            </p>
            <Button variant="secondary" onClick={() => void query.refetch()}>
              <FormattedMessage id="programs.list.retry" />
            </Button>
          </Alert>
        </Message>
      );
    }
    return (
      <p role="status" className="text-gray-800">
        <FormattedMessage id="app.loading" />
      </p>
    );
  }
  // New actors when the server says the application or its program changed state (closed, submitted elsewhere).
  const key = `${query.data.status}:${query.data.program.status}`;
  return <Workspace key={key} application={query.data} />;
}

function Workspace({ application }: { application: Application }) {
  const workspace = useApplicationWorkspace(application);
  return (
    <WorkspaceContext value={workspace}>
      <Screen />
    </WorkspaceContext>
  );
}

/** 'Program Unavailable' replaces every screen of an application whose program was withdrawn. */
function Screen() {
  const { app } = useWorkspace();
  const unavailable = useSelector(app, selectIsUnavailable);
  if (!unavailable) return <Outlet />;
  return (
    <Message title={<FormattedMessage id="application.unavailable.title" />}>
      <p className="text-gray-800">
        <FormattedMessage id="application.unavailable.body" />
      </p>
      <ButtonLink to={applicationPaths.programs}>
        <FormattedMessage id="application.unavailable.toPrograms" />
      </ButtonLink>
    </Message>
  );
}
