// What a CSV export says about itself (docs/decisions/041-what-applicants-are-told.md, "Exports"): times in Puerto
// Rico's clock with their offset, a file name that names what it holds, and, for reports read away from the screen
// (the HUD report, the dashboard's charts), a few "label,value" lines above the table naming the population, program,
// dates and income-limits year it covers.
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { programs } from '#server/db/schema.ts';
import { translate, type Language } from '#server/i18n/messages.ts';
import { CSV_BOM, csvLine } from './csv.ts';

/** The program serves Puerto Rico (UTC-4 all year today; Intl follows the zone's rules should they change). */
export const EXPORT_TIME_ZONE = 'America/Puerto_Rico';

const PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: EXPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'longOffset',
});

/**
 * An instant as Puerto Rico's wall clock with its offset, ISO 8601: 2026-03-10T10:00:00-04:00 (an event at 10:00 on
 * the island reads 10:00, and a spreadsheet or a program still knows the instant). Empty for none.
 */
export function exportTime(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const part = Object.fromEntries(PARTS.formatToParts(date).map(({ type, value: text }) => [type, text]));
  // longOffset reads "GMT-04:00" ("GMT" alone at UTC).
  const offset = (part.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}:${part.second}${offset}`;
}

/** Puerto Rico's calendar day of an instant, YYYY-MM-DD: the day a file name carries. */
export const exportDay = (now: Date): string => exportTime(now).slice(0, 10);

/** Words made safe for a file name: accents dropped, lower case, anything else a hyphen ("Incubadora 2027-1" -> incubadora-2027-1). */
export const fileNamePart = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

/** A file name from its parts, blank parts left out: informe-hud-participantes-incubadora-2027-1-2026-11-26.csv. */
export const exportFileName = (...parts: Array<string | null | undefined>): string =>
  `${parts
    .filter((part): part is string => part !== null && part !== undefined && part !== '')
    .map(fileNamePart)
    .filter((part) => part !== '')
    .join('-')}.csv`;

/** How an export names a program: its name in the reader's language and its period, or "all programs". */
export async function programWords(db: Db, programId: number | undefined, language: Language): Promise<string> {
  if (programId === undefined) return translate(language, 'admin.export.allPrograms');
  const [row] = await db.select({ name_es: programs.name_es, name_en: programs.name_en, period: programs.period }).from(programs).where(eq(programs.id, programId)).limit(1);
  // A program id that matches nothing counts nothing: say so rather than invent a name.
  if (!row) return translate(language, 'admin.export.unknownProgram', { id: programId });
  return `${language === 'en' ? row.name_en : row.name_es} (${row.period})`;
}

/**
 * The file with its "about" lines first: each a label and a value, then one empty line, then the table as `csv`
 * made it (its byte-order mark kept first). A reader takes the lines up to the first empty one as the description.
 */
export function withAbout(about: ReadonlyArray<readonly [string, string]>, csv: string): string {
  const table = csv.startsWith(CSV_BOM) ? csv.slice(CSV_BOM.length) : csv;
  return `${CSV_BOM}${about.map(([label, value]) => csvLine([label, value])).join('')}\r\n${table}`;
}

/** Reads a file written by withAbout back: its description lines and the table below them (for tests and imports). */
export function splitAbout(records: string[][]): { about: string[][]; table: string[][] } {
  const blank = records.findIndex((record) => record.every((cell) => cell === ''));
  return blank < 0 ? { about: [], table: records } : { about: records.slice(0, blank), table: records.slice(blank + 1) };
}
