// Lint configuration: typescript-eslint recommended rules, the React hooks rules for the SPA, the import
// boundaries between layers and the file naming rule (docs/decisions/013-import-boundaries-and-names.md).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A forbidden import: `regex` over the specifier (aliases are package.json "imports", so a specifier names its layer). */
const forbid = (regex, message) => ({ regex, message });

const aboveItsFolder = forbid(
  '^\\.\\./',
  'Import from above this folder with a path alias (#components/…, #lib/…: package.json "imports"), not ../',
);
const anyFeature = forbid('^#features/', 'src/components, src/lib and src/api are shared: they never import a feature.');
const theApp = forbid('^#app/', 'Only src/app composes the app: shared code and features never import it.');
const srcButContract = (who) =>
  forbid(
    '^#(?!api/schema(\\.d\\.ts)?$|machines/|server/|shared/|locales/)',
    `${who} never imports src/ except the contract types (#api/schema.d.ts).`,
  );
const otherFeature = (feature) =>
  forbid(
    `^#features/(?!${feature}/)`,
    'A feature never imports another feature: move what both need to src/components or src/lib (docs/decisions/013).',
  );

/**
 * The rules for one zone: `no-restricted-imports` covers import/export declarations, `no-restricted-syntax` the
 * dynamic `import()` (its selector regex cannot hold a `/`, hence \x2F).
 */
const restrict = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map(({ regex, message }) => ({ regex, message })) }],
  'no-restricted-syntax': [
    'error',
    ...rules.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\x2F')}/]`,
      message,
    })),
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'src/api/schema.d.ts', 'shared/validation/validators.js', 'shared/validation/validators.d.ts', 'shared/validation/validators', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'as', objectLiteralTypeAssertions: 'never' }],
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },

  // Boundaries: shared code -> features -> app, one way; machines and server stay out of src/.
  { files: ['src/**', 'machines/**', 'server/**', 'bench/**'], rules: restrict(aboveItsFolder) },
  { files: ['src/components/**', 'src/lib/**', 'src/api/**'], rules: restrict(aboveItsFolder, anyFeature, theApp) },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**`],
    rules: restrict(aboveItsFolder, otherFeature(feature), theApp),
  })),
  { files: ['machines/**'], rules: restrict(aboveItsFolder, srcButContract('machines/'), forbid('^#server/', 'A machine never imports the server.')) },
  { files: ['server/**'], rules: restrict(aboveItsFolder, srcButContract('server/')) },
  // Constants every side shares (the step count, the upload limit): they depend on nothing but the contract's types.
  {
    files: ['shared/**'],
    rules: restrict(
      aboveItsFolder,
      forbid('^#(?!shared/|api/schema(\\.d\\.ts)?$)', 'shared/ imports nothing from src/, machines/ or server/ but the contract types.'),
    ),
  },

  // One naming rule: a .tsx file holds React components and is named after its main one in PascalCase; every other
  // file is kebab-case (middle extensions such as .machine.ts and .test.ts are not part of the name). The one
  // exception is the SPA's entry, src/app/main.tsx, which index.html names.
  {
    files: ['src/**', 'machines/**', 'shared/**', 'server/**', 'tests/**', 'scripts/**', 'bench/**'],
    ignores: ['src/app/main.tsx'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.tsx': 'PASCAL_CASE', '**/*.{ts,mts,mjs,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,machines,shared,server,tests,scripts,bench}/**/': 'KEBAB_CASE' }],
    },
  },
);
