// The interface language: one small store (read by React through useSyncExternalStore, and by the API client
// for Accept-Language), its persistence in localStorage, <html lang>, and the message catalogs.
import { useSyncExternalStore } from 'react';
import { createIntl, createIntlCache, type IntlShape } from 'react-intl';
import en from '#locales/en.json';
import es from '#locales/es.json';
import { readItem, storageKeys, writeItem } from './storage';

export const locales = ['es', 'en'] as const;
export type Locale = (typeof locales)[number];
/** docs/product.md section 9: Spanish by default, English as the fallback. */
export const defaultLocale: Locale = 'es';

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en';
}

const catalogs: Record<Locale, Record<string, string>> = {
  // English under Spanish: a key missing from es.json still shows its English text instead of the raw id.
  es: { ...en, ...es },
  en,
};

export function messagesFor(locale: Locale): Record<string, string> {
  return catalogs[locale];
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

export function setLocale(next: Locale, persist = true): void {
  if (persist) writeItem(storageKeys.language, next);
  if (next === current) return;
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
  if (typeof document !== 'undefined') document.documentElement.lang = current;
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
