// The upload machine's real `uploadFile` (machines/upload), shared by every field that uploads: the file sent with
// XMLHttpRequest for its progress events, or resumably with tus where the caller says where it goes (several photos as
// one body of parts: src/api/photos-body.ts), the server's answer read as the machine's events, the transfer aborted
// when the machine stops it. Each caller says only where the file goes and what it keeps in step once stored.
import { fromCallback } from 'xstate';
import { photosBody } from '#api/photos-body';
import { uploadWithProgress, type UploadProgress } from '#api/upload';
import type { UploadedFile, UploadEvent, UploadFileInput, UploadTarget } from '#machines/upload/upload.types';
import { isFileRefusal, toServerRejection } from './application-errors';

export interface UploadCall<S extends UploadedFile> {
  path: string;
  /** The stored file in the server's answer, or null for an answer that breaks the contract (a failed upload). */
  read: (body: unknown) => S | null;
  /** What the caller keeps in step (its cached lists) before the machine hears the file is stored. */
  onStored?: (stored: S) => void;
  /** Any refusal or failure, before the machine hears it (e.g. reload an application the server made final). */
  onError?: (error: unknown) => void;
  /**
   * Where the file goes as a resumable upload's metadata (server/files/resumable.ts): when given, the file (or the
   * photos chosen together, as one multipart body) is sent with tus in chunks and survives a dropped connection
   * (docs/decisions/061).
   */
  resumable?: Record<string, string>;
}

/** What a resumable upload sends: the one file, or the photos chosen together as one multipart body. */
async function bodyOf(file: UploadFileInput['file']): Promise<{ body: Blob; boundary?: string }> {
  if (!file.more?.length) return { body: file.body };
  return photosBody([{ body: file.body, name: file.name, type: file.type }, ...file.more]);
}

/** An uploadFile actor for the targets `callFor` knows; it throws for any other (a field wired to the wrong place). */
export function uploadFileActor<S extends UploadedFile>(callFor: (target: UploadTarget) => UploadCall<S>) {
  return fromCallback<UploadEvent, UploadFileInput>(({ input, sendBack }) => {
    const { path, read, onStored, onError, resumable } = callFor(input.target);
    const controller = new AbortController();
    const onProgress = ({ loaded, total }: UploadProgress) => sendBack({ type: 'upload.progress', loaded, total });
    const sent = resumable
      ? // tus-js-client loads when a resumable upload starts, not with every screen that has a file field
        // (docs/decisions/066-boot-closure.md). A transfer stopped meanwhile starts aborted and rejects at once.
        Promise.all([import('#api/resumable-upload'), bodyOf(input.file)]).then(([{ resumableUpload }, { body, boundary }]) =>
          resumableUpload({
            file: body,
            fileName: input.file.name,
            metadata: boundary ? { ...resumable, boundary } : resumable,
            signal: controller.signal,
            onProgress,
            onConnection: (state) => sendBack({ type: state === 'offline' ? 'upload.offline' : 'upload.online' }),
          }),
        )
      : uploadWithProgress({
            path,
            field: 'file',
            file: input.file.body,
            fileName: input.file.name,
            ...(input.file.more ? { more: input.file.more } : {}),
            signal: controller.signal,
            onProgress,
          });
    sent.then(
      (body) => {
        const stored = read(body);
        if (stored === null) return sendBack({ type: 'upload.failed', error: {} });
        onStored?.(stored);
        sendBack({ type: 'upload.done', stored });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        onError?.(error);
        // The file itself refused (4xx): choose another; the transfer failed (no answer, 5xx): try again.
        if (isFileRefusal(error)) sendBack({ type: 'upload.refused', body: error.body });
        else sendBack({ type: 'upload.failed', error: toServerRejection(error) });
      },
    );
    return () => controller.abort();
  });
}
