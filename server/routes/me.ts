// HTTP side of the signed-in person's own information, password, sign-in e-mail, second factor (app, passkeys) and reminders.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import { setSsnLast4, toPerson, updatePerson } from '#server/me/service.ts';
import { changePassword } from '#server/me/password.ts';
import { confirmEmailChange, requestEmailChange, undoEmailChange } from '#server/me/email.ts';
import * as secondFactor from '#server/auth/second-factor.ts';
import { setReminders } from '#server/me/reminders.ts';
import { clientOf, endSessions, listSessions } from '#server/auth/sessions.ts';

export function meRoutes(ctx: AppContext): Handlers {
  return {
    getMe: async (request) => toPerson(request.requireUser().account),
    updateMe: async (request) => updatePerson(ctx.db, request.requireUser().id, request.body, ctx.now()),
    setMySsnLast4: async (request) => ({
      ssn_last4_masked: await setSsnLast4(ctx.db, request.requireUser().id, request.body.ssn_last4, ctx.now()),
    }),
    getMyReminders: async (request) => ({ enabled: request.requireUser().account.reminders }),
    setMyReminders: async (request) => setReminders(ctx.db, request.requireUser().id, request.body.enabled, ctx.now()),
    changeMyPassword: async (request) => ({
      ...(await changePassword(ctx.auth, ctx.config.programContact, request.requireUser().id, request.body, clientOf(request))),
      detail: request.t('api.password.changed'),
    }),
    changeMyEmail: async (request, reply) => {
      await requestEmailChange(ctx.auth, ctx.config.programContact, request.requireUser().id, request.body);
      reply.code(202);
      return { detail: request.t('api.emailChange.requested') };
    },
    confirmEmailChange: async (request) => {
      const { email } = await confirmEmailChange(ctx.auth, ctx.config.programContact, request.body.token);
      return { email, detail: request.t('api.emailChange.confirmed', { email }) };
    },
    undoEmailChange: async (request) => {
      const { email } = await undoEmailChange(ctx.auth, request.body.token);
      return { email, detail: request.t('api.emailChange.undone', { email }) };
    },
    // Signed-in devices (docs/decisions/057-see-your-sessions.md): only one's own; another's session id is 404.
    listMySessions: async (request) => {
      const user = request.requireUser();
      return listSessions(ctx.db, user.id, user.sessionId, ctx.now());
    },
    endMySession: async (request, reply) => {
      await endSessions(ctx.db, request.requireUser().id, { only: request.params.sessionId }, ctx.now());
      return reply.code(204).send();
    },
    endMyOtherSessions: async (request) => {
      const user = request.requireUser();
      return { ended: (await endSessions(ctx.db, user.id, { except: user.sessionId }, ctx.now())).length };
    },
    getMySecondFactor: async (request) => secondFactor.secondFactorStatus(ctx.db, ctx.config, request.requireUser().account),
    startMyTotpEnrolment: async (request) => secondFactor.startTotpEnrolment(ctx.auth, request.requireUser().id, request.body.current_password),
    confirmMyTotpEnrolment: async (request) => secondFactor.confirmTotpEnrolment(ctx.auth, request.requireUser().id, request.body.totp_code),
    removeMySecondFactor: async (request) => {
      await secondFactor.removeSecondFactor(ctx.auth, ctx.config.programContact, request.requireUser().id, request.body);
      return { detail: request.t('api.secondFactor.removed') };
    },
    startMyPasskeyRegistration: async (request) =>
      secondFactor.startPasskeyRegistration(ctx.auth, request.requireUser().id, request.body.current_password),
    registerMyPasskey: async (request, reply) => {
      const registered = await secondFactor.registerPasskey(ctx.auth, request.requireUser().id, request.body);
      reply.code(201);
      return registered;
    },
    startMyPasskeyCheck: async (request) => secondFactor.passkeyCheckOptions(ctx.auth, request.requireUser().id),
    removeMyPasskey: async (request) => {
      const { passkeyId } = request.params;
      await secondFactor.removePasskey(ctx.auth, ctx.config.programContact, request.requireUser().id, passkeyId, request.body);
      return { detail: request.t('api.passkey.removed') };
    },
  };
}
