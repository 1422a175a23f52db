// Input that JSON Schema lets through but PostgreSQL or the server refuses: NUL characters (text and jsonb cannot hold
// U+0000), lone UTF-16 surrogates (not encodable as UTF-8) and JSON nested deeper than any form of the contract.
import type { FastifyInstance } from 'fastify';
import { detailError, fieldErrors } from './errors.ts';

/**
 * The deepest JSON body accepted. The contract's deepest body (a step draft with a list of owners) is 4 levels;
 * a crafted body thousands of levels deep would overflow the stack of any recursive walk (validation, storage).
 */
export const MAX_JSON_DEPTH = 32;

/** Text PostgreSQL cannot store: a NUL character, or a UTF-16 surrogate without its pair (`u` mode pairs the others). */
const loneSurrogate = /\p{Surrogate}/u;
export const isUnstorableText = (text: string): boolean => text.includes('\u0000') || loneSurrogate.test(text);

/**
 * The dotted paths of every string PostgreSQL cannot store (keys included), e.g. `owners.0.position`.
 * A loop over an explicit stack, not recursion: the depth of the value cannot overflow the call stack.
 */
export function unstorablePaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  const name = (path: string[]) => path.join('.') || 'non_field_errors';
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) found.push(name(path));
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push({ value: child, path: [...path, String(index)] }));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (isUnstorableText(key)) found.push(name(path));
        else pending.push({ value: child, path: [...path, key] });
      }
    }
  }
  return [...new Set(found)].sort();
}

/**
 * Whether any string in the value (keys included) is unstorable: the walk of unstorablePaths without building a path
 * per value, which every request's body, query and parameters pay; the paths are built only for a refusal.
 */
function holdsUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (isUnstorableText(item)) return true;
    } else if (Array.isArray(item)) {
      for (const child of item) pending.push(child);
    } else if (item && typeof item === 'object') {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        if (isUnstorableText(key)) return true;
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/** Answers 400 `{field: ['Enter a valid value.']}` for text with NUL characters or lone surrogates, not a database error. */
export function rejectUnstorableText(value: unknown): void {
  if (!holdsUnstorableText(value)) return;
  const paths = unstorablePaths(value);
  if (paths.length > 0) throw fieldErrors(Object.fromEntries(paths.map((p) => [p, 'api.field.invalid'])));
}

/** How deep the arrays and objects of a JSON text nest, read without parsing it (brackets inside strings skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (char === 0x5d || char === 0x7d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** JSON bodies through Fastify's own parser (prototype poisoning refused), after a depth check that answers 400. */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      done(detailError(400, 'api.error.tooDeep', 'malformed', { limit: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

