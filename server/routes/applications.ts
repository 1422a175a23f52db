// HTTP side of applications: My Programs, apply, steps, submit, the intake form upload, the certification form, signing
// a form on screen and the applicant's copy.
import type { FastifyReply } from 'fastify';
import type { AppContext } from '#server/context.ts';
import { contentDisposition, fileParts } from './uploads.ts';
import type { Handlers, Request } from '#server/http/handlers.ts';
import type { ApplicationDeps } from '#server/applications/access.ts';
import * as service from '#server/applications/service.ts';
import * as intakeForm from '#server/applications/intake-form.ts';
import * as documents from '#server/applications/documents.ts';
import { getApplicantCopy } from '#server/applications/applicant-copy.ts';
import { signForm } from '#server/applications/signing.ts';
import type { StepNumber } from '#server/applications/steps.ts';

export function applicationRoutes(ctx: AppContext): Handlers {
  const deps: ApplicationDeps = { db: ctx.db, captcha: ctx.captcha, files: ctx.files, now: ctx.now };
  const saveStep = (step: StepNumber) => async (request: Request<`saveApplicationStep${StepNumber}`>) =>
    service.saveStep(deps, request.requireUser(), request.params.id, step, request.body.data, request.body.version);
  return {
    listMyApplications: async (request) => service.listMyApplications(deps, request.requireUser()),
    applyToProgram: async (request, reply) => {
      const { application, created } = await service.applyToProgram(deps, request.requireUser(), request.body.program_id);
      reply.code(created ? 201 : 200);
      return application;
    },
    getApplication: async (request) => service.getApplication(deps, request.requireUser(), request.params.id),
    // One operation per step (its body's `data` is the step's ApplicationStep{n}Data, checked by the route).
    saveApplicationStep1: saveStep(1),
    saveApplicationStep2: saveStep(2),
    saveApplicationStep3: saveStep(3),
    saveApplicationStep4: saveStep(4),
    saveApplicationStep5: saveStep(5),
    saveApplicationStep6: saveStep(6),
    submitApplicationStep: async (request) =>
      service.submitStep(deps, request.requireUser(), request.params.id, request.params.step as StepNumber),
    submitApplication: async (request) => service.submitApplication(deps, request.requireUser(), request.params.id),
    uploadIntakeForm: async (request) =>
      intakeForm.uploadIntakeForm(deps, request.requireUser(), request.params.id, fileParts(request)),
    uploadApplicationFile: async (request, reply) => {
      const file = await documents.uploadDocument(deps, request.requireUser(), request.params.id, request.query.kind, fileParts(request));
      reply.code(201);
      return file;
    },
    signApplicationForm: async (request, reply) => {
      const signed = await signForm(deps, request.requireUser(), request.params.id, request.body, request.language);
      reply.code(201);
      return signed;
    },
    getApplicationFile: async (request, reply) => {
      const file = await documents.readDocument(deps, request.requireUser(), request.params.id, request.params.fileId);
      return sendPdf(reply, file, 'attachment');
    },
    deleteApplicationFile: async (request, reply) => {
      await documents.deleteDocument(deps, request.requireUser(), request.params.id, request.params.fileId);
      return reply.code(204).send();
    },
    getNoIncomeForm: async (request, reply) => {
      const pdf = await intakeForm.noIncomeForm(deps, request.requireUser(), request.params.id, request.language);
      const name = request.t('pdf.noIncome.fileName', { id: request.params.id });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', name))
        .send(Buffer.from(pdf));
    },
    getIntakeForm: async (request, reply) => {
      const file = await intakeForm.readIntakeForm(deps, request.requireUser(), request.params.id);
      return sendPdf(reply, file, 'inline');
    },
    getApplicantCopy: async (request, reply) => {
      const pdf = await getApplicantCopy(deps, request.requireUser(), request.params.id, request.language);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', request.t('pdf.copy.fileName', { id: request.params.id })))
        .send(Buffer.from(pdf));
    },
    getCertificationForm: async (request, reply) => {
      const pdf = await intakeForm.certificationForm(deps, request.requireUser(), request.params.id, request.language);
      const name = request.t('pdf.certification.fileName', { id: request.params.id });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', contentDisposition('attachment', name))
        .send(Buffer.from(pdf));
    },
  };
}

/** A stored PDF, streamed, never cached by a shared cache; `attachment` downloads it under its name. */
function sendPdf(reply: FastifyReply, file: { stream: NodeJS.ReadableStream; size: number; fileName: string }, kind: 'inline' | 'attachment') {
  return reply
    .type('application/pdf')
    .header('content-length', file.size)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', contentDisposition(kind, file.fileName))
    .send(file.stream);
}
