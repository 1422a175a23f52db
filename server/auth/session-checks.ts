// The session check of a refresh on PostgreSQL, asked together with the others of the same turn of the event loop: one
// statement and one round trip for every refresh that arrived in that turn, each still read after its request arrived.
import pg from 'pg';
import { postgresPoolOf, type Db } from '#server/db/client.ts';
import type { users } from '#server/db/schema.ts';

/** What a refresh answers of the account (openapi.yaml SessionUser), and nothing else of the row. */
export type SessionAccount = Pick<typeof users.$inferSelect, 'id' | 'email' | 'first_name' | 'last_name' | 'language' | 'is_staff'>;

interface Check {
  userId: number;
  version: number;
  sessionId: string;
  resolve: (account: SessionAccount | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * The checks of auth/accounts.ts findSessionUser, for many sessions at once: the account active, its token version the
 * session's, the session id not in revoked_tokens. `ord` ties each row to its check. Prepared once per connection.
 */
const CHECK_SESSIONS = {
  name: 'check_sessions',
  text: `select k.ord::int, u.id, u.email, u.first_name, u.last_name, u.language, u.is_staff
from unnest($1::int[], $2::int[], $3::text[]) with ordinality as k(user_id, version, session_id, ord)
join users u on u.id = k.user_id and u.token_version = k.version and u.is_active
where not exists (select 1 from revoked_tokens r where r.jti = k.session_id)`,
};

/** The most checks one statement carries; more in one turn go in several. */
const MAX_CHECKS = 100;

/**
 * Gathers the checks asked during one turn of the event loop and sends them as one statement when the turn's I/O is
 * done (setImmediate). No answer is kept: every check is a read that begins after its request arrived, so a session
 * ended anywhere before that (sign-out, password reset, deactivation, by another process or server) is refused.
 */
export class SessionChecks {
  private waiting: Check[] = [];

  constructor(private readonly pool: pg.Pool) {}

  check(userId: number, version: number, sessionId: string): Promise<SessionAccount | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.push({ userId, version, sessionId, resolve, reject }) === 1) setImmediate(() => this.send());
    });
  }

  private send(): void {
    const all = this.waiting;
    this.waiting = [];
    for (let start = 0; start < all.length; start += MAX_CHECKS) this.ask(all.slice(start, start + MAX_CHECKS));
  }

  private ask(checks: Check[]): void {
    const values = [checks.map((c) => c.userId), checks.map((c) => c.version), checks.map((c) => c.sessionId)];
    this.pool.query<unknown[]>({ ...CHECK_SESSIONS, values, rowMode: 'array' }).then(
      ({ rows }) => {
        const alive = new Map<number, SessionAccount>();
        for (const row of rows) {
          const account: SessionAccount = {
            id: row[1] as number,
            email: row[2] as string,
            first_name: row[3] as string,
            last_name: row[4] as string,
            language: row[5] as string,
            is_staff: row[6] as boolean,
          };
          alive.set(row[0] as number, account);
        }
        checks.forEach((check, index) => check.resolve(alive.get(index + 1)));
      },
      (error: unknown) => {
        for (const check of checks) check.reject(error);
      },
    );
  }
}

const checksOf = new WeakMap<Db, SessionChecks | null>();

/** The checks of a database on PostgreSQL (its pg pool); undefined on PGlite, where auth/accounts.ts caches instead. */
export function sessionChecksOf(db: Db): SessionChecks | undefined {
  let checks = checksOf.get(db);
  if (checks === undefined) {
    const pool = postgresPoolOf(db);
    checks = pool ? new SessionChecks(pool) : null;
    checksOf.set(db, checks);
  }
  return checks ?? undefined;
}
