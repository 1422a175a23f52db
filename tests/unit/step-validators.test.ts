// The step screens' validators arrive per screen (shared/validation/step-validators.ts): the application's code carries
// none of them, a check before its screen's module arrived says so instead of passing the draft, and each screen's
// module holds the validators of exactly its steps (docs/decisions/062-small-chunks.md).
import { describe, expect, it } from 'vitest';
import { screenOfStep, STEP_NUMBERS, type StepNumber } from '#shared/application-constants.ts';
import { checkStepComplete, checkStepDraft } from '#shared/validation/step-checks.ts';
import { loadStepValidators } from '#shared/validation/step-validators.ts';
import { closureOf, importGraph, readSource, sourcesUnder } from '../support/import-graph.ts';

const SCREEN_MODULE = /^shared\/validation\/validators\/application-screen-(\d)\.d\.ts$/;

// Reading some 330 files and resolving their imports takes seconds on a busy two-core machine.
describe('the step screens’ validators', { timeout: 60_000 }, () => {
  it('are said missing when a step is checked before its screen’s module arrived, then check that screen’s steps only', async () => {
    // A copy of the loader of its own (the query makes it another module): the unit project's workers share modules
    // between files (vite.config.ts), and another file may have loaded every screen already.
    const copy = '#shared/validation/step-validators.ts?before-any-screen';
    const fresh = (await import(/* @vite-ignore */ copy)) as typeof import('#shared/validation/step-validators.ts');
    expect(() => fresh.stepValidator(3, 'ApplicationStep3Data')).toThrow('ApplicationStep3Data is not loaded: await loadStepValidators(3) before checking step 3');
    await fresh.loadStepValidators(4);
    // Step 4's screen is /3: steps 3, 4 and 5 can be checked now, step 1 and step 6 not yet.
    for (const step of [3, 4, 5] as const) expect(fresh.stepValidator(step, `ApplicationStep${step}Data`)({}), `step ${step}`).toBe(true);
    expect(fresh.stepValidator(5, 'ApplicationStep5StudentComplete')({})).toBe(false);
    expect(() => fresh.stepValidator(1, 'ApplicationStep1Data')).toThrow('ApplicationStep1Data is not loaded');
    expect(() => fresh.stepValidator(6, 'ApplicationStep6Complete')).toThrow('ApplicationStep6Complete is not loaded');
  });

  it('check every step once loaded, through the step checks', async () => {
    await Promise.all(STEP_NUMBERS.map((step) => loadStepValidators(step)));
    for (const step of STEP_NUMBERS) expect(checkStepDraft(step, {}), `step ${step}`).toEqual({});
    expect(checkStepDraft(5, { similar_program: 'yes' })).toEqual({ similar_program: [{ id: 'api.field.invalid' }] });
    expect(checkStepComplete(5, {}, { student: true })).not.toBeNull();
  });

  it('are one generated module per step screen, holding exactly that screen’s steps', async () => {
    const names = async (screen: number) => Object.keys(await import(`#shared/validation/validators/application-screen-${screen}.js`)).sort();
    const expected = (screen: number) =>
      STEP_NUMBERS.filter((step) => screenOfStep[step] === screen)
        .flatMap((step: StepNumber) => [`ApplicationStep${step}Complete`, `ApplicationStep${step}Data`, ...(step === 5 ? ['ApplicationStep5StudentComplete'] : [])])
        .sort();
    for (const screen of new Set(Object.values(screenOfStep))) expect(await names(screen), `screen ${screen}`).toEqual(expected(screen));
  });

  it('come with no screen’s code: the application’s and the entry reach none, the loader reaches every one', () => {
    const files = sourcesUnder('src', 'machines', 'shared');
    const loaded = importGraph(files, readSource, 'loaded');
    for (const code of ['src/app/main.tsx', 'src/app/ApplicationRoutes.tsx']) {
      expect([...closureOf(loaded, code)].filter((file) => SCREEN_MODULE.test(file)), code).toEqual([]);
    }
    const any = importGraph(files, readSource, 'all');
    const screens = (any.get('shared/validation/step-validators.ts') ?? []).map((file) => SCREEN_MODULE.exec(file)?.[1]).filter(Boolean);
    expect(screens.sort()).toEqual([...new Set(Object.values(screenOfStep))].map(String).sort());
  });
});
