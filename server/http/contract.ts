// Reads openapi.yaml once: every route's JSON Schemas (request and response) come from the contract.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const httpMethods = ['get', 'put', 'post', 'patch', 'delete'] as const;
export type HttpMethod = (typeof httpMethods)[number];

type JsonObject = Record<string, unknown>;

export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The OpenAPI path, e.g. `/applications/{id}`. */
  path: string;
  /** The same path in Fastify's syntax, e.g. `/applications/:id`. */
  routePath: string;
  /** Whether a bearer token is required (the document's default security unless the operation says `security: []`). */
  requiresAuth: boolean;
  /** Tagged `admin` in openapi.yaml: only staff may call it (403 `permission_denied` to anyone else). */
  staffOnly: boolean;
  /** `x-rate-limit` names a limit of config.rateLimits. */
  rateLimit: string | undefined;
  /** `x-fields-under: data`: field errors are named inside that body field (`owners.0.position`, not `data.owners.0.position`). */
  fieldsUnder: string | undefined;
  /** `multipart/form-data` operations validate their parts in the handler, not with a body schema. */
  multipart: boolean;
  schema: {
    body?: JsonObject;
    querystring?: JsonObject;
    params?: JsonObject;
    response: Record<string, JsonObject>;
  };
}

const contractFile = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

export function readContract(file = contractFile): JsonObject {
  return parse(readFileSync(file, 'utf8')) as JsonObject;
}

/** Replaces every local `$ref` with its target, so each route schema stands alone. */
function dereference(node: unknown, root: JsonObject, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((item) => dereference(item, root, seen));
  if (node === null || typeof node !== 'object') return node;
  const object = node as JsonObject;
  if (typeof object.$ref === 'string') {
    const ref = object.$ref;
    if (seen.includes(ref)) throw new Error(`openapi.yaml: circular $ref ${ref}`);
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((at, key) => (at as JsonObject | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
    if (target === undefined) throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
    return dereference(target, root, [...seen, ref]);
  }
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(object)) out[key] = dereference(value, root, seen);
  return out;
}

const componentSchemas = new Map<string, JsonObject>();

/**
 * One `components/schemas` entry with every `$ref` resolved, for validation the route table cannot express
 * (e.g. a step's draft, whose schema depends on a path parameter). The same object on every call.
 */
export function componentSchema(name: string): JsonObject {
  let schema = componentSchemas.get(name);
  if (!schema) {
    const document = readContract();
    const source = ((document.components as JsonObject | undefined)?.schemas as JsonObject | undefined)?.[name];
    if (!source) throw new Error(`openapi.yaml has no components/schemas/${name}`);
    schema = dereference(source, document) as JsonObject;
    componentSchemas.set(name, schema);
  }
  return schema;
}

/** Every operation of the contract with the schemas Fastify needs. */
export function contractOperations(document: JsonObject = readContract()): ContractOperation[] {
  const resolved = dereference(document, document) as JsonObject;
  const paths = (resolved.paths ?? {}) as Record<string, JsonObject>;
  const defaultSecurity = resolved.security as unknown[] | undefined;
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    // The tus protocol's routes (resumable uploads) are documented here but speak tus, not JSON: their own plugin
    // (server/plugins/resumable-uploads.ts) registers and checks them.
    if (item['x-protocol'] === 'tus') continue;
    const sharedParameters = (item.parameters ?? []) as JsonObject[];
    for (const method of httpMethods) {
      const operation = item[method] as JsonObject | undefined;
      if (!operation) continue;
      const parameters = [...sharedParameters, ...((operation.parameters ?? []) as JsonObject[])];
      const group = (where: string): JsonObject | undefined => {
        const list = parameters.filter((p) => p.in === where);
        if (list.length === 0) return undefined;
        return {
          type: 'object',
          properties: Object.fromEntries(list.map((p) => [p.name, p.schema ?? {}])),
          required: list.filter((p) => p.required || where === 'path').map((p) => p.name),
        };
      };
      const content = ((operation.requestBody as JsonObject | undefined)?.content ?? {}) as Record<string, JsonObject>;
      const response: Record<string, JsonObject> = {};
      for (const [status, answer] of Object.entries((operation.responses ?? {}) as Record<string, JsonObject>)) {
        const schema = ((answer.content as Record<string, JsonObject> | undefined)?.['application/json'])?.schema;
        // Only success bodies are serialized from the contract; error bodies are shaped by the error handler.
        if (schema && status.startsWith('2')) response[status] = schema as JsonObject;
      }
      const security = (operation.security as unknown[] | undefined) ?? defaultSecurity ?? [];
      operations.push({
        operationId: String(operation.operationId),
        method,
        path,
        routePath: path.replace(/\{([^}]+)\}/g, ':$1'),
        requiresAuth: security.length > 0,
        staffOnly: Array.isArray(operation.tags) && operation.tags.includes('admin'),
        rateLimit: typeof operation['x-rate-limit'] === 'string' ? operation['x-rate-limit'] : undefined,
        fieldsUnder: typeof operation['x-fields-under'] === 'string' ? operation['x-fields-under'] : undefined,
        multipart: 'multipart/form-data' in content,
        schema: {
          ...(content['application/json']?.schema ? { body: content['application/json'].schema as JsonObject } : {}),
          ...(group('query') ? { querystring: group('query') } : {}),
          ...(group('path') ? { params: group('path') } : {}),
          response,
        },
      });
    }
  }
  return operations;
}
