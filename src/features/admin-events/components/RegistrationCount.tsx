// An event's registrations against its capacity, as the events list and an event's submissions show them: a module of
// its own, so a submissions page does not load the list (and its event form) to show it.
import { FormattedMessage, useIntl } from 'react-intl';
import type { AdminEvent } from '#features/admin-events/api/events';
import { messages } from '#features/admin-events/messages';

/** "12 of 30" or "12 (no limit)": registrations against the capacity. */
export function RegistrationCount({ event }: { event: AdminEvent }) {
  const intl = useIntl();
  return (
    <FormattedMessage
      id="admin.events.registrationsOf"
      values={{ taken: event.registrations, capacity: event.capacity === null ? intl.formatMessage(messages.noLimit) : event.capacity }}
    />
  );
}
