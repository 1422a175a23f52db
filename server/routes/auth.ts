// HTTP side of the six authentication calls (docs/product.md section 7) and the captcha challenge.
import type { AppContext } from '#server/context.ts';
import type { Handlers } from '#server/http/handlers.ts';
import * as auth from '#server/auth/service.ts';

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
    login: async (request) => auth.login(ctx.auth, request.body.email, request.body.password),
    refreshSession: async (request) => auth.refreshSession(ctx.auth, request.body.refresh),
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
