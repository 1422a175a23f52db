// The real effects of a documents field's actor (machines/documents, a child of the application machine): its upload
// child's upload with progress (XMLHttpRequest, for its progress events), the delete, the application's cached file
// list kept in step, and the success toasts 'document uploaded' / 'document deleted'. Its ids go to the application
// machine by sendParent, the machine's own.
import type { QueryClient } from '@tanstack/react-query';
import { defineMessages } from 'react-intl';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { ApiError } from '#api/errors';
import { applicationKeys, type Application, type ApplicationFile } from '#api/applications';
import { documentsMachine } from '#machines/documents/documents.machine';
import type { RemoveDocumentInput } from '#machines/documents/documents.types';
import { uploadMachine } from '#machines/upload/upload.machine';
import { getIntl } from '#lib/locale';
import { showToast } from '#lib/toast';
import { toServerRejection } from './application-errors';
import { uploadFileActor } from './upload-file';
// The contract's own check of the answer (generated from openapi.yaml: scripts/gen-validators.ts).
import { isApplicationFile } from '#shared/validation/validators.js';

// docs/product.md section 8: the successes 'document uploaded' and 'document deleted'.
const toasts = defineMessages({
  uploaded: { id: 'application.documents.uploaded' },
  deleted: { id: 'application.documents.deleted' },
});

function updateCachedFiles(queryClient: QueryClient, id: number, change: (files: ApplicationFile[]) => ApplicationFile[]): void {
  queryClient.setQueryData(applicationKeys.detail(id), (old: Application | undefined) => (old ? { ...old, files: change(old.files) } : old));
}

/** The field's upload child, sending into `POST /applications/{id}/files?kind=` (docs/decisions/015). */
function provideDocumentUpload(queryClient: QueryClient) {
  return uploadMachine.provide({
    actors: {
      uploadFile: uploadFileActor((target) => {
        if (target.kind !== 'document') throw new Error('a documents field uploads documents only');
        const { applicationId, fileKind } = target;
        return {
          path: `/applications/${applicationId}/files?kind=${fileKind}`,
          read: (body) => (isApplicationFile(body) ? body : null),
          onStored: (stored) => updateCachedFiles(queryClient, applicationId, (files) => [...files, stored]),
          resumable: { target: 'document', application_id: String(applicationId), kind: fileKind },
        };
      }),
    },
  });
}

export function provideDocumentsMachine(queryClient: QueryClient) {
  return documentsMachine.provide({
    actors: {
      upload: provideDocumentUpload(queryClient),
      removeDocument: fromPromise<void, RemoveDocumentInput>(async ({ input }) => {
        // 204 has no body, which unwrap() reads as a failure: the status says it all.
        const answer = await api
          .DELETE('/applications/{id}/files/{fileId}', { params: { path: { id: input.applicationId, fileId: input.fileId } } })
          .catch(() => undefined);
        if (!answer?.response.ok) throw toServerRejection(new ApiError(answer?.response.status ?? 0, answer?.error));
        updateCachedFiles(queryClient, input.applicationId, (files) => files.filter((file) => file.id !== input.fileId));
      }),
    },
    actions: {
      announce: (_, what) =>
        showToast({ kind: 'success', message: getIntl().formatMessage(what === 'uploaded' ? toasts.uploaded : toasts.deleted) }),
    },
  });
}
