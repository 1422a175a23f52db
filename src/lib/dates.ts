// Date formats shared by the program and application screens. Calendar days ('2027-03-01') are formatted in
// UTC so no time zone moves them to the day before; instants (deadlines) read in Puerto Rico's time zone.
import type { FormatDateOptions, IntlShape } from 'react-intl';

/** Where the program runs: deadlines are stated in its local time, whatever the device's time zone. */
export const PROGRAM_TIME_ZONE = 'America/Puerto_Rico';

/** A calendar day 'YYYY-MM-DD' as the Date at 00:00 UTC of that day; null when it is not one. */
export function dayToDate(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** "1 de marzo de 2027" / "March 1, 2027" for a day from dayToDate. */
export const dayFormat: FormatDateOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };

/** The day, the time and the zone it is stated in: read through formatInstant, which names the zone. */
export const instantFormat: FormatDateOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: PROGRAM_TIME_ZONE,
  timeZoneName: 'short',
};

/**
 * Puerto Rico keeps Atlantic Standard Time all year. English names it "AST"; Spanish's data has no short name for it
 * and writes "GMT-4", which people here do not say: both languages say AST (docs/decisions/042-partial-drafts-and-phone-faults.md).
 */
export const PROGRAM_TIME_ZONE_NAME = 'AST';

/** "30 de abril de 2027, 11:59 p. m. AST" / "April 30, 2027 at 11:59 PM AST": an instant in the program's time. */
export function formatInstant(intl: Pick<IntlShape, 'formatDateToParts'>, instant: Date | string | number): string {
  return intl
    .formatDateToParts(instant, instantFormat)
    .map((part) => (part.type === 'timeZoneName' ? PROGRAM_TIME_ZONE_NAME : part.value))
    .join('');
}
