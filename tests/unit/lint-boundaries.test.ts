// The lint configuration keeps the import boundaries and the naming rule: planted imports that cross a boundary
// are reported, the allowed ones are not (docs/decisions/013-import-boundaries-and-names.md).
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}eslint.config.js` });

/** The rule ids ESLint reports for `code` as if it were the file `filePath` of the repository. */
async function reported(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// The first check loads ESLint with the whole config and its type information: seconds on a busy two-core machine.
describe('import boundaries', { timeout: 60_000 }, () => {
  it.each([
    ['a feature imports another feature', 'src/features/survey/components/Planted.tsx', `import { applicationPaths } from '#features/application/draft';`],
    ['a feature imports another feature lazily', 'src/features/survey/components/Planted.tsx', `export const page = () => import('#features/programs/components/ProgramsPage');`],
    ['a feature imports the app', 'src/features/survey/components/Planted.tsx', `import { appRoutes } from '#app/AppRoutes';`],
    ['src/components imports a feature', 'src/components/ui/Planted.tsx', `import { SurveyForm } from '#features/survey/components/SurveyForm';`],
    ['src/lib imports a feature', 'src/lib/planted.ts', `import { STEP_NUMBERS } from '#features/application/draft';`],
    ['machines/ imports src/', 'machines/step/planted.ts', `import { api } from '#api/client';`],
    ['machines/ imports src/ with a relative path', 'machines/step/planted.ts', `import { paths } from '../../src/lib/paths';`],
    ['server/ imports src/', 'server/http/planted.ts', `import { paths } from '#lib/paths';`],
    ['server/ imports src/ with a relative path', 'server/http/planted.ts', `import type { components } from '../../src/api/schema.d.ts';`],
    ['shared/ imports the machines', 'shared/planted.ts', `import { firstIncompleteStep } from '#machines/application/application.machine';`],
    ['shared/ imports the server', 'shared/planted.ts', `import { bodyLimits } from '#server/plugins/body-limits.ts';`],
    ['a relative import leaves its folder', 'src/features/survey/components/Planted.tsx', `import { surveyFields } from '../fields';`],
  ])('reports %s', async (_what, filePath, code) => {
    const rules = await reported(`${code}\nexport {};\n`, filePath);
    expect(rules.filter((rule) => rule === 'no-restricted-imports' || rule === 'no-restricted-syntax')).toHaveLength(1);
  });

  it.each([
    ['machines/ imports the contract types', 'machines/step/planted.ts', `import type { components } from '#api/schema.d.ts';\nexport type Step = components['schemas']['StepStatus'];`],
    ['server/ imports the contract types', 'server/http/planted.ts', `import type { operations } from '#api/schema.d.ts';\nexport type Ops = operations;`],
    ['machines/ and server/ import the shared constants', 'server/http/planted.ts', `import { STEP_COUNT } from '#shared/application-constants.ts';\nexport const steps = STEP_COUNT;`],
    ['a feature imports its own files and shared code', 'src/features/survey/components/Planted.tsx', `import { surveyFields } from '#features/survey/fields';\nimport { Field } from '#components/ui/Field';\nimport { paths } from '#lib/paths';\nimport { Other } from './Other';\nexport const all = [surveyFields, Field, paths, Other];`],
    ['the app imports features', 'src/app/Planted.tsx', `import { HomePage } from '#features/home/components/HomePage';\nexport const page = () => import('#features/survey/components/SurveyPage');\nexport { HomePage };`],
  ])('allows %s', async (_what, filePath, code) => {
    expect(await reported(code, filePath)).toEqual([]);
  });
});

describe('file names', { timeout: 60_000 }, () => {
  it.each([
    ['a hook in camelCase', 'src/features/survey/hooks/useSurvey.ts'],
    ['a component file in kebab-case', 'src/components/ui/text-field.tsx'],
    ['a module in PascalCase', 'server/http/ErrorCodes.ts'],
  ])('reports %s', async (_what, filePath) => {
    expect(await reported('export const planted = 1;\n', filePath)).toContain('check-file/filename-naming-convention');
  });

  it.each([
    ['a component named after itself', 'src/components/ui/TextField.tsx'],
    ['a kebab-case hook', 'src/features/survey/hooks/use-survey.ts'],
    ['a machine file with its middle extension', 'machines/step/step.machine.ts'],
    ['a test file', 'tests/unit/lint-boundaries.test.ts'],
  ])('allows %s', async (_what, filePath) => {
    expect(await reported('export const planted = 1;\n', filePath)).toEqual([]);
  });
});
