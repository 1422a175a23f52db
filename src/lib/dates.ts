// Date formats shared by the program and application screens. Calendar days ('2027-03-01') are formatted in
// UTC so no time zone moves them to the day before; instants (deadlines) read in Puerto Rico's time zone.
import type { FormatDateOptions } from 'react-intl';

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

/** "30 de abril de 2027, 11:59 p. m. AST": the day, the time and the zone it is stated in. */
export const instantFormat: FormatDateOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: PROGRAM_TIME_ZONE,
  timeZoneName: 'short',
};
