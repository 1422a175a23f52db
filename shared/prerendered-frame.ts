// The frame of the signed-in screens, drawn at build time (scripts/prerender.ts) and sent by the server for every
// address with no drawn page of its own (server/http/error-handler.ts), so a phone paints the header and the
// small-screen notice at once instead of a blank page (docs/decisions/067-the-frame-before-the-app.md). One drawing
// per language and family of screens: a family preloads the catalog parts its screens load (shared/catalog-parts.ts).
// The service worker (src/app/sw.ts) precaches the frames and answers repeat visits with them, by the same family.
import { catalogPartsFor, type CatalogPart } from './catalog-parts.ts';

/** dist/frame/<language>/<family>.html */
export const FRAME_DIR = 'frame';

/** A family is named after the last catalog part its screens need: public pages, the panel, the admin area. */
export type FrameFamily = CatalogPart;

export function frameFamilyOf(pathname: string): FrameFamily {
  const parts = catalogPartsFor(pathname);
  return parts[parts.length - 1] ?? 'public';
}

/** An address of each family, whose catalog parts the family's frame preloads. */
export const FRAME_FAMILIES: Readonly<Record<FrameFamily, string>> = { public: '/', panel: '/profile', admin: '/admin' };

/** The frame's file under the SPA's root. */
export const frameFile = (language: string, family: FrameFamily): string => `${FRAME_DIR}/${language}/${family}.html`;

/** The language whose frame an address gets when the device named none, or one not drawn: Spanish first. */
export const DEFAULT_FRAME_LANGUAGE = 'es';

/** The frames an address gets, in order of preference, as URLs of the SPA's root: its language's, then Spanish's. */
export function frameUrlsFor(pathname: string, language: string | undefined): string[] {
  const family = frameFamilyOf(pathname);
  const languages = [...new Set([language ?? DEFAULT_FRAME_LANGUAGE, DEFAULT_FRAME_LANGUAGE])];
  return languages.map((each) => `/${frameFile(each, family)}`);
}
