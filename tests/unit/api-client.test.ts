// The auth middleware of the API client: bearer and Accept-Language headers, and exactly one retry after the
// session machine renewed the access token; auth calls and anonymous calls are never retried.
import createClient from 'openapi-fetch';
import { beforeEach, describe, expect, it } from 'vitest';
import { authMiddleware, connectAuth, type AuthBridge } from '#api/client';
import type { paths } from '#api/schema';

interface Seen {
  url: string;
  authorization: string | null;
  language: string | null;
  body: string;
}

/** A fetch that answers from a script, one response per call, and records what it was sent. */
function scriptedFetch(statuses: number[]) {
  const seen: Seen[] = [];
  const fetch = async (input: Request | string | URL): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input);
    seen.push({
      url: new URL(request.url).pathname,
      authorization: request.headers.get('Authorization'),
      language: request.headers.get('Accept-Language'),
      body: await request.text(),
    });
    const status = statuses.shift() ?? 500;
    return new Response(JSON.stringify(status < 400 ? { ssn_last4_masked: '***-**-1234' } : { detail: 'no' }), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, seen };
}

let token: string | null;
let recoveries: string[];
let rejections: number;
let nextToken: string | null;

const bridge: AuthBridge = {
  getAccessToken: () => token,
  getLocale: () => 'en',
  recoverFromUnauthorized: async (failed) => {
    recoveries.push(failed);
    token = nextToken;
    return nextToken;
  },
  rejectAfterRetry: () => {
    rejections += 1;
  },
};

function client(statuses: number[]) {
  const { fetch, seen } = scriptedFetch(statuses);
  const api = createClient<paths>({ baseUrl: 'http://api.test/api', fetch });
  api.use(authMiddleware);
  return { api, seen };
}

beforeEach(() => {
  token = 'old-access';
  nextToken = 'new-access';
  recoveries = [];
  rejections = 0;
  connectAuth(bridge);
});

describe('authMiddleware', () => {
  it('sends the bearer token and the interface language', async () => {
    const { api, seen } = client([200]);
    await api.PUT('/me/ssn', { body: { ssn_last4: '1234' } });
    expect(seen).toEqual([
      { url: '/api/me/ssn', authorization: 'Bearer old-access', language: 'en', body: '{"ssn_last4":"1234"}' },
    ]);
  });

  it('after a 401, lets the session renew the token and retries once with the new one, body included', async () => {
    const { api, seen } = client([401, 200]);
    const { data, response } = await api.PUT('/me/ssn', { body: { ssn_last4: '1234' } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ ssn_last4_masked: '***-**-1234' });
    expect(recoveries).toEqual(['old-access']);
    expect(seen.map((call) => [call.authorization, call.body])).toEqual([
      ['Bearer old-access', '{"ssn_last4":"1234"}'],
      ['Bearer new-access', '{"ssn_last4":"1234"}'],
    ]);
  });

  it('gives up with the 401 when the session ended instead', async () => {
    nextToken = null;
    const { api, seen } = client([401]);
    const { error, response } = await api.GET('/me');
    expect(response.status).toBe(401);
    expect(error).toEqual({ detail: 'no' });
    expect(seen).toHaveLength(1);
  });

  it('does not retry twice: a second 401 tells the session to end', async () => {
    const { api, seen } = client([401, 401, 200]);
    const { response } = await api.GET('/me');
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(2);
    expect(rejections).toBe(1);
  });

  it('never retries auth calls, and sends them without a bearer token', async () => {
    const { api, seen } = client([401]);
    const { response } = await api.POST('/auth/login', { body: { email: 'a@b.c', password: 'x' } });
    expect(response.status).toBe(401);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBeNull();
    expect(seen[0]?.language).toBe('en');
    expect(recoveries).toEqual([]);
  });

  it('does not retry a call made while signed out', async () => {
    token = null;
    const { api, seen } = client([401]);
    await api.GET('/me');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBeNull();
    expect(recoveries).toEqual([]);
  });
});
