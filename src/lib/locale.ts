// The interface language: one small store (read by React through useSyncExternalStore, and by the API client
// for Accept-Language), its persistence in localStorage, <html lang>, and the message catalogs.
import { useSyncExternalStore } from 'react';
import { createIntl, createIntlCache, type IntlShape, type MessageFormatElement } from 'react-intl';
import { CATALOG_PARTS, type CatalogPart } from '#shared/catalog-parts';
import { LANGUAGE_VALUES } from '#shared/contract-enums';
import { manifestHref, rememberLanguageForWorker } from './offline-shell';
import { readItem, storageKeys, writeItem } from './storage';

export const locales = LANGUAGE_VALUES;
export type Locale = (typeof locales)[number];
/** docs/product.md section 9: Spanish by default, English as the fallback. */
export const defaultLocale: Locale = 'es';

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en';
}

// Each language's catalog comes in parts (shared/catalog-parts.ts), each its own chunk compiled ahead of time
// (scripts/catalogs-plugin.ts): a page downloads only its language and the parts its routes use
// (docs/decisions/062-small-chunks.md). main.tsx (and the prerender) load the first ones before rendering, the
// routes of the panel and the admin area theirs (loadCatalogPart), setLocale the other language's when asked.
type Messages = Record<string, MessageFormatElement[]>;
const catalogLoaders: Record<Locale, Record<CatalogPart, () => Promise<{ default: Messages }>>> = {
  es: {
    public: () => import('virtual:catalog-es-public'),
    panel: () => import('virtual:catalog-es-panel'),
    admin: () => import('virtual:catalog-es-admin'),
  },
  en: {
    public: () => import('virtual:catalog-en-public'),
    panel: () => import('virtual:catalog-en-panel'),
    admin: () => import('virtual:catalog-en-admin'),
  },
};
const parts: Record<Locale, Partial<Record<CatalogPart, Messages>>> = { es: {}, en: {} };
/** The parts of each language merged, made again when a part arrives (a new object, so React sees the change). */
const merged = new Map<Locale, Messages>();
/** The parts the screens shown so far needed: a change of language loads them all before it switches. */
const neededParts = new Set<CatalogPart>(['public']);

const hasParts = (locale: Locale, wanted: Iterable<CatalogPart>): boolean => [...wanted].every((part) => parts[locale][part]);

/** Loads `wanted` parts (the public one by default) of a language's catalog. */
export async function loadCatalog(locale: Locale, wanted: readonly CatalogPart[] = ['public']): Promise<void> {
  await Promise.all(
    wanted.map(async (part) => {
      if (parts[locale][part]) return;
      const messages = (await catalogLoaders[locale][part]()).default;
      parts[locale][part] ??= messages;
      merged.delete(locale);
    }),
  );
}

/**
 * Loads a part for the language on screen (and the one being switched to) and tells the screens, before the route
 * that asked for it renders.
 */
export async function loadCatalogPart(part: CatalogPart): Promise<void> {
  neededParts.add(part);
  const languages = new Set([current, wanted]);
  if ([...languages].every((locale) => hasParts(locale, [part]))) return;
  await Promise.all([...languages].map((locale) => loadCatalog(locale, [part])));
  notify();
}

/** The messages of the loaded parts of a catalog (tests/unit/locales.test.ts keeps both catalogs complete). */
export function messagesFor(locale: Locale): Messages {
  if (!parts[locale].public) throw new Error(`The ${locale} catalog is not loaded: await loadCatalog('${locale}') first`);
  let messages = merged.get(locale);
  if (!messages) {
    messages = Object.assign({}, ...CATALOG_PARTS.map((part) => parts[locale][part] ?? {})) as Messages;
    merged.set(locale, messages);
  }
  return messages;
}

let current: Locale = initialLocale();
const listeners = new Set<() => void>();

function initialLocale(): Locale {
  const stored = readItem(storageKeys.language);
  return isLocale(stored) ? stored : defaultLocale;
}

export function getLocale(): Locale {
  return current;
}

/** Whether the person picked a language on this device (their choice wins over the profile's). */
export function hasStoredLocale(): boolean {
  return isLocale(readItem(storageKeys.language));
}

/** The cookie that tells the server which prerendered language to send (server/http/prerendered.ts). */
export const LANGUAGE_COOKIE = 'language';

/**
 * Copies the device's choice into the cookie, so the next page load arrives already in that language, and where the
 * service worker reads it (it cannot read the cookie): a repeat visit's frame is drawn in it too.
 */
export function rememberLanguageForServer(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  void rememberLanguageForWorker(locale);
}

let wanted: Locale = current;

export function setLocale(next: Locale, persist = true): void {
  if (persist) {
    writeItem(storageKeys.language, next);
    rememberLanguageForServer(next);
  }
  wanted = next;
  if (next === current) return;
  if (hasParts(next, neededParts)) return switchTo(next);
  // The other language's catalog arrives first; the page keeps the current one until then (no raw ids).
  void loadCatalog(next, [...neededParts]).then(() => {
    if (wanted === next) switchTo(next);
  });
}

function switchTo(next: Locale): void {
  current = next;
  applyDocumentLanguage();
  notify();
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Screen readers pick their voice from <html lang>; keep it in step with the interface language. */
export function applyDocumentLanguage(): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = current;
  // The installed app's name in the page's language (docs/decisions/060-offline-shell.md).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(current));
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();

/** The formatter for code that runs outside React (the session actors' fallback error text). */
export function getIntl(locale: Locale = current): IntlShape {
  const messages = messagesFor(locale);
  let intl = intls.get(locale);
  // Made again when a part of the catalog arrived since.
  if (intl?.messages !== messages) {
    intl = createIntl({ locale, defaultLocale, messages }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

const currentMessages = (): Messages => messagesFor(current);

/** The messages of the language on screen; re-renders when the language changes or a part of its catalog arrives. */
export function useMessages(): Messages {
  return useSyncExternalStore(subscribeLocale, currentMessages, currentMessages);
}

/** The current language in React; re-renders when the switcher changes it. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
