// Request validation from the contract's JSON Schemas: bodies are checked as sent (a number is not a string),
// while query and path parameters, which arrive as text, are converted to the types the contract names.
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  // OpenAPI annotations (example, x-*) are not JSON Schema keywords.
  strictSchema: false,
  allowUnionTypes: true,
  // A field the contract does not name is refused (400 `api.field.notAllowed` on that field), never dropped in silence
  // nor stored (is_staff in PATCH /me): the contract's `additionalProperties: false` means what it says
  // (docs/decisions/046-account-safety.md).
  removeAdditional: false,
  useDefaults: true,
  // Every problem at once, so a form's refusal names each bad field (a step with a bad phone, postal code and SSN
  // names all three). The work stays linear in the body, which bodyLimits in server/plugins/body-limits.ts caps; the issues kept are
  // capped below, so thousands of bad items cannot swell the answer or its Error-Messages header.
  allErrors: true,
  // Errors carry their schema, so a property's `x-message` (a locale id) can name its own message.
  verbose: true,
};

function compilerFor(options: Options) {
  const ajv = new Ajv(options);
  addFormats.default(ajv);
  return ajv;
}

const strictBodies = compilerFor({ ...shared, coerceTypes: false });
const textParameters = compilerFor({ ...shared, coerceTypes: 'array' });

/** The issues of one refused request that are read into its answer: a form's worth, never a crafted body's thousands. */
export const MAX_REQUEST_ISSUES = 50;

/** `validate` with at most MAX_REQUEST_ISSUES of its issues kept. */
function fewIssues(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown, context?: never) => {
    const valid = validate(data, context);
    wrapped.errors = validate.errors ? validate.errors.slice(0, MAX_REQUEST_ISSUES) : validate.errors;
    return valid;
  }) as ValidateFunction;
  return Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/** The JSON pointer of the first number that is not finite (Infinity, -Infinity, NaN) in a value, if any. */
function nonFinitePath(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'number' && !Number.isFinite(item)) return path;
    if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) pending.push({ value: child, path: `${path}/${key}` });
    }
  }
  return undefined;
}

/**
 * Ajv converts the text `Infinity` (or `1e400`) to a number that then passes `type: integer` and `maximum`: the
 * value reached a query as Infinity. A converted value must be finite, or it fails like a wrong type.
 */
function finiteOnly(validate: ValidateFunction): ValidateFunction {
  const wrapped = ((data: unknown, context?: never) => {
    const valid = validate(data, context);
    const path = valid ? nonFinitePath(data) : undefined;
    const issue: ErrorObject | undefined =
      path === undefined ? undefined : { keyword: 'type', instancePath: path, schemaPath: '#', params: { type: 'number' } };
    wrapped.errors = issue ? [issue] : validate.errors;
    return valid && !issue;
  }) as ValidateFunction;
  return Object.assign(wrapped, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === 'body' ? fewIssues(strictBodies.compile(schema)) : fewIssues(finiteOnly(textParameters.compile(schema)));

/**
 * Whole-form checks done in a handler (a step's ApplicationStep{n}Complete on submit): every problem at once, so each
 * missing field is named, and the data left as it is (docs/decisions/014-one-set-of-rules.md).
 */
const wholeForms = compilerFor({ ...shared, removeAdditional: false, useDefaults: false, coerceTypes: false });

export const compileWholeForm = (schema: object): ValidateFunction => wholeForms.compile(schema);
