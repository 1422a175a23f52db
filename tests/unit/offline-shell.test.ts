// Which navigations the service worker answers from its cache (src/lib/offline-shell.ts): SPA routes only, never /api
// or a file of the server; the prerendered public pages network first, the same list the prerender draws; the frame
// of the address's family in the device's language, else Spanish's (shared/prerendered-frame.ts).
import { describe, expect, it } from 'vitest';
import { isPrerenderedPublicPage, isShellNavigation, manifestHref } from '#lib/offline-shell';
import { prerenderedPages } from '#app/PrerenderedApp';
import { frameUrlsFor } from '#shared/prerendered-frame';

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

  it("picks the frame the server would send: the address's family, the device's language, else Spanish", () => {
    expect(frameUrlsFor('/panel/application/3/2', 'en')).toEqual(['/frame/en/panel.html', '/frame/es/panel.html']);
    expect(frameUrlsFor('/panel/programs', 'en')).toEqual(['/frame/en/public.html', '/frame/es/public.html']);
    expect(frameUrlsFor('/profile', 'es')).toEqual(['/frame/es/panel.html']);
    expect(frameUrlsFor('/admin/applications/3', undefined)).toEqual(['/frame/es/admin.html']);
    expect(frameUrlsFor('/submission/4', 'en')).toEqual(['/frame/en/public.html', '/frame/es/public.html']);
  });

  it('links each language to its manifest', () => {
    expect(manifestHref('es')).toBe('/manifest.webmanifest');
    expect(manifestHref('en')).toBe('/manifest.en.webmanifest');
  });
});
