// When and where an event happens: its start in Puerto Rico's time in the person's language, its place or link,
// and the spots left. Rendered the same on the server (prerendering) and in the browser.
import { FormattedMessage } from 'react-intl';
import type { EventInfo } from '#api/events';
import { linkClass } from '#components/ui/Button';
import { InstantText } from '#components/ui/InstantText';

export function EventFacts({ event }: { event: EventInfo }) {
  return (
    <dl className="grid gap-x-6 gap-y-1 text-gray-900 sm:grid-cols-[auto_1fr]">
      {event.starts_at ? (
        <>
          <dt className="font-semibold">
            <FormattedMessage id="events.facts.when" />
          </dt>
          <dd>
            <InstantText instant={event.starts_at} />
          </dd>
        </>
      ) : null}
      {event.place ? (
        <>
          <dt className="font-semibold">
            <FormattedMessage id="events.facts.where" />
          </dt>
          <dd>{event.place}</dd>
        </>
      ) : null}
      {event.link ? (
        <>
          <dt className="font-semibold">
            <FormattedMessage id="events.facts.link" />
          </dt>
          <dd className="break-all">
            <a href={event.link} className={linkClass} rel="noopener noreferrer" target="_blank">
              {event.link}
            </a>
          </dd>
        </>
      ) : null}
      {event.spots_left !== null ? (
        <>
          <dt className="font-semibold">
            <FormattedMessage id="events.facts.spots" />
          </dt>
          <dd>
            <FormattedMessage id="events.facts.spotsLeft" values={{ count: event.spots_left }} />
          </dd>
        </>
      ) : null}
    </dl>
  );
}
