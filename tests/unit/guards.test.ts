// The route guards with the real session machine and fake API actors: sign-in required (after trying a
// refresh), staff only, and /login for someone already signed in (docs/product.md section 2).
import { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { provideSessionMachine } from '#actors/session';
import { redirectSignedIn, requireSignedIn, requireStaff } from '#app/guards';
import type { SessionRecord } from '#machines/session/session.types';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (expiresInSeconds: number) =>
  `${b64({ alg: 'HS256' })}.${b64({ exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig`;

const record = (overrides: Partial<SessionRecord> = {}): SessionRecord => ({
  id: 1,
  email: 'ana@example.org',
  first_name: 'Ana',
  last_name: 'Rivera',
  language: 'es',
  is_staff: false,
  access: jwt(300),
  refresh: 'refresh-token',
  ...overrides,
});

function session(stored: SessionRecord | null, refresh: 'ok' | 'fail') {
  const machine = provideSessionMachine(new QueryClient()).provide({
    actors: {
      refresh: fromPromise(async () => {
        if (refresh === 'fail') throw { detail: 'Token is invalid or expired', code: 'token_not_valid' };
        const { refresh: _refresh, ...rest } = record({ access: jwt(300) });
        return rest;
      }),
    },
    // Node has no localStorage: keep the storage effects out of these tests.
    actions: { persistRecord: () => {}, clearRecord: () => {}, rememberEmail: () => {} },
  });
  return createActor(machine, { input: { record: stored } }).start();
}

async function outcome(loader: (a: { request: Request }) => Promise<unknown>, url: string): Promise<string | null> {
  try {
    await loader({ request: new Request(`http://portal.test${url}`) });
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('requireSignedIn', () => {
  it('lets a signed-in person through', async () => {
    expect(await outcome(requireSignedIn(session(record(), 'ok')), '/panel/programs')).toBeNull();
  });

  it('renews an expired session first, then lets the person through', async () => {
    const actor = session(record({ access: jwt(-60) }), 'ok');
    expect(await outcome(requireSignedIn(actor), '/panel/programs')).toBeNull();
    expect(actor.getSnapshot().value).toBe('signedIn');
  });

  it('sends to /login with the asked page when the refresh fails', async () => {
    const actor = session(record({ access: jwt(-60) }), 'fail');
    expect(await outcome(requireSignedIn(actor), '/panel/programs/my?x=1')).toBe(
      '/login?next=%2Fpanel%2Fprograms%2Fmy%3Fx%3D1',
    );
  });

  it('sends to /login when nobody is signed in', async () => {
    expect(await outcome(requireSignedIn(session(null, 'ok')), '/profile')).toBe('/login?next=%2Fprofile');
  });
});

describe('requireStaff', () => {
  it('sends a signed-in non-staff person to /panel', async () => {
    expect(await outcome(requireStaff(session(record(), 'ok')), '/admin/users')).toBe('/panel');
  });

  it('lets staff through', async () => {
    expect(await outcome(requireStaff(session(record({ is_staff: true }), 'ok')), '/admin/users')).toBeNull();
  });
});

describe('redirectSignedIn (/login)', () => {
  it('sends staff to /admin and others to /panel, or to a same-site next', async () => {
    expect(await outcome(redirectSignedIn(session(record({ is_staff: true }), 'ok')), '/login')).toBe('/admin');
    expect(await outcome(redirectSignedIn(session(record(), 'ok')), '/login')).toBe('/panel');
    expect(await outcome(redirectSignedIn(session(record(), 'ok')), '/login?next=%2Fprofile')).toBe('/profile');
    expect(await outcome(redirectSignedIn(session(record(), 'ok')), '/login?next=https%3A%2F%2Fevil.example')).toBe(
      '/panel',
    );
  });

  it('shows the login page to someone signed out', async () => {
    expect(await outcome(redirectSignedIn(session(null, 'ok')), '/login')).toBeNull();
  });
});
