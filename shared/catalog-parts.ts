// Which part of the message catalogs (locales/*.json) an id belongs to: the browser loads a part with the routes that
// use it, and never the server's own texts (docs/decisions/062-small-chunks.md). The source catalogs stay whole.
export const CATALOG_PARTS = ['public', 'panel', 'admin'] as const;
export type CatalogPart = (typeof CATALOG_PARTS)[number];

/** Texts of the signed-in applicant's screens (the panel, an application, the profile), which staff see too. */
const PANEL_PREFIXES = ['application.', 'drive.', 'survey.', 'profile.', 'sessions.'];
/** Texts only the server writes: e-mails and PDFs. */
const SERVER_PREFIXES = ['email.', 'pdf.'];
/** Ids under a server prefix that a screen shows as well (tests/unit/catalog-parts.test.ts finds them in the code). */
export const SHOWN_SERVER_IDS: ReadonlySet<string> = new Set(['pdf.noIncome.fileName']);

export function catalogPartOf(id: string): CatalogPart | 'server' {
  if (id.startsWith('admin.')) return 'admin';
  if (PANEL_PREFIXES.some((prefix) => id.startsWith(prefix))) return 'panel';
  if (SHOWN_SERVER_IDS.has(id)) return 'panel';
  if (SERVER_PREFIXES.some((prefix) => id.startsWith(prefix))) return 'server';
  return 'public';
}

/**
 * The applicant's own records: an application, a program's drive, the survey and the profile. The panel's other
 * screens (programs, My Programs, events, news) show public texts only, so they load no more than a public page
 * (tests/unit/catalog-parts.test.ts reads their code).
 */
const PANEL_PART_ADDRESSES = /^\/(?:profile|panel\/(?:application|survey|programs\/my\/drive))(?:\/|$)/;

/** The parts an address's screens need: every screen uses the public one (the header, the footer, errors). */
export function catalogPartsFor(pathname: string): CatalogPart[] {
  if (/^\/admin(?:\/|$)/.test(pathname)) return ['public', 'panel', 'admin'];
  if (PANEL_PART_ADDRESSES.test(pathname)) return ['public', 'panel'];
  return ['public'];
}
