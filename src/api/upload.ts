// File uploads that report progress. fetch() cannot tell how much of a request body was sent, so this one call
// uses XMLHttpRequest, with the same bearer token, Accept-Language and one retry after a 401 as the middleware.
import { apiBaseUrl, currentAuth, rejectedAfterRetry, renewAccess } from './client';
import { ApiError } from './errors';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadRequest {
  /** The API path, e.g. `/applications/7/intake-form` (the base URL is added here). */
  path: string;
  /** The multipart field name the operation expects. */
  field: string;
  file: Blob;
  fileName: string;
  /** Further files sent in the same field after the first (several photos of one document). */
  more?: ReadonlyArray<{ body: Blob; name: string }>;
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

interface Answer {
  status: number;
  body: unknown;
}

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function send(request: UploadRequest, token: string | null, language: string | null): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBaseUrl}${request.path}`);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      request.onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : request.file.size });
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    // No answer at all (offline, connection dropped): like fetch, there is no body to show.
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.ontimeout = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const abort = () => xhr.abort();
    if (request.signal.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal.addEventListener('abort', abort, { once: true });
    const form = new FormData();
    form.append(request.field, request.file, request.fileName);
    for (const part of request.more ?? []) form.append(request.field, part.body, part.name);
    xhr.send(form);
  });
}

/** Uploads one file: resolves with the parsed success body, or rejects with an ApiError carrying the server's body. */
export async function uploadWithProgress(request: UploadRequest): Promise<unknown> {
  const { token, language } = currentAuth();
  let answer = await send(request, token, language);
  if (answer.status === 401 && token) {
    const fresh = await renewAccess(token);
    if (fresh) {
      answer = await send(request, fresh, language);
      if (answer.status === 401) rejectedAfterRetry();
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw new ApiError(answer.status, answer.body);
  return answer.body;
}
