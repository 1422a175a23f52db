// The real effects of signing a form on screen (machines/signature): the POST that has the server stamp and store the
// form, and, once stored, the application's cached copy kept in step (the panel hands the signed form to the field that
// shows it when the machine emits `signature.signed`).
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { api } from '#api/client';
import { unwrap } from '#api/errors';
import { applicationKeys, type Application } from '#api/applications';
import { signatureMachine } from '#machines/signature/signature.machine';
import type { SignedForm, SignFormInput } from '#machines/signature/signature.types';

export function provideSignatureMachine(queryClient: QueryClient) {
  return signatureMachine.provide({
    actors: {
      signForm: fromPromise<SignedForm, SignFormInput>(({ input }) =>
        unwrap(api.POST('/applications/{id}/signatures', { params: { path: { id: input.applicationId } }, body: input.body })),
      ),
    },
    actions: {
      reportSigned: ({ context }, signed) => {
        queryClient.setQueryData(applicationKeys.detail(context.applicationId), (old: Application | undefined) => (old ? withSignedForm(old, signed) : old));
      },
    },
  });
}

/** The application's cached copy with a signed form in it (as an upload of it would leave it). */
export function withSignedForm(application: Application, signed: SignedForm): Application {
  if (signed.intake_form) return { ...application, intake_form: signed.intake_form };
  if (signed.document) return { ...application, files: [...application.files, signed.document] };
  return application;
}
