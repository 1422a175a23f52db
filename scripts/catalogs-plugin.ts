// Vite plugin: `virtual:catalog-{locale}-{part}` is the part of locales/{locale}.json that shared/catalog-parts.ts
// assigns to `part`, with each message compiled ahead of time to react-intl's AST (what `formatjs compile --ast`
// writes), so the browser needs no ICU parser (docs/decisions/062-small-chunks.md). The source catalogs stay whole.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
import { CATALOG_PARTS, catalogPartOf, type CatalogPart } from '../shared/catalog-parts.ts';
import { LANGUAGE_VALUES } from '../shared/contract-enums.ts';

const PREFIX = 'virtual:catalog-';
// `\0` keeps other plugins off the id; Rollup names the chunk after it, as _catalog-es-public (scripts/prerender.ts).
const RESOLVED = '\0catalog-';

/** The compiled messages of one part of one language's catalog. */
export function compiledCatalogPart(locale: string, part: CatalogPart, file = catalogFile(locale)): Record<string, unknown> {
  const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  return Object.fromEntries(Object.entries(source).filter(([id]) => catalogPartOf(id) === part).map(([id, message]) => [id, parse(message)]));
}

const catalogFile = (locale: string): string => fileURLToPath(new URL(`../locales/${locale}.json`, import.meta.url));

export function catalogsPlugin(): Plugin {
  return {
    name: 'catalogs',
    // The browser's build gets the parser-less build of react-intl's parser: every message arrives compiled. The dev
    // server, the tests and the prerender (Node) keep the parser, which reads compiled messages as well.
    config(_, { command, isSsrBuild }) {
      if (command !== 'build' || isSsrBuild) return undefined;
      return { resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }] } };
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `${RESOLVED}${id.slice(PREFIX.length)}` : undefined;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const [locale, part] = id.slice(RESOLVED.length).split('-');
      if (!LANGUAGE_VALUES.some((known) => known === locale) || !CATALOG_PARTS.some((known) => known === part)) {
        throw new Error(`catalogs: no catalog part ${id.slice(1)}`);
      }
      const file = catalogFile(String(locale));
      this.addWatchFile(file);
      // A JSON string is parsed faster than the same object as a JavaScript literal.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compiledCatalogPart(String(locale), part as CatalogPart, file)))});\n`;
    },
  };
}
