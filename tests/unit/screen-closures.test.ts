// What a screen's code loads before it runs (its static value imports, followed through): the screens that only link
// to an application load none of the application's machines, which come with the application's own screens; no
// screen loads another screen's module (a list, say, for a helper it exports), and the staff's applications list none
// of the review screen's parts (docs/decisions/066-boot-closure.md, 071-admin-screens-apart.md; `npm run bench:chunks`
// weighs each screen's chunks in a build).
import { describe, expect, it } from 'vitest';
import { closureOf, importGraph, readSource, sourcesUnder } from '../support/import-graph.ts';

/** The entry and the screens outside an application: everyone's first load, and the panel's screens. */
const SCREENS = [
  'src/app/main.tsx',
  'src/features/programs/components/ProgramsPage.tsx',
  'src/features/programs/components/MyProgramsPage.tsx',
  'src/features/drive/components/DrivePage.tsx',
  'src/features/events/components/EventsPage.tsx',
  'src/features/news/components/NewsListPage.tsx',
  'src/features/survey/components/SurveyPage.tsx',
  'src/features/profile/components/ProfilePage.tsx',
];
/** The application's workflow: its machine and the machines it invokes for each step and documents field. */
const APPLICATION_MACHINES = /^machines\/(?:application|step|autosave|documents)\/[^/]+\.machine\.ts$/;

/** The review screen's own parts: its page, panels and dialogs, and the review machine they run. */
const REVIEW_SCREEN_PARTS =
  /^(?:src\/features\/admin-applications\/components\/(?:ReviewPage|ReviewPanel|ReviewDialogs|DocumentChecklist|DuplicateFlags|NotesPanel|ScoringPanel)\.tsx|machines\/review\/review\.machine\.ts)$/;

const applicationMachinesReached = (graph: Map<string, string[]>, screen: string) =>
  [...closureOf(graph, screen)].filter((file) => APPLICATION_MACHINES.test(file)).sort();

// Reading some 330 files and resolving their imports takes seconds on a busy two-core machine.
describe('screen closures', { timeout: 60_000 }, () => {
  const files = sourcesUnder('src', 'machines', 'shared');
  const graph = importGraph(files, readSource, 'loaded');

  it.each(SCREENS)('%s loads none of the application machines', (screen) => {
    expect(graph.get(screen)?.length).toBeGreaterThan(0);
    expect(applicationMachinesReached(graph, screen)).toEqual([]);
  });

  it('the application step screen does load them (the check reads the graph)', () => {
    expect(applicationMachinesReached(graph, 'src/features/application/components/ApplicationLayout.tsx')).toContain('machines/application/application.machine.ts');
  });

  it('no screen loads another screen’s module: what two screens share is a module of its own', () => {
    const screens = files.filter((file) => /^src\/features\/[^/]+\/components\/\w+Page\.tsx$/.test(file));
    expect(screens.length).toBeGreaterThan(30);
    const loadsAnother = screens.flatMap((screen) =>
      [...closureOf(graph, screen)].filter((file) => file !== screen && screens.includes(file)).map((file) => `${screen} -> ${file}`),
    );
    expect(loadsAnother).toEqual([]);
  });

  it('the applications list loads none of the review screen’s parts (it names applications through ApplicationFacts.tsx)', () => {
    const reviewPartsOf = (screen: string) => [...closureOf(graph, screen)].filter((file) => REVIEW_SCREEN_PARTS.test(file)).sort();
    expect(reviewPartsOf('src/features/admin-applications/components/ApplicationsPage.tsx')).toEqual([]);
    // The check reads the graph: the review screen reaches them all.
    expect(reviewPartsOf('src/features/admin-applications/components/ReviewPage.tsx')).toHaveLength(8);
  });

  it('finds the machine reached through a helper, and ignores a type-only or a dynamic import of it', () => {
    const withImport = (line: string) => (file: string) =>
      file === 'src/lib/application-paths.ts' ? `${line}\n${readSource(file)}` : readSource(file);
    const reached = (line: string) =>
      applicationMachinesReached(importGraph(files, withImport(line), 'loaded'), 'src/features/programs/components/ProgramsPage.tsx');
    expect(reached(`import { toApplicationError } from '#machines/application/application.machine';`)).toContain('machines/application/application.machine.ts');
    expect(reached(`import type { ApplicationEvent } from '#machines/application/application.types';`)).toEqual([]);
    expect(reached(`import { type ApplicationEvent } from '#machines/application/application.types';`)).toEqual([]);
    expect(reached(`export const later = () => import('#machines/application/application.machine');`)).toEqual([]);
  });
});
