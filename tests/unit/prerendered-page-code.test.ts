// Each prerendered public page names the module its route loads lazily (`code` in src/app/PrerenderedApp.tsx): the
// prerender preloads that module's chunk, and only it (docs/decisions/066-boot-closure.md). Here the route table
// itself says so: the page's component, once its lazy route resolved, is one the named module exports.
import { createActor } from 'xstate';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { provideSessionMachine } from '#actors/session';
import { prerenderedPages } from '#app/PrerenderedApp';
import { appRoutes, resolveLazyRoutes } from '#app/AppRoutes';
import { createQueryClient } from '#app/Providers';

describe("the prerendered pages' code", () => {
  it('is the module each page renders from', async () => {
    const session = createActor(provideSessionMachine(createQueryClient()), { input: { record: null } }).start();
    const routes = appRoutes(session);
    for (const { path, code } of prerenderedPages) {
      await resolveLazyRoutes(routes, path);
      const leaf = (matchRoutes(routes, path) ?? []).at(-1)?.route;
      expect(leaf?.Component, path).toBeDefined();
      const module = (await import(/* @vite-ignore */ new URL(`../../${code}`, import.meta.url).href)) as Record<string, unknown>;
      expect(Object.values(module), `${path} renders from ${code}`).toContain(leaf?.Component);
    }
    // Not every page renders the public pages' chunk: the terms and the account form have their own.
    expect(prerenderedPages.find((page) => page.path === '/terms')?.code).not.toBe('src/app/PublicRoutes.tsx');
    session.stop();
  });
});
