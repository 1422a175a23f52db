// Keeps `METHOD /url` of every route the app registers (app.registeredRoutes), for the contract test. Registered first.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /url` of every route registered, for the contract test. */
    registeredRoutes: string[];
  }
}

export const routeList = fp(
  async (app: FastifyInstance) => {
    const registeredRoutes: string[] = [];
    app.decorate('registeredRoutes', registeredRoutes);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
    });
  },
  { name: 'route-list' },
);
