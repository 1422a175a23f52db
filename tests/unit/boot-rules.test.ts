// The boot script's decision (src/app/boot-rules.ts) matches the app's: the same storage keys and language rule,
// and it loads the app at once for anyone the prerender did not draw (docs/decisions/034-hydrate-on-intent.md).
import { describe, expect, it } from 'vitest';
import { bootLanguage, bootStorageKeys, loadsAtOnce, mainHeadingId } from '../../src/app/boot-rules.ts';
import { MAIN_HEADING_ID } from '../../src/components/ui/PageHeading.tsx';
import { SESSION_STORAGE_KEYS } from '../../machines/session/session.machine.ts';
import { storageKeys } from '../../src/lib/storage.ts';

const reader = (local: Record<string, string>, session: Record<string, string> = {}) => ({
  local: (key: string) => local[key] ?? null,
  session: (key: string) => session[key] ?? null,
});

describe('boot rules', () => {
  it('reads the keys the app writes', () => {
    expect(bootStorageKeys.user).toBe(SESSION_STORAGE_KEYS.user);
    expect(bootStorageKeys.remember).toBe(SESSION_STORAGE_KEYS.remember);
    expect(bootStorageKeys.language).toBe(storageKeys.language);
    expect(bootStorageKeys.smallScreenDismissed).toBe(storageKeys.smallScreenDismissed);
    expect(mainHeadingId).toBe(MAIN_HEADING_ID);
  });

  it('starts in the stored language, else Spanish', () => {
    expect(bootLanguage('en')).toBe('en');
    expect(bootLanguage('es')).toBe('es');
    expect(bootLanguage(null)).toBe('es');
    expect(bootLanguage('fr')).toBe('es');
  });

  it('waits only for the visitor the prerender drew', () => {
    expect(loadsAtOnce(reader({}), 'es')).toBe(false);
    expect(loadsAtOnce(reader({ language: 'en' }), 'en')).toBe(false);
    expect(loadsAtOnce(reader({ remember: '' }), 'es')).toBe(false);
  });

  it('loads at once for a session, a remembered e-mail, a dismissed notice or another language', () => {
    expect(loadsAtOnce(reader({}, { smallScreenPromptDismissed: '1' }), 'es')).toBe(true);
    expect(loadsAtOnce(reader({ user: '{}' }), 'es')).toBe(true);
    expect(loadsAtOnce(reader({ remember: 'ana@example.org' }), 'es')).toBe(true);
    expect(loadsAtOnce(reader({ language: 'en' }), 'es')).toBe(true);
    expect(loadsAtOnce(reader({}), 'en')).toBe(true);
  });
});
