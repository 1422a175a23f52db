// An RFC 5545 calendar file (.ics) of one event, attached to its confirmation e-mail: the few lines a calendar needs.
export interface CalendarEntry {
  uid: string;
  title: string;
  description: string;
  startsAt: Date;
  /** When absent the entry lasts an hour: calendars need an end or a duration. */
  endsAt: Date | null;
  location: string;
  url: string;
  stampedAt: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** 20270301T140000Z: a UTC date-time (RFC 5545 3.3.5, form 2). */
const utc = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const escapeText = (value: string): string =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and a space, never inside a UTF-8 character (RFC 5545 3.1). */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines start with a space, which counts among their 75 octets.
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarFile(entry: CalendarEntry): string {
  const end = entry.endsAt ?? new Date(entry.startsAt.getTime() + HOUR_MS);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Incubadora//Portal//ES',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${utc(entry.stampedAt)}`,
    `DTSTART:${utc(entry.startsAt)}`,
    `DTEND:${utc(end)}`,
    `SUMMARY:${escapeText(entry.title)}`,
    `DESCRIPTION:${escapeText(entry.description)}`,
    ...(entry.location ? [`LOCATION:${escapeText(entry.location)}`] : []),
    `URL:${entry.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
