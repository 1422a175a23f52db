// Which navigations the service worker answers with the cached shell (src/lib/offline-shell.ts): SPA routes only,
// never /api or a file of the server; the prerendered public pages network first, the same list the prerender draws.
import { describe, expect, it } from 'vitest';
import { isPrerenderedPublicPage, isShellNavigation, manifestHref } from '#lib/offline-shell';
import { prerenderedPages } from '#app/PrerenderedApp';

describe('the offline shell', () => {
  it('answers SPA routes, never /api nor the server files', () => {
    for (const path of ['/', '/panel', '/panel/programs', '/panel/application/12/3', '/admin/applications', '/password/reset/confirm']) {
      expect(isShellNavigation(path), path).toBe(true);
    }
    for (const path of ['/api', '/api/', '/api/applications/1/files/2/download', '/sw.js', '/robots.txt', '/assets/index-abc.js', '/manifest.webmanifest']) {
      expect(isShellNavigation(path), path).toBe(false);
    }
    // An address that only starts like the API is a route of the SPA.
    expect(isShellNavigation('/apiary')).toBe(true);
  });

  it('sends the prerendered public pages to the network first, the very pages the prerender draws', () => {
    for (const { path } of prerenderedPages) expect(isPrerenderedPublicPage(path), path).toBe(true);
    expect(isPrerenderedPublicPage('/panel')).toBe(false);
  });

  it('links each language to its manifest', () => {
    expect(manifestHref('es')).toBe('/manifest.webmanifest');
    expect(manifestHref('en')).toBe('/manifest.en.webmanifest');
  });
});
