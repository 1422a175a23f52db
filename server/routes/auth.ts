// HTTP side of the six authentication calls (docs/product.md section 7), a sign-in's second step and the captcha challenge.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as auth from '#server/auth/service.ts';
import { completeLogin, passkeyLoginOptions } from '#server/auth/second-factor.ts';
import { clientOf } from '#server/auth/sessions.ts';

export function authRoutes(ctx: AppContext): Handlers {
  return {
    getCaptchaChallenge: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return (await ctx.captcha.challenge()) as unknown as Record<string, unknown>;
    },
    register: async (request) => {
      const user = await auth.register(ctx.auth, request.body);
      return { detail: request.t('api.register.done'), id: user.id, email: user.email };
    },
    login: async (request, reply) => {
      const answer = await auth.login(ctx.auth, request.body.email, request.body.password, clientOf(request));
      // A second factor: 202 with the challenge and no tokens (docs/decisions/049-second-factor.md).
      return 'second_factor_required' in answer ? reply.code(202).send(answer) : answer;
    },
    loginSecondFactor: async (request) => {
      const { challenge, ...codes } = request.body;
      return completeLogin(ctx.auth, challenge, codes, clientOf(request));
    },
    startPasskeyLogin: async (request) => passkeyLoginOptions(ctx.auth, request.body.challenge),
    refreshSession: async (request) => auth.refreshSession(ctx.auth, request.body.refresh, clientOf(request)),
    logout: async (request) => {
      await auth.logout(ctx.auth, request.body.refresh);
      return { detail: request.t('api.logout.done') };
    },
    requestPasswordReset: async (request) => {
      // The lookup and e-mail run after the answer (auth.sendPasswordResetMail): known and unknown addresses alike.
      await auth.requestPasswordReset(ctx.auth, request.body.email);
      return { detail: request.t('api.reset.sent') };
    },
    confirmPasswordReset: async (request) => {
      const { uid, token, password } = request.body;
      await auth.confirmPasswordReset(ctx.auth, uid, token, password);
      return { detail: request.t('api.reset.done') };
    },
  };
}
