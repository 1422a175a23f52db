// Request validation from the contract's JSON Schemas: bodies are checked as sent (a number is not a string),
// while query and path parameters, which arrive as text, are converted to the types the contract names.
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

const shared: Options = {
  // OpenAPI annotations (example, x-*) are not JSON Schema keywords.
  strictSchema: false,
  allowUnionTypes: true,
  // Unknown fields are dropped, never stored (for example is_staff in PATCH /me).
  removeAdditional: true,
  useDefaults: true,
  // One error at a time: allErrors lets a crafted body make validation slow.
  allErrors: false,
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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? strictBodies : textParameters).compile(schema);
