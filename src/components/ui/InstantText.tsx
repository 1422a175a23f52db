// A moment (an ISO 8601 instant from the API) as a <time> in the interface language: deadlines, submission and
// upload times, on the programs' and the application's screens alike.
import { useIntl } from 'react-intl';
import { formatInstant } from '#lib/dates';

export function InstantText({ instant }: { instant: string }) {
  const intl = useIntl();
  const date = new Date(instant);
  return <time dateTime={instant}>{Number.isNaN(date.getTime()) ? instant : formatInstant(intl, date)}</time>;
}
