// /submission/:id: the public page of an event or interest form (staff call them submissions): what it is, when and
// where, and its registration form while it takes registrations; 'Event unavailable' otherwise.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useParams } from 'react-router-dom';
import { eventQueryOptions } from '#api/events';
import { Alert } from '#components/ui/Alert';
import { PageHeading } from '#components/ui/PageHeading';
import { useLocale } from '#lib/locale';
import { EventFacts } from './EventFacts';
import { RegistrationForm } from './RegistrationForm';

/** A path id the API can take (a positive integer), else null: anything else is an unavailable event. */
const eventIdOf = (raw: string | undefined): number | null => (raw && /^[1-9][0-9]{0,9}$/.test(raw) && Number(raw) <= 2147483647 ? Number(raw) : null);

export function SubmissionPage() {
  const id = eventIdOf(useParams().id);
  const locale = useLocale();
  const event = useQuery({ ...eventQueryOptions(id ?? 0), enabled: id !== null });

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageHeading>
        <FormattedMessage id="events.registration.title" />
      </PageHeading>
      {id !== null && event.isPending ? (
        <p role="status" className="text-gray-800">
          <FormattedMessage id="app.loading" />
        </p>
      ) : id === null || event.isError || !event.data ? (
        <Alert kind="warning" role="alert">
          <p>
            <FormattedMessage id="events.unavailable" />
          </p>
        </Alert>
      ) : (
        <>
          <section aria-labelledby="submission-event-title" className="space-y-3">
            <h2 id="submission-event-title" className="text-2xl font-bold text-gray-900">
              {event.data.title[locale]}
            </h2>
            {event.data.description[locale] ? <p className="whitespace-pre-line text-gray-800">{event.data.description[locale]}</p> : null}
            <EventFacts event={event.data} />
          </section>
          {event.data.available ? (
            <RegistrationForm event={event.data} idPrefix="submission" />
          ) : (
            <Alert kind="warning" role="alert">
              <p>
                <FormattedMessage id="events.unavailable" />
              </p>
            </Alert>
          )}
        </>
      )}
    </div>
  );
}
