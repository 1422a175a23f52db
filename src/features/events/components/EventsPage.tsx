// /panel/events: the upcoming events a signed-in applicant may attend, one page at a time (the server paginates),
// each card with its attendance (machines/attendance): attend with one click, cancel after a confirmation.
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { EVENTS_PAGE_SIZE, panelEventsQueryOptions, type PanelEvent } from '#api/events';
import { usePageActor } from '#lib/use-page-actor';
import {
  selectAttendanceStatus,
  selectAttends,
  selectCanAttend,
  selectConfirmOpen,
  selectError,
  selectEvent,
  selectIsBusy,
} from '#machines/attendance/attendance.selectors';
import { Alert } from '#components/ui/Alert';
import { Button, linkClass } from '#components/ui/Button';
import { PageHeading } from '#components/ui/PageHeading';
import { errorText, toFormErrors } from '#lib/form-errors';
import { useLocale } from '#lib/locale';
import { EventFacts } from './EventFacts';
import { providePageActor } from '#actors/page-actors';
import { provideAttendanceMachine } from '#actors/events';

// The session's `attendance` page actors run this machine; it loads with this screen (docs/decisions/066-boot-closure.md).
providePageActor('attendance', provideAttendanceMachine);

/** Words that name the event to screen readers only: every card's button says which event it is for. */
const srOnly = (chunks: ReactNode[]) => <span className="sr-only">{chunks}</span>;

const pageOf = (raw: string | null): number => (raw && /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1);

export function EventsPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const events = useQuery(panelEventsQueryOptions(page));
  const pages = events.data ? Math.max(1, Math.ceil(events.data.count / EVENTS_PAGE_SIZE)) : 1;

  return (
    <div className="space-y-6">
      <PageHeading>
        <FormattedMessage id="panel.events.title" />
      </PageHeading>
      <p className="max-w-3xl text-gray-800">
        <FormattedMessage id="events.panel.intro" />
      </p>
      {events.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : events.isError ? (
        <Alert kind="error" role="alert">
          <p>
            <FormattedMessage id="events.panel.loadError" />
          </p>
          <Button variant="secondary" className="mt-3" onClick={() => void events.refetch()}>
            <FormattedMessage id="events.form.retry" />
          </Button>
        </Alert>
      ) : events.data.results.length === 0 ? (
        <p className="text-gray-800">
          <FormattedMessage id="events.panel.none" />
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {events.data.results.map((event) => (
            <li key={event.id}>
              <EventCard event={event} />
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav aria-label={intl.formatMessage({ id: 'events.panel.pages' })} className="flex flex-wrap items-center gap-4">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={linkClass}>
              <FormattedMessage id="events.panel.previous" />
            </Link>
          ) : null}
          <span>
            <FormattedMessage id="events.panel.page" values={{ page, pages }} />
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} className={linkClass}>
              <FormattedMessage id="events.panel.next" />
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

function EventCard({ event: initial }: { event: PanelEvent }) {
  const intl = useIntl();
  const locale = useLocale();
  const actor = usePageActor('attendance', initial.id, { event: initial });
  const status = useSelector(actor, selectAttendanceStatus);
  const event = useSelector(actor, selectEvent);
  const attends = useSelector(actor, selectAttends);
  const canAttend = useSelector(actor, selectCanAttend);
  const busy = useSelector(actor, selectIsBusy);
  const confirmOpen = useSelector(actor, selectConfirmOpen);
  const error = useSelector(actor, selectError);
  const fallback = intl.formatMessage({ id: 'auth.error.tryAgainLater' });
  const titleId = `event-${event.id}-title`;
  const attendId = `event-${event.id}-attend`;

  return (
    <article aria-labelledby={titleId} className="space-y-3 rounded-lg border-2 border-gray-300 p-5">
      <h2 id={titleId} className="text-xl font-bold text-gray-900">
        {event.title[locale]}
      </h2>
      {event.description[locale] ? <p className="text-gray-800">{event.description[locale]}</p> : null}
      <EventFacts event={event} />
      <div aria-live="polite">
        {attends ? (
          <p className="font-semibold text-green-800">
            <FormattedMessage id="events.panel.attending" />
          </p>
        ) : null}
        {status === 'duplicate' || status === 'unavailable' || status === 'failed' ? (
          <Alert kind="error" className="mt-2">
            <p>{errorText(intl, toFormErrors(error, [], fallback).form[0] ?? fallback)}</p>
          </Alert>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        {status === 'idle' || status === 'attending' ? (
          <Button id={attendId} disabled={!canAttend || busy} onClick={() => actor.send({ type: 'attendance.attend' })}>
            {busy ? <FormattedMessage id="events.panel.attendingNow" /> : <FormattedMessage id="events.panel.attend" values={{ title: event.title[locale], hidden: srOnly }} />}
          </Button>
        ) : null}
        {status === 'attended' || status === 'confirming' || status === 'cancelling' ? (
          <Button id={attendId} variant="secondary" onClick={() => actor.send({ type: 'attendance.cancel' })}>
            <FormattedMessage id="events.panel.cancel" values={{ title: event.title[locale], hidden: srOnly }} />
          </Button>
        ) : null}
        {status === 'failed' ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'attendance.retry' })}>
            <FormattedMessage id="events.form.retry" />
          </Button>
        ) : null}
        {status === 'failed' || status === 'duplicate' ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'attendance.dismiss' })}>
            <FormattedMessage id="events.panel.dismiss" />
          </Button>
        ) : null}
      </div>
      <Dialog.Root open={confirmOpen} onOpenChange={(open) => (open ? undefined : actor.send({ type: 'attendance.keep' }))}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60" />
          <Dialog.Content
            role="alertdialog"
            className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-md border-t-8 border-red-800 bg-white p-6 text-gray-900 shadow-xl focus:outline-none"
          >
            <Dialog.Title className="text-xl font-bold">
              <FormattedMessage id="events.cancel.title" />
            </Dialog.Title>
            <Dialog.Description className="mt-3">
              <FormattedMessage id="events.cancel.body" values={{ title: event.title[locale] }} />
            </Dialog.Description>
            <div className="mt-6 flex flex-wrap gap-3">
              <Button disabled={busy} onClick={() => actor.send({ type: 'attendance.confirm' })}>
                {busy ? <FormattedMessage id="events.cancel.cancelling" /> : <FormattedMessage id="events.cancel.confirm" />}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => actor.send({ type: 'attendance.keep' })}>
                <FormattedMessage id="events.cancel.keep" />
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </article>
  );
}
