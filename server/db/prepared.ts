// Prepared statements are bound to the database they were built on: build each set once per database, on first use.
import type { Db } from './client.ts';

/**
 * `build(db)` run once per database and kept while the database lives (docs/decisions/012-speed.md): drizzle then
 * builds the SQL text once, and PostgreSQL plans a named statement once per connection.
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let value = built.get(db);
    if (value === undefined) {
      value = build(db);
      built.set(db, value);
    }
    return value;
  };
}
