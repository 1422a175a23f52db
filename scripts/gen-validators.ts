// Writes shared/validation/validators/*.js (+ .d.ts): ajv's standalone code for the request body of each form of the
// SPA and every step schema, so the browser validates with the contract's own rules and no eval (docs/decisions/014).
// One module per form (and one per step screen of the application), so a screen downloads only its own forms' checks
// (docs/decisions/062-small-chunks.md); shared/validation/validators.js re-exports them all for the tests.
// `npm run gen:validators` after editing openapi.yaml; tests/unit/validators-fresh.test.ts fails when it is stale.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { readContract } from '#server/http/contract.ts';
import { screenOfStep, type StepNumber } from '#shared/application-constants.ts';

/** Where the generated files go, relative to the repository. */
export const VALIDATORS_DIR = 'shared/validation/validators';
const output = (file: string) => fileURLToPath(new URL(`../${file}`, import.meta.url));

type JsonObject = Record<string, unknown>;

/** ajv's runtime files are CommonJS with `exports.default`: Node's ESM import wraps them once more than TypeScript says. */
const cjsDefault = (imported: unknown): { toString(): string } => {
  const inner = (imported as { default?: unknown }).default;
  return (typeof imported === 'function' ? imported : inner) as { toString(): string };
};
const CONTRACT_ID = 'openapi';

/** ajv's runtime helpers the generated code calls, by the name of their file in ajv/dist/runtime/. */
const RUNTIME_HELPERS: Record<string, unknown> = { equal, ucs2length };
/** The module of VALIDATORS_DIR that holds them (no export of the contract is named so). */
const RUNTIME_MODULE = 'ajv-runtime';

/** The operations whose request body a form of the SPA checks before sending it. */
const FORM_OPERATIONS = new Set([
  'register',
  'login',
  'requestPasswordReset',
  'confirmPasswordReset',
  'changeMyPassword',
  'changeMyEmail',
  'updateMe',
  'setMySsnLast4',
  'saveMySurvey',
  'registerForEvent',
  'createDriveFolder',
  'updateDriveNode',
]);

/**
 * The response shapes the SPA reads from an answer it gets as unknown (an upload's body): each one's check is a type
 * guard of the contract's own type (`is{Schema}`), so no hand-written guard copies the contract.
 */
export const RESPONSE_SCHEMAS = ['StoredFile', 'ApplicationFile', 'DriveNode', 'HudIncomeLimitYear'] as const;

/** Annotations for people: left out of the generated code, which carries the schemas (verbose errors). */
const PROSE = new Set(['description', 'summary', 'example', 'examples', 'title']);
const withoutProse = (node: unknown): unknown =>
  Array.isArray(node)
    ? node.map(withoutProse)
    : node !== null && typeof node === 'object'
      ? Object.fromEntries(Object.entries(node).filter(([key, value]) => !(PROSE.has(key) && typeof value === 'string')).map(([key, value]) => [key, withoutProse(value)]))
      : node;

/** The exports: each step's draft and complete schema, and the request body (`{operationId}Body`) of FORM_OPERATIONS. */
export function validatorRefs(document: JsonObject): Record<string, string> {
  const refs: Record<string, string> = {};
  const schemas = ((document.components as JsonObject).schemas ?? {}) as JsonObject;
  for (const name of Object.keys(schemas).sort()) {
    if (/^ApplicationStep\d(Data|Complete|StudentComplete)$/.test(name)) refs[name] = `${CONTRACT_ID}#/components/schemas/${name}`;
  }
  for (const name of RESPONSE_SCHEMAS) refs[`is${name}`] = `${CONTRACT_ID}#/components/schemas/${name}`;
  const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, JsonObject>)) {
    for (const [method, operation] of Object.entries(item)) {
      const body = ((operation as JsonObject)?.requestBody as JsonObject | undefined)?.content as JsonObject | undefined;
      if (!body?.['application/json']) continue;
      const id = String((operation as JsonObject).operationId);
      if (!FORM_OPERATIONS.has(id)) continue;
      refs[`${id}Body`] = `${CONTRACT_ID}#/${pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema')}`;
    }
  }
  return refs;
}

/**
 * A module's name for an export: the schemas of the steps one screen shows share one (a step's complete schema uses its
 * draft's, and steps 3 to 5 share the /3 screen and most of their code), so a step screen downloads its own steps' checks.
 */
const moduleOf = (name: string): string => {
  const step = /^ApplicationStep(\d)/.exec(name)?.[1];
  return step === undefined ? name : `application-screen-${screenOfStep[Number(step) as StepNumber]}`;
};

const HEADER = '// Generated by `npm run gen:validators` from openapi.yaml (scripts/gen-validators.ts): do not edit.\n';

/** The declaration of one export: a response schema's check is a type guard of its contract type. */
const declaration = (name: string): string => {
  const schema = RESPONSE_SCHEMAS.find((candidate) => name === `is${candidate}`);
  return schema === undefined
    ? `export declare const ${name}: ContractValidator;\n`
    : `export declare const ${name}: ((value: unknown) => value is components['schemas']['${schema}']) & ContractValidator;\n`;
};

/** Every generated file (path from the repository's root: its text): one .js and .d.ts per module, and the barrel. */
export function generateValidators(document: JsonObject = readContract()): Record<string, string> {
  const ajv = new Ajv({
    // OpenAPI annotations (description, example, x-message) are not JSON Schema keywords.
    strictSchema: false,
    allowUnionTypes: true,
    // Every problem at once, with the failing schema (its x-message) and value: shared/validation/field-messages.ts.
    allErrors: true,
    verbose: true,
    // The browser validates what the person typed as it is: nothing converted, dropped or filled in.
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: false,
    code: { source: true, esm: true, formats: _`fullFormats` },
  });
  addFormats.default(ajv);
  ajv.addSchema(withoutProse({ $id: CONTRACT_ID, components: document.components, paths: document.paths }) as JsonObject);
  const refs = validatorRefs(document);
  const modules = new Map<string, Record<string, string>>();
  for (const [name, ref] of Object.entries(refs)) modules.set(moduleOf(name), { ...modules.get(moduleOf(name)), [name]: ref });
  const files: Record<string, string> = {};
  for (const [module, moduleRefs] of modules) {
    let code = standaloneCode(ajv, moduleRefs);
    // ajv's runtime helpers are CommonJS `require`s (ajv writes them so even with code.esm): each module imports them
    // from the one runtime module instead, so no chunk carries its own copy.
    const helpers = new Set<string>();
    code = code.replace(/require\("ajv\/dist\/runtime\/(\w+)"\)\.default/g, (call, helper: string) => {
      if (!(helper in RUNTIME_HELPERS)) return call;
      helpers.add(helper);
      return helper;
    });
    if (/\brequire\(/.test(code)) throw new Error(`gen-validators: a require() is left: ${/require\([^)]*\)/.exec(code)?.[0]}`);
    const formats = code.includes('fullFormats') ? "import { fullFormats } from 'ajv-formats/dist/formats.js';\n" : '';
    const runtime = helpers.size > 0 ? `import { ${[...helpers].sort().join(', ')} } from './${RUNTIME_MODULE}.js';\n` : '';
    files[`${VALIDATORS_DIR}/${module}.js`] = `// @ts-nocheck\n${HEADER}${formats}${runtime}${code.replace(/^"use strict";/, '')}\n`;
    files[`${VALIDATORS_DIR}/${module}.d.ts`] =
      HEADER +
      (Object.keys(moduleRefs).some((name) => name.startsWith('is')) ? "import type { components } from '#api/schema.d.ts';\n" : '') +
      "import type { ContractValidator } from '#shared/validation/field-messages.ts';\n\n" +
      Object.keys(moduleRefs).map(declaration).join('');
  }
  files[`${VALIDATORS_DIR}/${RUNTIME_MODULE}.js`] =
    `// @ts-nocheck\n${HEADER}// ajv's runtime helpers, once for every module of this folder (plain functions without closures).\n` +
    Object.entries(RUNTIME_HELPERS)
      .map(([name, helper]) => `export const ${name} = (${cjsDefault(helper).toString()});\n`)
      .join('');
  const barrel = [...modules.keys()].map((module) => `export * from './validators/${module}.js';\n`).join('');
  files['shared/validation/validators.js'] = `${HEADER}// Every module at once, for the tests: the SPA imports the module of its own form (./validators/{name}.js).\n${barrel}`;
  files['shared/validation/validators.d.ts'] =
    `${HEADER}export type { ContractValidator } from '#shared/validation/field-messages.ts';\n${barrel}`;
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = generateValidators();
  // A module of a form that left the contract must not stay behind.
  rmSync(output(VALIDATORS_DIR), { recursive: true, force: true });
  mkdirSync(output(VALIDATORS_DIR), { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(output(file), text);
  console.log(`wrote ${Object.keys(files).length} files: shared/validation/validators.js and ${VALIDATORS_DIR}/ (${readdirSync(output(VALIDATORS_DIR)).length})`);
}
