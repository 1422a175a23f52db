// What every request carries: its language (from Accept-Language, Spanish by default), its signed-in user once the
// contract's routes checked the token, and `t` to translate a message in that language.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthenticatedUser } from '#server/auth/authenticate.ts';
import { notAuthenticated } from '#server/http/errors.ts';
import { languageFromHeader, translate, type Language, type MessageParams } from '#server/i18n/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** es or en, from Accept-Language (Spanish by default). */
    language: Language;
    /** Set by the bearer-token check on operations that require sign-in. */
    user: AuthenticatedUser | undefined;
    t(id: string, params?: MessageParams): string;
    /** The signed-in user; throws 401 on an operation that did not require sign-in. */
    requireUser(): AuthenticatedUser;
  }
}

export const requestContext = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('language', 'es');
    app.decorateRequest('user', undefined);
    app.decorateRequest('t', function (this: FastifyRequest, id: string, params?: MessageParams) {
      return translate(this.language, id, params);
    });
    app.decorateRequest('requireUser', function (this: FastifyRequest) {
      if (!this.user) throw notAuthenticated();
      return this.user;
    });
    // Hooks that do not wait for anything take Fastify's callback form: an async hook costs a promise and a microtask
    // on every request (docs/decisions/012-speed.md).
    app.addHook('onRequest', (request, _reply, done) => {
      request.language = languageFromHeader(request.headers['accept-language']);
      done();
    });
  },
  { name: 'request-context' },
);
