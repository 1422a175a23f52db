// The session's page actors (src/actors/page-actors.ts) get each kind's machine from the module that opens it: every
// module that opens a kind (`usePageActor('kind', ...)`) must load a registration of that kind (`providePageActor`)
// before it runs, or its screen fails the first time it opens one; and the admin layout loads none of the staff
// machines, so an admin screen loads the ones it opens and no other's (docs/decisions/059-page-actors-in-the-session.md).
import { describe, expect, it } from 'vitest';
import { PAGE_LIFETIMES, type PageKind } from '#machines/session/session.pages.ts';
import { closureOf, importGraph, readSource, sourcesUnder } from '../support/import-graph.ts';

const KINDS = Object.keys(PAGE_LIFETIMES) as PageKind[];
const calls = (name: string, text: string): PageKind[] =>
  [...text.matchAll(new RegExp(`\\b${name}\\(\\s*'(\\w+)'`, 'g'))].map((match) => match[1] as PageKind).filter((kind) => KINDS.includes(kind));

// Reading some 330 files and resolving their imports takes seconds on a busy two-core machine.
describe('page actors registered by their openers', { timeout: 60_000 }, () => {
  const files = sourcesUnder('src', 'machines', 'shared');
  const graph = importGraph(files, readSource, 'loaded');
  const registrations = (file: string, text: (file: string) => string = readSource) =>
    new Set([...closureOf(graph, file)].flatMap((reached) => calls('providePageActor', text(reached))));
  const openers = files.flatMap((file) => calls('usePageActor', readSource(file)).map((kind) => ({ file, kind })));

  it('every kind is opened somewhere, and every module that opens a kind loads its registration', () => {
    expect([...new Set(openers.map(({ kind }) => kind))].sort()).toEqual([...KINDS].sort());
    const unregistered = openers.filter(({ file, kind }) => !registrations(file).has(kind)).map(({ file, kind }) => `${file}: ${kind}`);
    expect(unregistered).toEqual([]);
  });

  it('finds an opener whose registration is gone (the check reads the code)', () => {
    const without = (file: string) => readSource(file).replace("providePageActor('review',", "void ('review',");
    const opener = 'src/features/admin-applications/components/ReviewPage.tsx';
    expect(registrations(opener).has('review')).toBe(true);
    expect(registrations(opener, without).has('review')).toBe(false);
  });

  it('the entry and the admin layout load none of the staff screens’ machines: each admin screen brings its own', () => {
    const staffMachines = /^machines\/(?:review|admin-action|bulk-review)\/[\w-]+\.machine\.ts$/;
    for (const layout of ['src/app/main.tsx', 'src/app/AdminRoutes.tsx']) {
      expect([...closureOf(graph, layout)].filter((file) => staffMachines.test(file)), layout).toEqual([]);
    }
    // The check reads the graph: the review screen loads the review machine.
    expect([...closureOf(graph, 'src/features/admin-applications/components/ReviewPage.tsx')]).toContain('machines/review/review.machine.ts');
  });
});
