// The interface language: one small store (read by React through useSyncExternalStore, and by the API client
// for Accept-Language), its persistence in localStorage, <html lang>, and the message catalogs.
import { useSyncExternalStore } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import { LANGUAGE_VALUES } from '#shared/contract-enums';
import { manifestHref } from './offline-shell';
import { readItem, storageKeys, writeItem } from './storage';

export const locales = LANGUAGE_VALUES;
export type Locale = (typeof locales)[number];
/** docs/product.md section 9: Spanish by default, English as the fallback. */
export const defaultLocale: Locale = 'es';

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en';
}

// One catalog per language, each its own chunk: a page downloads only the language it shows. main.tsx (and the
// prerender) load the first one before rendering; setLocale loads the other when the switcher asks for it.
const catalogLoaders: Record<Locale, () => Promise<{ default: Record<string, string> }>> = {
  es: () => import('#locales/es.json'),
  en: () => import('#locales/en.json'),
};
const catalogs: Partial<Record<Locale, Record<string, string>>> = {};

export async function loadCatalog(locale: Locale): Promise<void> {
  catalogs[locale] ??= (await catalogLoaders[locale]()).default;
}

/** The messages of a loaded catalog (tests/unit/locales.test.ts keeps both catalogs complete). */
export function messagesFor(locale: Locale): Record<string, string> {
  const catalog = catalogs[locale];
  if (!catalog) throw new Error(`The ${locale} catalog is not loaded: await loadCatalog('${locale}') first`);
  return catalog;
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

/** Copies the device's choice into the cookie, so the next page load arrives already in that language. */
export function rememberLanguageForServer(locale: Locale): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

let wanted: Locale = current;

export function setLocale(next: Locale, persist = true): void {
  if (persist) {
    writeItem(storageKeys.language, next);
    rememberLanguageForServer(next);
  }
  wanted = next;
  if (next === current) return;
  if (catalogs[next]) return switchTo(next);
  // The other language's catalog arrives first; the page keeps the current one until then (no raw ids).
  void loadCatalog(next).then(() => {
    if (wanted === next) switchTo(next);
  });
}

function switchTo(next: Locale): void {
  current = next;
  applyDocumentLanguage();
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
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, defaultLocale, messages: messagesFor(locale) }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/** The current language in React; re-renders when the switcher changes it. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, getLocale, getLocale);
}
