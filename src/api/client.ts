// The one API client: openapi-fetch typed from openapi.yaml, plus the auth middleware (bearer token,
// Accept-Language, and one retry after the session machine refreshed an expired access token).
import createClient, { type Middleware } from 'openapi-fetch';
import type { operations, paths } from './schema';

/**
 * The query of a list operation as a screen's URL holds it: the contract's parameters of `operation`, without the
 * page size the query options add (docs/decisions/045-one-lifecycle-table.md: no hand copy of the contract).
 */
export type ListQuery<Operation extends keyof operations> = Omit<NonNullable<operations[Operation]['parameters']['query']>, 'limit'>;

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The API base URL from VITE_API_URL: same-origin `/api` when unset; an `http://` address is upgraded
 * to `https://` (docs/product.md section 11) except on loopback, where development servers speak plain HTTP.
 */
export function resolveApiBaseUrl(raw: string | undefined): string {
  const value = raw?.trim() ?? '';
  if (value === '') return '/api';
  if (/^http:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return value.replace(/\/+$/, '');
    }
    if (!loopbackHosts.has(url.hostname.toLowerCase())) url.protocol = 'https:';
    return url.toString().replace(/\/+$/, '');
  }
  return value.replace(/\/+$/, '');
}

export const apiBaseUrl = resolveApiBaseUrl(import.meta.env.VITE_API_URL);

/** What the middleware needs from the rest of the app; wired at start-up so this module imports no React. */
export interface AuthBridge {
  /** The current access token, or null when signed out. */
  getAccessToken(): string | null;
  /** The interface language, sent as Accept-Language so the server localizes its messages. */
  getLocale(): string;
  /** The signed-in person's id, or null: resumable uploads are remembered per person (src/api/resumable-upload.ts). */
  getUserId?(): number | null;
  /**
   * Called after a 401 on an authenticated call made with `failedToken`: resolves with a fresh access token
   * to retry with, or null when the person is signed out.
   */
  recoverFromUnauthorized(failedToken: string): Promise<string | null>;
  /** The retry with a fresh token got 401 too: refreshing again cannot help, so the session should end. */
  rejectAfterRetry(): void;
}

let bridge: AuthBridge | undefined;

export function connectAuth(next: AuthBridge): void {
  bridge = next;
}

/**
 * The access token and language the middleware would send, for the one call openapi-fetch cannot make:
 * an upload that reports its progress (XMLHttpRequest, src/api/upload.ts).
 */
export function currentAuth(): { token: string | null; language: string | null } {
  return { token: bridge?.getAccessToken() ?? null, language: bridge?.getLocale() ?? null };
}

/** Who is signed in (their id), or null: a resumable upload another person began is never resumed by this one. */
export function currentUserId(): number | null {
  return bridge?.getUserId?.() ?? null;
}

/** After a 401 on a call made outside openapi-fetch: a fresh access token to retry with once, or null. */
export async function renewAccess(failedToken: string): Promise<string | null> {
  return bridge ? bridge.recoverFromUnauthorized(failedToken) : null;
}

/** The retry of a call made outside openapi-fetch got 401 again: end the session, as the middleware does. */
export function rejectedAfterRetry(): void {
  bridge?.rejectAfterRetry();
}

// Requests are streams: keep a copy of each authenticated request so it can be sent again after a refresh.
const pending = new Map<string, Request>();

const isAuthCall = (schemaPath: string): boolean => schemaPath.startsWith('/auth/');

export const authMiddleware: Middleware = {
  onRequest({ request, schemaPath, id }) {
    if (!bridge) return request;
    request.headers.set('Accept-Language', bridge.getLocale());
    const token = isAuthCall(schemaPath) ? null : bridge.getAccessToken();
    if (token) {
      request.headers.set('Authorization', `Bearer ${token}`);
      pending.set(id, request.clone());
    }
    return request;
  },
  async onResponse({ request, response, schemaPath, id, options }) {
    const copy = pending.get(id);
    pending.delete(id);
    // Only an authenticated, non-auth call is retried, and only once (the retry does not pass through here).
    if (response.status !== 401 || !copy || !bridge || isAuthCall(schemaPath)) return response;
    const failedToken = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    const fresh = await bridge.recoverFromUnauthorized(failedToken);
    if (!fresh) return response;
    const retry = new Request(copy);
    retry.headers.set('Authorization', `Bearer ${fresh}`);
    // Unbound on purpose: window.fetch called as a method of another object throws "Illegal invocation".
    const send = options.fetch;
    const second = await send(retry);
    if (second.status === 401) bridge.rejectAfterRetry();
    return second;
  },
  onError({ id }) {
    pending.delete(id);
  },
};

export const api = createClient<paths>({ baseUrl: apiBaseUrl });
api.use(authMiddleware);
