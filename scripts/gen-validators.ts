// Writes shared/validation/validators.js (+ .d.ts): ajv's standalone code for every request body of openapi.yaml and
// every step schema, so the browser validates with the contract's own rules and no eval (docs/decisions/014).
// `npm run gen:validators` after editing openapi.yaml; tests/unit/validators-fresh.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, _ } from 'ajv';
import addFormats from 'ajv-formats';
import standaloneCode from 'ajv/dist/standalone/index.js';
import equal from 'ajv/dist/runtime/equal.js';
import ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { readContract } from '#server/http/contract.ts';

const output = (ext: string) => fileURLToPath(new URL(`../shared/validation/validators.${ext}`, import.meta.url));

type JsonObject = Record<string, unknown>;

/** ajv's runtime files are CommonJS with `exports.default`: Node's ESM import wraps them once more than TypeScript says. */
const cjsDefault = (imported: unknown): { toString(): string } => {
  const inner = (imported as { default?: unknown }).default;
  return (typeof imported === 'function' ? imported : inner) as { toString(): string };
};
const CONTRACT_ID = 'openapi';

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

export function generateValidators(document: JsonObject = readContract()): { js: string; dts: string } {
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
  let code = standaloneCode(ajv, refs);
  // ajv's runtime helpers are CommonJS `require`s: inline them (plain functions without closures).
  code = code
    .replaceAll('require("ajv/dist/runtime/equal").default', `(${cjsDefault(equal).toString()})`)
    .replaceAll('require("ajv/dist/runtime/ucs2length").default', `(${cjsDefault(ucs2length).toString()})`);
  if (/\brequire\(/.test(code)) throw new Error(`gen-validators: a require() is left: ${/require\([^)]*\)/.exec(code)?.[0]}`);
  const js =
    '// @ts-nocheck\n// Generated by `npm run gen:validators` from openapi.yaml (scripts/gen-validators.ts): do not edit.\n' +
    "import { fullFormats } from 'ajv-formats/dist/formats.js';\n" +
    code.replace(/^"use strict";/, '') +
    '\n';
  const dts =
    '// Generated by `npm run gen:validators` from openapi.yaml (scripts/gen-validators.ts): do not edit.\n' +
    "import type { components } from '#api/schema.d.ts';\n" +
    "import type { ContractValidator } from '#shared/validation/field-messages.ts';\n\n" +
    'export type { ContractValidator };\n\n' +
    Object.keys(refs)
      .map((name) => {
        const schema = RESPONSE_SCHEMAS.find((candidate) => name === `is${candidate}`);
        return schema === undefined
          ? `export declare const ${name}: ContractValidator;\n`
          : `export declare const ${name}: ((value: unknown) => value is components['schemas']['${schema}']) & ContractValidator;\n`;
      })
      .join('');
  return { js, dts };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { js, dts } = generateValidators();
  writeFileSync(output('js'), js);
  writeFileSync(output('d.ts'), dts);
  console.log('wrote shared/validation/validators.js and validators.d.ts');
}
