// An upload that survives a dropped connection (tus, docs/decisions/061-resumable-uploads.md): the file goes in 5 MB
// PATCHes to /api/uploads/resumable; offline it waits, back online it asks the server its offset and sends the rest.
// The upload's URL is kept in localStorage under a key of the person, the target and the file, so a reload (or a
// retry) resumes it too; another person signed in on the same browser never finds it. The last PATCH answers what the
// direct upload answers (src/api/upload.ts), read here the same way.
import { Upload, type DetailedError, type HttpRequest } from 'tus-js-client';
import { apiBaseUrl, currentAuth, currentUserId, rejectedAfterRetry, renewAccess } from './client';
import { ApiError } from './errors';
import type { UploadProgress } from './upload';

/** A chunk per PATCH: a cut connection costs at most this much sent again. */
export const RESUMABLE_CHUNK_BYTES = 5 * 1024 * 1024;
/**
 * Waits before retrying a request that got no answer or a 5xx while online; then the upload fails and the person may
 * try again, which resumes from the server's offset too. Offline there is no retry: the upload waits to be online.
 */
const RETRY_DELAYS = [1000, 3000];

export interface ResumableRequest {
  file: Blob;
  fileName: string;
  /** Where the file goes, as the server reads it (server/files/resumable.ts targetOf); `filename` is added here. */
  metadata: Record<string, string>;
  onProgress: (progress: UploadProgress) => void;
  /** The browser went offline (the upload waits) or came back (it resumes). */
  onConnection: (state: 'offline' | 'online') => void;
  signal: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

const statusOf = (error: Error | DetailedError): number =>
  ('originalResponse' in error && error.originalResponse ? error.originalResponse.getStatus() : 0);

/** No answer, a timeout, a busy or restarting server: the same bytes may go through shortly. */
const worthRetrying = (status: number) => status === 0 || status === 408 || status === 423 || status === 429 || status >= 502;

/** Uploads one file resumably: resolves with the server's JSON answer, or rejects with an ApiError as uploadWithProgress does. */
export function resumableUpload(request: ResumableRequest): Promise<unknown> {
  const userId = currentUserId();
  const metadata = { ...request.metadata, filename: request.fileName };
  const lastModified = request.file instanceof File ? request.file.lastModified : 0;
  // Per person, target and file: the same file chosen again for the same place resumes; nothing else does.
  const fingerprint = ['portal-tus', userId ?? 'anonymous', ...Object.entries(request.metadata).flat(), request.fileName, request.file.size, lastModified].join('|');
  let token = currentAuth().token;
  let renewed = false;

  return new Promise((resolve, reject) => {
    let waiting = false;
    const upload = new Upload(request.file, {
      endpoint: `${apiBaseUrl}/uploads/resumable`,
      chunkSize: RESUMABLE_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS,
      metadata,
      fingerprint: () => Promise.resolve(fingerprint),
      storeFingerprintForResuming: userId !== null,
      removeFingerprintOnSuccess: true,
      onBeforeRequest: (req: HttpRequest) => {
        if (token) req.setHeader('Authorization', `Bearer ${token}`);
        const { language } = currentAuth();
        if (language) req.setHeader('Accept-Language', language);
      },
      onProgress: (loaded, total) => request.onProgress({ loaded, total }),
      onShouldRetry: (error) => navigator.onLine && worthRetrying(statusOf(error)),
      onSuccess: ({ lastResponse }) => {
        cleanUp();
        const body = parse(lastResponse.getBody());
        // A finished upload the server answered without the stored file (it was already complete): no file to show.
        if (body === undefined) reject(new ApiError(0, undefined));
        else resolve(body);
      },
      onError: (error) => {
        const status = statusOf(error);
        // Offline: wait for the connection; the bytes the server holds are kept.
        if (!navigator.onLine && status === 0) return pause();
        if (status === 401 && token && !renewed) {
          renewed = true;
          void renewAccess(token).then((fresh) => {
            if (!fresh) return fail(new ApiError(401, undefined));
            token = fresh;
            upload.start();
          });
          return;
        }
        if (status === 401) rejectedAfterRetry();
        const body = 'originalResponse' in error && error.originalResponse ? parse(error.originalResponse.getBody()) : undefined;
        fail(new ApiError(status, body));
      },
    });

    function pause() {
      if (waiting) return;
      waiting = true;
      request.onConnection('offline');
      void upload.abort(false);
    }
    const onOffline = () => pause();
    const onOnline = () => {
      if (!waiting) return;
      waiting = false;
      request.onConnection('online');
      // HEAD first (tus-js-client knows the upload's URL): the rest is sent from the server's offset.
      upload.start();
    };
    const onAbort = () => {
      cleanUp();
      // Cancelled: the server's partial upload is removed too (DELETE), and the browser forgets it.
      void upload.abort(true).catch(() => undefined);
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };
    function cleanUp() {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
      request.signal.removeEventListener('abort', onAbort);
    }
    function fail(error: ApiError) {
      cleanUp();
      reject(error);
    }

    if (request.signal.aborted) return reject(new DOMException('The upload was cancelled.', 'AbortError'));
    request.signal.addEventListener('abort', onAbort, { once: true });
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    void upload.findPreviousUploads().then(
      (previous) => {
        // The newest upload of this file by this person, from before a reload or a failed try.
        const latest = [...previous].sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
        if (latest) upload.resumeFromPreviousUpload(latest);
        if (!navigator.onLine) pause();
        else upload.start();
      },
      () => upload.start(),
    );
  });
}
