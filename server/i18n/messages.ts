// Server-side messages: the same locales/*.json as the SPA, ICU-formatted, Spanish by default with English fallback.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IntlMessageFormat } from 'intl-messageformat';
import { LANGUAGE_VALUES } from '#shared/contract-enums.ts';

export const languages = LANGUAGE_VALUES;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'es';

type Catalog = Record<string, string>;
const load = (lang: Language): Catalog =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${lang}.json`, import.meta.url)), 'utf8'));
const catalogs: Record<Language, Catalog> = { es: load('es'), en: load('en') };
const compiled = new Map<string, IntlMessageFormat>();

export type MessageParams = Record<string, string | number>;

/** Formats a message id in a language; a missing id falls back to English, then to the id itself. */
export function translate(lang: Language, id: string, params?: MessageParams): string {
  const source = catalogs[lang][id] !== undefined ? lang : catalogs.en[id] !== undefined ? 'en' : undefined;
  if (source === undefined) return id;
  const key = `${source}\u0000${id}`;
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(catalogs[source][id] ?? id, source);
    compiled.set(key, format);
  }
  return String(format.format(params));
}

export function isLanguage(value: unknown): value is Language {
  return value === 'es' || value === 'en';
}

/** Picks es or en from an Accept-Language header by its q-values; Spanish when neither is asked for. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split('-')[0], weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  for (const entry of ranked) if (isLanguage(entry.base)) return entry.base;
  return defaultLanguage;
}
