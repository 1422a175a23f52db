// The session check's cache on the embedded database (server/db/session-cache.ts): every change that ends a session
// or changes its account shows at the very next call, with the cache warm; PostgreSQL has no cache and the same answers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSessionUser, type User } from '#server/auth/accounts.ts';
import { revokedTokens, users } from '#server/db/schema.ts';
import { sessionCacheOf } from '#server/db/session-cache.ts';
import { bearer, databaseKinds, registerAccount, signIn, startTestApp, type Session, type TestApp } from '../support/server.ts';

describe.each(databaseKinds)('the session check, cached on PGlite only (%s)', (kind) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await startTestApp(kind);
  });
  afterAll(async () => {
    await test?.close();
  });

  const me = (session: Pick<Session, 'access'>) => test.call('GET', '/me', undefined, bearer(session.access));
  const refresh = (session: Pick<Session, 'refresh'>) => test.call('POST', '/auth/session/', { refresh: session.refresh });
  const cache = () => sessionCacheOf<User>(test.app.ctx.db);

  /** A signed-in account whose session the cache now holds (on PGlite): two calls, the second a hit. */
  async function warmSession() {
    const account = await registerAccount(test);
    const session = await signIn(test, account);
    for (let i = 0; i < 2; i += 1) {
      expect((await me(session)).statusCode).toBe(200);
      expect((await refresh(session)).statusCode).toBe(200);
    }
    if (kind === 'pglite') expect(cache()!.size).toBeGreaterThan(0);
    return { account, session };
  }

  it('exists on PGlite only', () => {
    expect(cache() !== undefined).toBe(kind === 'pglite');
  });

  it('ends the session at sign-out, for the refresh token and its access token', async () => {
    const { session } = await warmSession();
    expect((await test.call('POST', '/auth/logout', { refresh: session.refresh })).statusCode).toBe(200);
    expect((await me(session)).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
  });

  it('ends every session at a password change', async () => {
    const { account, session } = await warmSession();
    const other = await signIn(test, account);
    expect((await me(other)).statusCode).toBe(200);
    const changed = await test.call('POST', '/me/password', { current_password: account.password, password: 'Another-Horse-8-Staple' }, bearer(session.access));
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await me(other)).statusCode).toBe(401);
    expect((await refresh(other)).statusCode).toBe(401);
  });

  it('refuses at once an account deactivated, and shows a new name, language and staff flag at once', async () => {
    const { account, session } = await warmSession();
    await test.app.ctx.db.update(users).set({ first_name: 'Renombrada', language: 'en', is_staff: true }).where(eq(users.id, account.id));
    expect((await me(session)).json()).toMatchObject({ first_name: 'Renombrada', language: 'en', is_staff: true });
    expect((await refresh(session)).json()).toMatchObject({ first_name: 'Renombrada', is_staff: true });
    await test.app.ctx.db.update(users).set({ is_active: false }).where(eq(users.id, account.id));
    expect((await me(session)).statusCode).toBe(401);
    expect((await refresh(session)).statusCode).toBe(401);
  });

  it('ends a session whose id is written to revoked_tokens inside a transaction, from the commit on', async () => {
    const { session } = await warmSession();
    const claims = (await test.app.ctx.tokens.verify(session.refresh, 'refresh'))!;
    await test.app.ctx.db.transaction(async (tx) => {
      await tx.insert(revokedTokens).values({ jti: claims.sessionId, expires_at: new Date(claims.expiresAt * 1000) });
    });
    expect((await me(session)).statusCode).toBe(401);
  });

  it('keeps no row read while a write to the users ran, and answers the written row next', async () => {
    const { account, session } = await warmSession();
    const claims = (await test.app.ctx.tokens.verify(session.refresh, 'refresh'))!;
    cache()?.changed();
    // The read and the write are sent together: whichever the database runs first, the read is not kept.
    const [read] = await Promise.all([
      findSessionUser(test.app.ctx.db, claims),
      test.app.ctx.db.update(users).set({ last_name: 'Escrita' }).where(eq(users.id, account.id)),
    ]);
    expect(read?.id).toBe(account.id);
    if (kind === 'pglite') expect(cache()!.size).toBe(0);
    expect((await findSessionUser(test.app.ctx.db, claims))?.last_name).toBe('Escrita');
    expect((await me(session)).json()).toMatchObject({ last_name: 'Escrita' });
  });

  it('gives each caller its own copy: changing an answer does not change the next', async () => {
    const { session } = await warmSession();
    const claims = (await test.app.ctx.tokens.verify(session.refresh, 'refresh'))!;
    const first = (await findSessionUser(test.app.ctx.db, claims))!;
    first.first_name = 'Cambiada en memoria';
    expect((await findSessionUser(test.app.ctx.db, claims))?.first_name).toBe('Ana');
  });
});
