// A record id read from a route parameter: light, so the entry (src/app/route-data.ts) uses it before any route's code.

/** A positive integer id from a route parameter, or null. */
export function parseId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id <= 2147483647 ? id : null;
}
