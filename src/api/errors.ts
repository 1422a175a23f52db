// Turns openapi-fetch results into thrown errors that carry the server's body, for react-query and actors.

/** A failed call: the HTTP status (0 when the network failed) and the parsed error body as the server sent it. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
  ) {
    super(`API error ${status}`);
    this.name = 'ApiError';
  }
}

/** The shape openapi-fetch resolves with: data on success, error on failure. */
interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The message ids of an error answer (its Error-Messages header, openapi.yaml components/headers/ErrorMessages) put
 * into the body as `messages`, which src/lib/form-errors.ts reads to word the errors in the language on screen.
 */
export function withMessageIds(body: unknown, response: Response): unknown {
  const header = response.headers.get('error-messages');
  if (header === null || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  try {
    const messages: unknown = JSON.parse(decodeURIComponent(header));
    return typeof messages === 'object' && messages !== null ? { ...body, messages } : body;
  } catch {
    return body; // An unreadable header: the texts of the body are shown as they are.
  }
}

/** Returns the data of a successful call, or throws an ApiError with the error body. */
export async function unwrap<R extends FetchResult>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  let result: R;
  try {
    result = await call;
  } catch {
    // fetch rejects only when the network failed (offline, DNS, CORS): there is no body to show.
    throw new ApiError(0, undefined);
  }
  const { data, error, response } = result;
  if (!response.ok || data === undefined || data === null) throw new ApiError(response.status, withMessageIds(error, response));
  return data;
}

/** The error body of a failure, whatever was thrown. */
export function errorBody(error: unknown): unknown {
  return error instanceof ApiError ? error.body : undefined;
}
