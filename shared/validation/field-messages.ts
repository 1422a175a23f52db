// The one reading of JSON Schema errors, for the server and the browser alike: each failing field gets message ids
// (locales/*.json) with their values, never formatted text, so a screen can show them in the language in force
// (docs/decisions/014-one-set-of-rules.md).

/** A message id from locales/*.json and the values of its ICU placeholders. */
export interface MessageRef {
  id: string;
  values?: Record<string, string | number>;
}

/** Message ids per field path (`owners.0.position`, or `non_field_errors` for the whole form). */
export type FieldMessages = Record<string, MessageRef[]>;

/** The part of an ajv error this reading needs (ajv's `verbose` option adds `parentSchema` and `data`). */
export interface SchemaIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
  data?: unknown;
}

export const REQUIRED = 'api.field.required';
export const INVALID = 'api.field.invalid';
/** 'Check that all data have been entered.' (docs/product.md section 5): the form-wide message of an incomplete step. */
export const INCOMPLETE = 'api.application.incomplete';

type SchemaObject = Record<string, unknown>;

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const stringOf = (schema: unknown, key: string): string | undefined => {
  const value = isObject(schema) ? schema[key] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** A value that says nothing was given: absent, null, blank text or an empty list. It fails as "required". */
const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

/** The keywords a value's own message (`x-message`) stands for: what it is, not how much of it. */
const ownMessageKeywords = new Set(['type', 'pattern', 'format', 'enum', 'const', 'anyOf', 'oneOf', 'not', 'contains']);

/** Dotted field path of a JSON pointer (`/owners/0/position` -> `owners.0.position`). */
const fieldOf = (instancePath: string, extra?: string): string => {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined && extra !== '') parts.push(extra);
  return parts.join('.') || 'non_field_errors';
};

function messageOf(issue: SchemaIssue): { field: string; message: MessageRef } | null {
  const schema = issue.parentSchema;
  const limit = Number(issue.params.limit);
  const requiredOf = (propertySchema: unknown): MessageRef => ({ id: stringOf(propertySchema, 'x-message-required') ?? REQUIRED });
  switch (issue.keyword) {
    case 'required': {
      const missing = String(issue.params.missingProperty ?? '');
      const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
      return { field: fieldOf(issue.instancePath, missing), message: requiredOf(properties[missing]) };
    }
    case 'additionalProperties':
      return { field: fieldOf(issue.instancePath, String(issue.params.additionalProperty ?? '')), message: { id: 'api.field.notAllowed' } };
    // `if` only says which of `then`/`else` failed; their own errors name the fields.
    case 'if':
      return null;
  }
  const field = fieldOf(issue.instancePath);
  // Nothing given where something is needed reads as "required", whatever rule the empty value broke.
  if (isEmpty(issue.data) && ['type', 'pattern', 'format', 'enum', 'const', 'minLength', 'minItems', 'anyOf'].includes(issue.keyword)) {
    return { field, message: requiredOf(schema) };
  }
  const own = stringOf(schema, 'x-message');
  if (own !== undefined && ownMessageKeywords.has(issue.keyword)) return { field, message: { id: own } };
  switch (issue.keyword) {
    case 'maxLength':
      return { field, message: { id: 'api.field.maxLength', values: { limit } } };
    case 'maxItems':
      return { field, message: { id: 'api.field.maxItems', values: { limit } } };
    case 'minLength':
      return { field, message: limit === 1 ? requiredOf(schema) : { id: 'api.field.minLength', values: { limit } } };
    case 'minItems':
      return { field, message: limit === 1 ? requiredOf(schema) : { id: 'api.field.minItems', values: { limit } } };
    case 'minimum':
    case 'exclusiveMinimum':
      return { field, message: { id: 'api.field.minimum', values: { limit: issue.keyword === 'minimum' ? limit : limit + 1 } } };
    case 'maximum':
    case 'exclusiveMaximum':
      return { field, message: { id: 'api.field.maximum', values: { limit: issue.keyword === 'maximum' ? limit : limit - 1 } } };
    case 'type': {
      const types = ([] as unknown[]).concat(issue.params.type);
      if (types.includes('integer')) return { field, message: { id: 'api.field.wholeNumber' } };
      if (types.includes('number')) return { field, message: { id: 'api.field.number' } };
      return { field, message: { id: INVALID } };
    }
    case 'format':
      return { field, message: { id: issue.params.format === 'email' ? 'api.field.email' : INVALID } };
    case 'enum':
      return { field, message: { id: 'api.field.choice' } };
    default:
      return { field, message: { id: INVALID } };
  }
}

const sameMessage = (a: MessageRef, b: MessageRef): boolean => a.id === b.id && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

/**
 * Turns a validator's errors into message ids per field. An `anyOf`/`oneOf` whose schema names its own message
 * (`x-message`) speaks for its branches (their errors are dropped); "Enter a valid value." gives way to any more
 * precise message of the same field.
 */
export function toFieldMessages(issues: readonly SchemaIssue[] | null | undefined): FieldMessages {
  const list = issues ?? [];
  const speaking = list.filter(
    (issue) => ['anyOf', 'oneOf'].includes(issue.keyword) && stringOf(issue.parentSchema, 'x-message') !== undefined,
  );
  const fields: FieldMessages = {};
  for (const issue of list) {
    const within = (outer: SchemaIssue) => issue.instancePath === outer.instancePath || issue.instancePath.startsWith(`${outer.instancePath}/`);
    if (speaking.some((outer) => outer !== issue && within(outer))) {
      continue;
    }
    const found = messageOf(issue);
    if (found === null) continue;
    const messages = (fields[found.field] ??= []);
    if (messages.some((message) => sameMessage(message, found.message))) continue;
    if (found.message.id === INVALID && messages.length > 0) continue;
    if (messages.length === 1 && messages[0]?.id === INVALID) messages.length = 0;
    // A missing value needs no second word on how it is wrong.
    if (messages.some((message) => message.id === found.message.id)) continue;
    messages.push(found.message);
  }
  return fields;
}

/** The answer to an incomplete step or form: each field's messages, and 'Check that all data have been entered.'. */
export function incompleteMessages(fields: FieldMessages): FieldMessages {
  return { non_field_errors: [{ id: INCOMPLETE }], ...fields };
}
