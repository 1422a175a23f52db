// Request generator of the bad-input suite (tests/server/fuzz.test.ts): for an operation of openapi.yaml, a request
// built from its schemas, then broken one way (a mutation), driven by a seeded random source so a failure replays.
import type { ContractOperation } from '#server/http/contract.ts';
import { multipart, samplePdf } from './applicants.ts';
import { seededRandom, type Random } from './seeded-random.ts';

export { seededRandom, type Random };

type Schema = Record<string, unknown>;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** Strings that broke servers somewhere: injections, traversal, templates, control and unusual Unicode characters. */
export const HOSTILE_STRINGS: readonly string[] = [
  "' OR '1'='1' --",
  "'; drop table users; --",
  '"><script>alert(1)</script>',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'a\u0000b',
  '\u0000',
  'a\ud800b',
  '\u202eevil\u202c',
  'Z\u0351\u0353\u0354\u0355 combining',
  '👩🏽‍🌾🇵🇷',
  '\r\n\r\nHTTP/1.1 200 OK',
  '%00%2e%2e%2f',
  '=cmd|" /C calc"!A0',
  ' ',
  '',
  'ñ'.repeat(5000),
  'x'.repeat(100_000),
  'NaN',
  'null',
  'true',
  '-1',
  '1e400',
  '0x1F',
  '__proto__',
];

/** Path parameter values that are not ids: each must be a 4xx (400 or 404), never a database error. */
export const HOSTILE_IDS: readonly string[] = [
  '0',
  '-1',
  'abc',
  '1.5',
  '1e3',
  '99999999999999999999',
  '2147483648',
  '%00',
  '%27%20or%201%3D1',
  'null',
  'undefined',
  '%E2%80%AE',
  'x'.repeat(2000),
];

/** A value the schema accepts (its example, enum, default, or the smallest of its type), varied by `random`. */
export function validValue(schema: Schema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return 'text';
  if ('const' in schema) return schema.const;
  if ('example' in schema && random() < 0.7) return schema.example;
  if (Array.isArray(schema.enum)) return pick(random, schema.enum);
  if ('default' in schema && random() < 0.5) return schema.default;
  if (Array.isArray(schema.allOf)) {
    return Object.assign({}, ...(schema.allOf as Schema[]).map((part) => validValue(part, random, depth + 1) as object));
  }
  const branches = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (branches) return validValue(pick(random, branches), random, depth + 1);
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== 'null') ?? types[0];
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const names = Object.keys(properties).filter((name) => required.has(name) || random() < 0.5);
      for (const name of required) if (!names.includes(name)) names.push(name);
      return Object.fromEntries(names.map((name) => [name, validValue(properties[name], random, depth + 1)]));
    }
    case 'array': {
      const length = Math.max(Number(schema.minItems ?? 0), random() < 0.5 ? 1 : 0);
      return Array.from({ length: Math.min(length, Number(schema.maxItems ?? length)) }, () =>
        validValue(schema.items as Schema, random, depth + 1),
      );
    }
    case 'integer':
      return Number(schema.minimum ?? 1);
    case 'number':
      return Number(schema.minimum ?? 1);
    case 'boolean':
      return random() < 0.5;
    case 'string': {
      if (schema.format === 'email') return `fuzz${Math.floor(random() * 1e6)}@example.com`;
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00Z';
      if (schema.format === 'uri') return 'https://example.com';
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    }
    default:
      return null;
  }
}

/** A value of the wrong type for `schema`: a string for a number, an object for a string, and so on. */
function wrongTypeValue(schema: Schema | undefined, random: Random): unknown {
  const type = Array.isArray(schema?.type) ? (schema?.type as string[])[0] : schema?.type;
  const candidates: unknown[] = [
    type === 'string' ? 12 : 'twelve',
    type === 'object' ? ['an', 'array'] : { nested: { object: true } },
    type === 'array' ? { not: 'an array' } : [1, 'two', null],
    type === 'boolean' ? 'yes' : true,
    type === 'integer' || type === 'number' ? pick(random, [1.5, -1, 1e308, '1', Number.MAX_SAFE_INTEGER + 2]) : 0,
    null,
  ];
  return pick(random, candidates);
}

/** A mutation of a JSON body: what it does, and the body text (and content type) it produces. */
interface BodyMutation {
  name: string;
  apply(body: unknown, schema: Schema | undefined, random: Random): { text: string; contentType?: string };
}

const json = (value: unknown) => ({ text: JSON.stringify(value) });
const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const propertyNames = (schema: Schema | undefined): string[] => Object.keys((schema?.properties ?? {}) as object);
const propertySchema = (schema: Schema | undefined, name: string): Schema | undefined =>
  ((schema?.properties ?? {}) as Record<string, Schema>)[name];

/** Sets one field (a property of the body, or of the draft under `data` when there is one) to `value`. */
function withField(body: unknown, schema: Schema | undefined, random: Random, value: (field: Schema | undefined) => unknown) {
  if (!isObject(body)) return body;
  const names = propertyNames(schema);
  if (names.length === 0) return { ...body, [pick(random, ['name', 'id', 'data'])]: value(undefined) };
  const name = pick(random, names);
  return { ...body, [name]: value(propertySchema(schema, name)) };
}

export const BODY_MUTATIONS: readonly BodyMutation[] = [
  {
    name: 'a required field missing',
    apply: (body, schema) => {
      if (!isObject(body)) return json(body);
      const required = (schema?.required ?? []) as string[];
      const copy = { ...body };
      delete copy[required[0] ?? Object.keys(copy)[0] ?? 'none'];
      return json(copy);
    },
  },
  { name: 'a field of the wrong type', apply: (body, schema, random) => json(withField(body, schema, random, (f) => wrongTypeValue(f, random))) },
  { name: 'a field set to null', apply: (body, schema, random) => json(withField(body, schema, random, () => null)) },
  { name: 'a hostile string in a field', apply: (body, schema, random) => json(withField(body, schema, random, () => pick(random, HOSTILE_STRINGS))) },
  {
    name: 'every string field hostile',
    apply: (body, _schema, random) => {
      const walk = (value: unknown): unknown =>
        typeof value === 'string'
          ? pick(random, HOSTILE_STRINGS)
          : Array.isArray(value)
            ? value.map(walk)
            : isObject(value)
              ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, walk(item)]))
              : value;
      return json(walk(body));
    },
  },
  {
    name: 'huge numbers',
    apply: (body, schema, random) => json(withField(body, schema, random, () => pick(random, [1e308, -1e308, 2 ** 53 + 1, -2147483649, 0.000001]))),
  },
  { name: 'extra unknown fields', apply: (body) => json(isObject(body) ? { ...body, unexpected: 'field', is_staff: true, id: 1 } : body) },
  {
    // JSON.stringify drops a __proto__ key; the text is written by hand so the parser sees it.
    name: '__proto__ and constructor keys',
    apply: (body) => {
      const text = JSON.stringify(isObject(body) ? body : {});
      const inner = text.length > 2 ? `${text.slice(1, -1)},` : '';
      return { text: `{${inner}"__proto__":{"is_staff":true,"polluted":1},"constructor":{"prototype":{"polluted":1}}}` };
    },
  },
  { name: 'an array instead of an object', apply: (body) => json([body]) },
  { name: 'a bare string body', apply: () => json('just a string') },
  { name: 'JSON null', apply: () => ({ text: 'null' }) },
  { name: 'an empty object', apply: () => json({}) },
  { name: 'truncated JSON', apply: (body) => ({ text: JSON.stringify(body).slice(0, Math.max(1, JSON.stringify(body).length - 3)) }) },
  { name: 'not JSON at all', apply: () => ({ text: "{'single': quotes, trailing,}" }) },
  { name: 'a form-encoded body', apply: () => ({ text: 'email=a%40b.c&password=x', contentType: 'application/x-www-form-urlencoded' }) },
  { name: 'a text/plain body', apply: (body) => ({ text: JSON.stringify(body), contentType: 'text/plain' }) },
  { name: 'an XML body', apply: () => ({ text: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', contentType: 'application/xml' }) },
  { name: 'JSON with a charset it does not have', apply: (body) => ({ text: JSON.stringify(body), contentType: 'application/json; charset=utf-16' }) },
  { name: 'an empty body with a JSON content type', apply: () => ({ text: '' }) },
  {
    name: 'deeply nested arrays in a field',
    apply: (body, schema, random) => json(withField(body, schema, random, () => JSON.parse('['.repeat(200) + ']'.repeat(200)) as unknown)),
  },
];

/** A mutation of a multipart upload: the payload and its content type. */
interface MultipartMutation {
  name: string;
  build(random: Random): { payload: Buffer; contentType: string };
}

const asUpload = (content: Buffer, filename?: string, type?: string, field?: string) => {
  const body = multipart(content, filename, type, field);
  return { payload: body.payload, contentType: body.headers['content-type'] };
};

export const MULTIPART_MUTATIONS: readonly MultipartMutation[] = [
  {
    name: 'a multipart body cut in the middle',
    build: () => {
      const whole = asUpload(samplePdf(4000));
      return { payload: whole.payload.subarray(0, 300), contentType: whole.contentType };
    },
  },
  { name: 'an empty file', build: () => asUpload(Buffer.alloc(0)) },
  { name: 'a file that only claims to be a PDF', build: () => asUpload(Buffer.from('MZ\x90\x00 not a pdf at all'), 'doc.pdf') },
  { name: 'a file part under another field name', build: () => asUpload(samplePdf(), 'doc.pdf', 'application/pdf', 'attachment') },
  { name: 'a hostile file name', build: (random) => asUpload(samplePdf(), pick(random, ['../../etc/passwd', 'a\u0000b.pdf', '"; rm -rf /.pdf', 'ñ'.repeat(400) + '.pdf', '.pdf'])) },
  { name: 'an HTML file', build: () => asUpload(Buffer.from('<html><script>alert(1)</script></html>'), 'page.html', 'text/html') },
  {
    name: 'a boundary that never appears',
    build: () => ({ payload: asUpload(samplePdf()).payload, contentType: 'multipart/form-data; boundary=nothing-like-it' }),
  },
  { name: 'multipart without a boundary', build: () => ({ payload: asUpload(samplePdf()).payload, contentType: 'multipart/form-data' }) },
  { name: 'JSON sent to an upload', build: () => ({ payload: Buffer.from('{"file":"x"}'), contentType: 'application/json' }) },
];

/** One generated request, and a line that says what it was, for the failure report. */
export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  what: string;
}

export interface RequestContext {
  /** The value of a path parameter a well-formed request would use (an id the caller owns), by operation. */
  ownedValue(operation: ContractOperation, name: string): string;
  /** The bearer headers to send this operation with (none for a public one, sometimes). */
  headers(operation: ContractOperation, random: Random): Record<string, string>;
}

/** Builds one broken request for `operation`: the path, the query or the body is broken, one way at a time. */
export function brokenRequest(operation: ContractOperation, context: RequestContext, random: Random): FuzzRequest {
  const params = operation.path.match(/\{[^}]+\}/g) ?? [];
  const brokenPart = pick(random, [
    ...(params.length > 0 ? ['path'] : []),
    ...(operation.schema.querystring ? ['query'] : []),
    ...(operation.schema.body || operation.multipart ? ['body', 'body', 'body'] : []),
    'headers',
  ]);
  const what: string[] = [`${operation.method.toUpperCase()} ${operation.path}`];
  let path = operation.path;
  for (const param of params) {
    const name = param.slice(1, -1);
    const value = brokenPart === 'path' && random() < 0.7 ? pick(random, HOSTILE_IDS) : context.ownedValue(operation, name);
    if (value !== context.ownedValue(operation, name)) what.push(`{${name}}=${value.slice(0, 40)}`);
    path = path.replace(param, value);
  }
  const querySchema = operation.schema.querystring as Schema | undefined;
  const query = (validValue(querySchema, random) ?? {}) as Record<string, unknown>;
  if (brokenPart === 'query') {
    const names = propertyNames(querySchema);
    const name = names.length > 0 ? pick(random, names) : 'unexpected';
    query[name] = pick(random, [...HOSTILE_STRINGS.filter((s) => s.length < 6000), ...HOSTILE_IDS]);
    what.push(`query ${name}=${String(query[name]).slice(0, 40)}`);
  }
  const search = new URLSearchParams(
    Object.entries(isObject(query) ? query : {}).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  ).toString();
  const url = `/api${path}${search ? `?${search}` : ''}`;
  const headers: Record<string, string> = { ...context.headers(operation, random), 'accept-language': pick(random, ['es', 'en', 'fr', '*', 'es-PR;q=0.5,en']) };
  if (brokenPart === 'headers') {
    const broken = pick(random, [
      ['authorization', 'Bearer not.a.token'],
      ['authorization', `Bearer ${'a'.repeat(5000)}`],
      ['authorization', 'Basic YWRtaW46YWRtaW4='],
      ['content-type', 'application/json; charset=latin1'],
      ['if-match', '"not-a-version"'],
      ['accept', 'text/html'],
      ['cookie', 'language=xx; session=%00'],
    ] as const);
    headers[broken[0]] = broken[1];
    what.push(`header ${broken[0]}: ${broken[1].slice(0, 40)}`);
  }
  if (operation.multipart) {
    const mutation = brokenPart === 'body' ? pick(random, MULTIPART_MUTATIONS) : undefined;
    const { payload, contentType } = mutation ? mutation.build(random) : asUpload(samplePdf());
    if (mutation) what.push(mutation.name);
    return { method: operation.method.toUpperCase(), url, headers: { ...headers, 'content-type': contentType }, payload, what: what.join(' · ') };
  }
  const bodySchema = operation.schema.body as Schema | undefined;
  if (!bodySchema) {
    if (brokenPart === 'body' || random() < 0.1) {
      what.push('a body where none is expected');
      return { method: operation.method.toUpperCase(), url, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"x":1}', what: what.join(' · ') };
    }
    return { method: operation.method.toUpperCase(), url, headers, what: what.join(' · ') };
  }
  const valid = validValue(bodySchema, random);
  // A draft's fields sit under `data`; break those as often as the envelope.
  const target = operation.fieldsUnder && isObject(valid) && random() < 0.5 ? operation.fieldsUnder : undefined;
  let text: string;
  let contentType = 'application/json';
  if (brokenPart === 'body') {
    const mutation = pick(random, BODY_MUTATIONS);
    what.push(target ? `${mutation.name} (under ${target})` : mutation.name);
    if (target && isObject(valid)) {
      const inner = mutation.apply(isObject(valid[target]) ? valid[target] : {}, undefined, random);
      text = `{"version":0,"${target}":${inner.text || 'null'}}`;
      contentType = inner.contentType ?? contentType;
    } else {
      const result = mutation.apply(valid, bodySchema, random);
      text = result.text;
      contentType = result.contentType ?? contentType;
    }
  } else {
    text = JSON.stringify(valid);
  }
  return { method: operation.method.toUpperCase(), url, headers: { ...headers, 'content-type': contentType }, payload: text, what: what.join(' · ') };
}
