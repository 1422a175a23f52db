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

/** A place in the walked value: its key and its parent's place, so a path is spelled only for a refusal. */
interface Place {
  key: string;
  parent: Place | null;
}

/**
 * The dotted paths of every string PostgreSQL cannot store (keys included), e.g. `owners.0.position`.
 * A loop over an explicit stack, not recursion: the depth of the value cannot overflow the call stack. Every
 * request's body, query and parameters are walked, so a place is a link to its parent, and a path is built only for
 * a string refused.
 */
export function unstorablePaths(value: unknown): string[] {
  const found: string[] = [];
  const pending: Array<{ value: unknown; place: Place | null }> = [{ value, place: null }];
  const name = (place: Place | null) => {
    const keys: string[] = [];
    for (let at = place; at; at = at.parent) keys.push(at.key);
    return keys.reverse().join('.') || 'non_field_errors';
  };
  while (pending.length > 0) {
    const { value: item, place } = pending.pop()!;
    if (typeof item === 'string') {
      if (isUnstorableText(item)) found.push(name(place));
    } else if (Array.isArray(item)) {
      item.forEach((child, index) => pending.push({ value: child, place: { key: String(index), parent: place } }));
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (isUnstorableText(key)) found.push(name(place));
        else pending.push({ value: child, place: { key, parent: place } });
      }
    }
  }
  return [...new Set(found)].sort();
}

/** Answers 400 `{field: ['Enter a valid value.']}` for text with NUL characters or lone surrogates, not a database error. */
export function rejectUnstorableText(value: unknown): void {
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

