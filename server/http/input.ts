// Input that JSON Schema lets through but PostgreSQL refuses: NUL characters (text and jsonb cannot hold U+0000).
import { fieldErrors } from './errors.ts';

/** The dotted paths of every string holding U+0000 (keys included), e.g. `owners.0.position`. */
export function nulPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path.join('.') || 'non_field_errors'] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => nulPaths(item, [...path, String(index)]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) =>
      key.includes('\u0000') ? [path.join('.') || 'non_field_errors'] : nulPaths(item, [...path, key]),
    );
  }
  return [];
}

/** Answers 400 `{field: ['Enter a valid value.']}` for text with NUL characters instead of a database error. */
export function rejectNulCharacters(value: unknown): void {
  const paths = nulPaths(value);
  if (paths.length > 0) throw fieldErrors(Object.fromEntries(paths.map((p) => [p, 'api.field.invalid'])));
}

/**
 * A schema check done in a handler (e.g. a step's draft, whose schema depends on a path parameter) failing the
 * way Fastify's own request validation fails, so the central error handler words it the same.
 */
export function schemaValidationError(issues: unknown[] | null | undefined): Error {
  return Object.assign(new Error('request validation failed'), { statusCode: 400, validation: issues ?? [], validationContext: 'body' });
}
