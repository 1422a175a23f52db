// The catalogs' parts (shared/catalog-parts.ts, built by scripts/catalogs-plugin.ts): together they hold every
// message the browser shows, compiled from the source catalogs; the server's own texts stay out; code outside the
// signed-in areas uses only ids of the public part, the one every page loads; and what each route's code runs before
// it renders uses only ids of the parts its address loads (the route table read from its code).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CATALOG_PARTS, catalogPartOf, catalogPartsFor, SHOWN_SERVER_IDS, type CatalogPart } from '#shared/catalog-parts.ts';
import { compiledCatalogPart } from '../../scripts/catalogs-plugin.ts';
import { closureOf, importGraph, lazyRoutesOf, readSource, sourcesUnder } from '../support/import-graph.ts';

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

/** The route table's lazy routes, read from its code: each one's path pattern and the modules its code is. */
const LAZY_ROUTES = lazyRoutesOf('src/app/AppRoutes.tsx');

/**
 * Each screen's module with the parts its address loads (catalogPartsFor, as the route table applies it to each lazy
 * route; a module of several routes gets the parts all of them load), and the entry with the public part: the shell
 * every screen runs. The route table is left out of the entry's code: its titles are each route's, whose code brings
 * that route's parts.
 */
const SCREEN_PARTS = new Map<string, CatalogPart[]>([['src/app/main.tsx', ['public']]]);
for (const route of LAZY_ROUTES) {
  const parts = catalogPartsFor(route.path);
  for (const module of route.modules) SCREEN_PARTS.set(module, (SCREEN_PARTS.get(module) ?? parts).filter((part) => parts.includes(part)));
}
const PUBLIC_PART_SCREENS = [...SCREEN_PARTS].filter(([, parts]) => parts.join() === 'public').map(([screen]) => screen);
const NOT_A_SCREEN = new Set(['src/app/AppRoutes.tsx', 'shared/catalog-parts.ts']);

/** The ids outside `parts` in what `screen` loads before it runs (its static value imports, followed). */
function otherPartIdsReached(
  graph: Map<string, string[]>,
  screen: string,
  parts: readonly string[],
  read: (file: string) => string,
  messages: Record<string, string>,
): string[] {
  return [...closureOf(graph, screen)]
    .filter((file) => !NOT_A_SCREEN.has(file))
    .flatMap((file) => idsIn(read(file), messages).filter((id) => !parts.includes(catalogPartOf(id))).map((id) => `${file}: ${id}`));
}

describe('catalog parts', { timeout: 60_000 }, () => {
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
    for (const light of ['/panel', '/panel/programs', '/panel/programs/my', '/panel/events', '/panel/news/4']) expect(catalogPartsFor(light), light).toEqual(['public']);
    for (const records of ['/panel/application/7/3', '/panel/programs/my/drive/2', '/panel/survey', '/profile', '/profile/second-factor']) {
      expect(catalogPartsFor(records), records).toEqual(['public', 'panel']);
    }
    expect(catalogPartsFor('/admin/dashboard')).toEqual(['public', 'panel', 'admin']);
    expect(catalogPartsFor('/administration')).toEqual(['public']);
    expect(catalogPartsFor('/profiles')).toEqual(['public']);
  });

  describe("each screen's code", () => {
    const messages = source('es');
    const files = sourcesUnder('src', 'machines', 'shared');
    const graph = importGraph(files, readSource, 'loaded');

    it("are read from the route table: the panel's lists and the public pages, not the applicant's records", () => {
      expect(LAZY_ROUTES.length).toBeGreaterThan(20);
      for (const route of LAZY_ROUTES) expect(route.modules.length, route.path).toBeGreaterThan(0);
      expect(LAZY_ROUTES).toContainEqual({ path: '/panel/programs/my/drive/:id', modules: ['src/features/drive/components/DrivePage.tsx'] });
      expect(PUBLIC_PART_SCREENS).toEqual(
        expect.arrayContaining([
          'src/app/PanelRoutes.tsx',
          'src/app/PublicRoutes.tsx',
          'src/features/programs/components/ProgramsPage.tsx',
          'src/features/programs/components/MyProgramsPage.tsx',
          'src/features/events/components/EventsPage.tsx',
          'src/features/news/components/NewsListPage.tsx',
          'src/features/news/components/NewsArticlePage.tsx',
        ]),
      );
      for (const record of ['src/app/ApplicationRoutes.tsx', 'src/features/drive/components/DrivePage.tsx', 'src/features/survey/components/SurveyPage.tsx', 'src/features/profile/components/ProfilePage.tsx']) {
        expect(PUBLIC_PART_SCREENS).not.toContain(record);
      }
    });

    it.each([...SCREEN_PARTS])('%s uses ids of its parts only: %j', (screen, parts) => {
      expect(graph.get(screen)?.length).toBeGreaterThan(0);
      expect(otherPartIdsReached(graph, screen, parts, readSource, messages)).toEqual([]);
    });

    it('finds an id of the panel part that a screen reaches through a component', () => {
      const planted = (file: string) =>
        file === 'src/features/news/components/NewsListPage.tsx'
          ? `import { ApplicantCopyButton } from '#components/application/ApplicantCopyButton';\n${readSource(file)}`
          : file === 'src/components/application/ApplicantCopyButton.tsx'
            ? readSource(file).replace('id="panel.applicantCopy.failed"', 'id="application.conflict.theirs"')
            : readSource(file);
      const plantedGraph = importGraph(files, planted, 'loaded');
      expect(otherPartIdsReached(plantedGraph, 'src/features/news/components/NewsListPage.tsx', ['public'], planted, messages)).toEqual([
        'src/components/application/ApplicantCopyButton.tsx: application.conflict.theirs',
      ]);
    });
  });
});
