// Dollar amounts as Puerto Rico writes them: "$4,500.50" in Spanish (es-PR) and English (en-US) alike. The interface's
// plain `es` would write "4500,50 US$", which no one on the island reads as a price (docs/decisions/042-partial-drafts-and-phone-faults.md).
// Shared by the screens and the applicant's copy the server writes (server/applications/applicant-copy.ts).

/** The regional locale whose money format each interface language uses. */
const moneyLocales: Record<string, string> = { es: 'es-PR', en: 'en-US' };

const formatters = new Map<string, Intl.NumberFormat>();

/** `value` dollars in the interface language `locale` ('es' or 'en'; others fall back to en-US). */
export function formatMoney(locale: string, value: number): string {
  const regional = moneyLocales[locale] ?? 'en-US';
  let format = formatters.get(regional);
  if (!format) {
    format = new Intl.NumberFormat(regional, { style: 'currency', currency: 'USD' });
    formatters.set(regional, format);
  }
  return format.format(value);
}
