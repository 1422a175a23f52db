// The catalogs' parts (shared/catalog-parts.ts, built by scripts/catalogs-plugin.ts): together they hold every
// message the browser shows, compiled from the source catalogs; the server's own texts stay out;
// and code outside the signed-in areas uses only ids of the public part, the one every page loads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CATALOG_PARTS, catalogPartOf, catalogPartsFor, SHOWN_SERVER_IDS } from '#shared/catalog-parts.ts';
import { compiledCatalogPart } from '../../scripts/catalogs-plugin.ts';

const source = (locale: string) => JSON.parse(readFileSync(`locales/${locale}.json`, 'utf8')) as Record<string, string>;

/** Code that only signed-in screens load, with the panel and admin parts: the rest must use the public part only. */
const SIGNED_IN_AREAS = [
  /^src\/features\/(admin-[\w-]+|application|drive|survey|profile)\//,
  /^src\/components\/(admin|application|drive|survey|person|session|upload)\//,
  /^src\/actors\/(review|admin-action|documents|drive|application[\w-]*)\.ts$/,
  /^src\/app\/(AdminRoutes|ApplicationRoutes|AppRoutes)\.tsx$/,
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The catalog ids written whole in a file's code. */
const idsIn = (text: string, known: Record<string, string>): string[] =>
  [...text.matchAll(/['"`]([a-zA-Z][\w-]*(?:\.[\w-]+)+)['"`]/g)].map((match) => match[1] ?? '').filter((id) => id in known);

describe('catalog parts', { timeout: 30_000 }, () => {
  for (const locale of ['es', 'en']) {
    it(`${locale}: the parts hold every message but the server's, compiled`, () => {
      const messages = source(locale);
      const compiled = Object.assign({}, ...CATALOG_PARTS.map((part) => compiledCatalogPart(locale, part))) as Record<string, unknown>;
      const shown = Object.keys(messages).filter((id) => catalogPartOf(id) !== 'server');
      expect(Object.keys(compiled).sort()).toEqual(shown.sort());
      for (const id of shown) expect(compiled[id], id).toEqual(parse(messages[id] ?? ''));
      // A compiled message formats as its source does.
      const plain = shown.find((id) => !/[{<]/.test(messages[id] ?? '')) ?? '';
      const intl = createIntl({ locale, messages: { [plain]: compiled[plain] as MessageFormatElement[] } });
      expect(intl.formatMessage({ id: plain })).toBe(messages[plain]);
    });
  }

  it('no e-mail or PDF text reaches the browser but the ones a screen shows', () => {
    const messages = source('es');
    expect(Object.keys(messages).filter((id) => id.startsWith('email.')).every((id) => catalogPartOf(id) === 'server')).toBe(true);
    const code = [...files('src'), ...files('machines'), ...files('shared')].map((file) => readFileSync(file, 'utf8')).join('\n');
    const serverIdsInCode = idsIn(code, messages).filter((id) => /^(email|pdf)\./.test(id));
    expect(new Set(serverIdsInCode)).toEqual(SHOWN_SERVER_IDS);
  });

  it('code outside the signed-in areas uses ids of the public part only', () => {
    const messages = source('es');
    const outside = files('src').filter((file) => !SIGNED_IN_AREAS.some((area) => area.test(file)));
    const misplaced = outside.flatMap((file) => idsIn(readFileSync(file, 'utf8'), messages).filter((id) => catalogPartOf(id) !== 'public').map((id) => `${file}: ${id}`));
    expect(misplaced).toEqual([]);
  });

  it('an address loads the parts of its area', () => {
    expect(catalogPartsFor('/')).toEqual(['public']);
    expect(catalogPartsFor('/panel/programs')).toEqual(['public', 'panel']);
    expect(catalogPartsFor('/profile/second-factor')).toEqual(['public', 'panel']);
    expect(catalogPartsFor('/admin/dashboard')).toEqual(['public', 'panel', 'admin']);
    expect(catalogPartsFor('/administration')).toEqual(['public']);
  });
});
