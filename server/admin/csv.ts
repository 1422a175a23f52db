// CSV export of admin lists (docs/decisions/021): UTF-8 with a byte-order mark so Excel reads Spanish accents, RFC 4180
// quoting, and cells a spreadsheet would run as a formula (= + - @, tab, carriage return) made text with a leading '.
import type { FastifyReply } from 'fastify';

/** The byte-order mark that makes Excel read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell as the file holds it: null and undefined are empty; a text a spreadsheet would evaluate (OWASP "CSV
 * injection": =, +, -, @, tab, CR first) gets a leading apostrophe; quotes are doubled inside a quoted cell.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // Numbers are data, not formulas: -12.5 stays a number; a text that starts like a formula does not.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: ReadonlyArray<string | number | boolean | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A whole file: the BOM, the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  let out = CSV_BOM + csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/** An attachment's Content-Disposition: an ASCII fallback name and the UTF-8 one (RFC 6266). */
export function csvDisposition(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '') || 'export.csv';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The message id of a sub-program's name (`pre_incubator` is `programs.subProgram.preIncubator`), for export cells. */
export const subProgramMessage = (subProgram: string): string =>
  `programs.subProgram.${subProgram.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase())}`;

/** Answers with a CSV file to download, never cached (the lists change and hold personal data). */
export const sendCsv = (reply: FastifyReply, fileName: string, csv: string): FastifyReply =>
  reply.type('text/csv; charset=utf-8').header('cache-control', 'no-store').header('content-disposition', csvDisposition(fileName)).send(csv);

/**
 * Reads CSV (RFC 4180) back into records: quoted cells may hold commas, doubled quotes and line breaks; a line ends
 * with CRLF, LF or CR. Imports use it (the HUD income limits), and the tests read exports back with it.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || record.length > 0) {
    record.push(cell);
    records.push(record);
  }
  return records;
}
